"""Splitting payloads into parts for multipart upload."""


def split(data, part_size):
    if part_size < 1:
        raise ValueError("part size must be positive")
    if not data:
        return [(1, b"")]
    return [(i // part_size + 1, data[i:i + part_size]) for i in range(0, len(data), part_size)]


def describe(parts):
    sizes = [len(chunk) for _, chunk in parts]
    return f"{len(parts)} parts, {sum(sizes)} bytes, largest {max(sizes)}"
