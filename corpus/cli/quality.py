"""``python -m corpus quality`` — run by ``validation.quality.cli``, one layer up (it runs tasks in
sandboxes); declared in the layers contract's ``ignore_imports`` like ``corpus validate``."""

from __future__ import annotations


def main(argv: list[str]) -> int:
    from validation.quality.cli import main as quality

    return quality(argv)
