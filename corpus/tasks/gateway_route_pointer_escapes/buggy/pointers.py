"""JSON Pointers (RFC 6901) for the gateway config: routes are keyed by their URL path, so keys
contain slashes."""


def to_pointer(parts):
    """['routes', 'health', 'timeout_ms'] -> '/routes/health/timeout_ms'."""
    if not parts:
        return ""
    return "/" + "/".join(str(part) for part in parts)


def from_pointer(pointer):
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"pointer {pointer!r} must start with '/'")
    return pointer[1:].split("/")


def child(pointer, key):
    return pointer + "/" + str(key)
