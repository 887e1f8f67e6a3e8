"""The BugsInPy importer: a project's bugs as repository tasks (``python -m corpus import-bugsinpy``)."""
