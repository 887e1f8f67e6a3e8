"""``python -m corpus generate``: the bug generator runs tests in sandboxes, so it lives in
``validation.generate`` (above the harness); this module only reaches it."""

from __future__ import annotations


def main(argv: list[str]) -> int:
    from validation.generate.cli import main as generate_main

    return generate_main(argv)
