from dataclasses import dataclass

from layers import draw
from tilecache import TileCache


@dataclass(frozen=True)
class Tile:
    z: int
    x: int
    y: int
    ops: tuple


def render(z, x, y, layers, style):
    """Paint layers bottom to top; later layers are drawn over earlier ones."""
    ops = []
    for layer in layers:
        for feature in draw(layer, z, x, y):
            colour = style.get(layer, {}).get("colour", "grey")
            ops.append(f"{feature}@{colour}")
    return Tile(z, x, y, tuple(ops))


class TileServer:
    def __init__(self, capacity=128):
        self.cache = TileCache(capacity)

    def tile(self, z, x, y, layers, style=None):
        if not 0 <= z <= 18:
            raise ValueError(f"zoom {z} out of range 0..18")
        return self.cache.get_or_render(z, x, y, list(layers), style or {}, render)

    def top_feature(self, z, x, y, layers, style=None):
        ops = self.tile(z, x, y, layers, style).ops
        return ops[-1] if ops else None
