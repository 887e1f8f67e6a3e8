"""Metric definitions point into order documents with dotted paths, e.g. 'lines.0.price'."""


class PathError(ValueError):
    pass


def parse_path(text):
    if not text or ".." in text or text.startswith(".") or text.endswith("."):
        raise PathError(f"bad path {text!r}; write keys separated by dots, e.g. 'customer.country'")
    return [part.strip() for part in text.split(".")]
