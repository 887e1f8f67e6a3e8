"""Marker values used by the settings loader."""


class _Missing:
    """Stands for "no value was given", distinct from None, which is a legal setting value."""

    # copy.deepcopy would otherwise build a second instance, which `is MISSING` does not recognise.
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        return "<missing>"

    def __bool__(self):
        return False


MISSING = _Missing()
