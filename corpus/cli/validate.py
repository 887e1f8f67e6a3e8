"""``python -m corpus validate`` — run by ``validation.cli``, one layer up (it plays tasks in sandboxes).

The one import from a higher layer in this package, and declared as such: the layers contract in
pyproject.toml names it in ``ignore_imports``, so import-linter sees it and would flag any other.
"""

from __future__ import annotations


def main(argv: list[str]) -> int:
    from validation.cli import main as validate

    return validate(argv)
