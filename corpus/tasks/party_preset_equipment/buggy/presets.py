"""Starting presets for each character class."""

PRESETS = {
    "warrior": {
        "hp": 30,
        "items": [
            {"name": "sword", "kind": "weapon", "damage": 6, "durability": 10},
            {"name": "shield", "kind": "armor", "block": 2, "durability": 8},
        ],
    },
    "rogue": {
        "hp": 22,
        "items": [
            {"name": "dagger", "kind": "weapon", "damage": 4, "durability": 6},
            {"name": "cloak", "kind": "armor", "block": 1, "durability": 5},
        ],
    },
}


class UnknownClass(KeyError):
    pass


def preset(class_name):
    try:
        return PRESETS[class_name]
    except KeyError:
        raise UnknownClass(f"no character class {class_name!r}; choose one of {', '.join(PRESETS)}") from None
