"""Importers that turn task bundles in other layouts into the project's task format."""

from corpus.importers.seed import ImportedTask, SeedFormatError, import_seed_bundle, seed_bundles

__all__ = ["ImportedTask", "SeedFormatError", "import_seed_bundle", "seed_bundles"]
