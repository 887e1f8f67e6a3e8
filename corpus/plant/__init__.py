"""Planting bugs: procedural, seed-deterministic source changes that make state-dependent bugs.

``operators`` holds the registry of change operators (each finds the places in a module where it
applies); ``edits`` applies a change as byte-exact text edits, so a planted bug is a minimal patch that
keeps the rest of the file (comments, formatting) as it was. Nothing here runs code: selection by
runtime evidence is done above the harness (``validation.generate``).
"""
