"""``python -m training tiny-model --out DIR`` — the tiny random Qwen2-style model, built offline."""

from __future__ import annotations

import argparse

from training.tiny import build_tiny_model


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m training tiny-model",
                                     description="Write a tiny random Qwen2-style chat model and its tokenizer "
                                                 "(no downloads): for smoke runs and tests.")
    parser.add_argument("--out", required=True, help="the folder to write")
    parser.add_argument("--hidden-size", type=int, default=32)
    parser.add_argument("--layers", type=int, default=2)
    args = parser.parse_args(argv)
    print(build_tiny_model(args.out, hidden_size=args.hidden_size, layers=args.layers))
    return 0
