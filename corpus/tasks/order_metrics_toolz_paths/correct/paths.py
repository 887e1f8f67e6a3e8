"""Metric definitions point into order documents with dotted paths, e.g. 'lines.0.price'."""


class PathError(ValueError):
    pass


def parse_path(text):
    if not text or ".." in text or text.startswith(".") or text.endswith("."):
        raise PathError(f"bad path {text!r}; write keys separated by dots, e.g. 'customer.country'")
    # Digit segments index into lists: get_in needs the int, a '0' string never matches a list.
    return [int(part) if part.strip().isdigit() else part.strip() for part in text.split(".")]
