"""JSON Pointers (RFC 6901) for the gateway config: routes are keyed by their URL path, so keys
contain slashes."""

from jsonpointer import JsonPointer, escape


def to_pointer(parts):
    """['routes', 'health', 'timeout_ms'] -> '/routes/health/timeout_ms'; '/' and '~' in keys are
    escaped as '~1' and '~0'."""
    return JsonPointer.from_parts([str(part) for part in parts]).path


def from_pointer(pointer):
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"pointer {pointer!r} must start with '/'")
    return JsonPointer(pointer).parts


def child(pointer, key):
    return pointer + "/" + escape(str(key))
