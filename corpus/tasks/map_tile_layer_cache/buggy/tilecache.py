from collections import OrderedDict


def freeze(value):
    """Turn request parameters (lists, dicts, nested) into something usable as a dict key."""
    if isinstance(value, dict):
        return frozenset((key, freeze(item)) for key, item in value.items())
    if isinstance(value, (list, tuple, set)):
        return frozenset(freeze(item) for item in value)
    return value


class TileCache:
    def __init__(self, capacity=128):
        self.capacity = capacity
        self._entries = OrderedDict()
        self.hits = 0
        self.misses = 0

    def key_for(self, z, x, y, layers, style):
        return (z, x, y, freeze(layers), freeze(style))

    def get_or_render(self, z, x, y, layers, style, render):
        key = self.key_for(z, x, y, layers, style)
        if key in self._entries:
            self.hits += 1
            self._entries.move_to_end(key)
            return self._entries[key]
        self.misses += 1
        tile = render(z, x, y, layers, style)
        self._entries[key] = tile
        if len(self._entries) > self.capacity:
            self._entries.popitem(last=False)
        return tile
