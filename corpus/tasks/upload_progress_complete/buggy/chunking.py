"""Split a payload into fixed-size chunks for upload."""


def chunks(payload, size):
    if size < 1:
        raise ValueError(f"chunk size must be at least 1 byte, got {size}")
    return [payload[i:i + size] for i in range(0, len(payload), size)]
