"""Marker values used by the settings loader."""


class _Missing:
    """Stands for "no value was given", distinct from None, which is a legal setting value."""

    def __repr__(self):
        return "<missing>"

    def __bool__(self):
        return False


MISSING = _Missing()
