"""Trailing moving average over the last `window` readings, the current one included."""


def rolling_mean(values, window):
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    out = []
    for i in range(window - 1, len(values)):
        chunk = values[i - window + 1:i + 1]
        out.append(round(sum(chunk) / len(chunk), 6))
    return out
