"""Line opcodes between two texts (what changed, as ranges of 0-based line indexes)."""

import difflib


def opcodes(old_lines, new_lines):
    """[(tag, i1, i2, j1, j2)] covering both sequences; tag is equal, replace, delete or insert."""
    return difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes()
