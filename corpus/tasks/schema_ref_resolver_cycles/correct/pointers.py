"""JSON-pointer style references inside one schema document: '#/definitions/node'."""


class RefError(ValueError):
    pass


def normalise_ref(ref):
    if not ref.startswith("#"):
        raise RefError(f"only local references are supported, got {ref!r}")
    path = ref[1:].strip("/")
    return "#/" + path if path else "#"


def resolve_pointer(document, ref):
    node = document
    for part in normalise_ref(ref)[1:].strip("/").split("/"):
        if not part:
            continue
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            raise RefError(f"reference {ref!r} points at nothing (no {part!r})")
        node = node[part]
    return node
