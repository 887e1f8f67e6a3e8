from parser import loads

DEFAULTS = {"name": "service", "port": 8080, "debug": False, "routes": []}


def merge(base, override):
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def load_config(text):
    data = loads(text)
    if not isinstance(data, dict):
        raise ValueError("a config file must hold an object at the top level")
    config = merge(DEFAULTS, data)
    for index, route in enumerate(config["routes"]):
        if "path" not in route:
            raise ValueError(f"routes[{index}] has no 'path'")
    return config
