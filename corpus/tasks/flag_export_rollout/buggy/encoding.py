"""The flag export format: one 'name = tag:value' line per flag, lists as comma-separated items."""

TAGS = ((int, "int"), (float, "float"), (bool, "bool"), (str, "str"), (list, "list"))

TYPES = {tag: kind for kind, tag in TAGS}


class EncodingError(ValueError):
    pass


def tag_of(value):
    for kind, tag in TAGS:
        if isinstance(value, kind):
            return tag
    raise EncodingError(f"cannot export a {type(value).__name__} ({value!r}); flags hold bool, int, float, str or list")


def encode(value):
    tag = tag_of(value)
    if tag == "list":
        items = [encode(item) for item in value]
        if any("," in item for item in items):
            raise EncodingError(f"list items cannot contain commas: {value!r}")
        return "list:" + ",".join(items)
    if tag == "bool":
        return "bool:" + ("true" if value else "false")
    if tag == "int":
        return f"int:{value:d}"
    if tag == "float":
        return f"float:{value!r}"
    return f"str:{value}"


def decode(text):
    tag, sep, raw = text.partition(":")
    if not sep:
        raise EncodingError(f"value {text!r} has no type tag; expected e.g. 'int:5'")
    if tag == "list":
        return [decode(item) for item in raw.split(",")] if raw else []
    if tag == "bool":
        if raw not in ("true", "false"):
            raise EncodingError(f"bool value must be true or false, got {raw!r}")
        return raw == "true"
    if tag in ("int", "float", "str"):
        try:
            return TYPES[tag](raw)
        except ValueError:
            raise EncodingError(f"{raw!r} is not a valid {tag}") from None
    raise EncodingError(f"unknown type tag {tag!r} in {text!r}")
