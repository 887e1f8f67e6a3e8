"""The Python API pages: one page per layer, each module's docstrings rendered by mkdocstrings.

The list below names the modules a user of the library calls (the rest are internals); mkdocstrings reads
the docstrings and signatures at build time, so these pages follow the code with no doc edit.
"""

from __future__ import annotations

API: dict[str, tuple[str, tuple[str, ...]]] = {
    "api-harness.md": ("Python API: harness", (
        "harness.session", "harness.episode.run", "harness.episode.result", "harness.verify",
        "harness.records.observation", "harness.tools.registry", "harness.arms", "harness.trajectory.document",
        "harness.eval.runner", "harness.eval.config", "harness.scoring.policy", "harness.scoring.edit_relevance",
        "harness.sandbox.backends")),
    "api-corpus.md": ("Python API: corpus", (
        "corpus.format", "corpus.materialize", "corpus.splits", "corpus.leakage", "corpus.similarity",
        "corpus.distance", "corpus.stats")),
    "api-training.md": ("Python API: training", (
        "training.export", "training.rollouts", "training.sft", "training.grpo", "training.models")),
}


def api_pages(header: str) -> dict[str, str]:
    pages = {}
    for name, (title, modules) in API.items():
        lines = [f"# {title}", "", header.strip(), "",
                 "Rendered from the modules' docstrings and signatures (mkdocstrings); public names only.", ""]
        for module in modules:
            lines += [f"::: {module}", ""]
        pages[name] = "\n".join(lines)
    return pages
