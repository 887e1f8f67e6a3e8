"""Vector layers of a toy map: each layer draws some features into a tile."""

LAYERS = {
    "water": lambda z, x, y: [f"water:{x % 3}"],
    "roads": lambda z, x, y: [f"road:{(x + y) % 4}"] * (1 if z < 10 else 2),
    "labels": lambda z, x, y: [f"label:{x},{y}"] if z >= 8 else [],
    "buildings": lambda z, x, y: [f"bldg:{y % 5}"] if z >= 12 else [],
}


class UnknownLayer(KeyError):
    pass


def draw(layer, z, x, y):
    if layer not in LAYERS:
        raise UnknownLayer(f"unknown layer {layer!r}; known: {', '.join(sorted(LAYERS))}")
    return LAYERS[layer](z, x, y)
