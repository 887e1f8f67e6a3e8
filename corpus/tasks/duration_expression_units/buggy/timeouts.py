from durations import DurationError, seconds

DEFAULTS = {"connect": "5s", "read": "30s", "retry_backoff": "500ms", "session": "8h"}


def load_timeouts(config):
    merged = dict(DEFAULTS, **config)
    out = {}
    for name, text in merged.items():
        try:
            value = seconds(text)
        except DurationError as exc:
            raise DurationError(f"timeouts.{name}: {exc}") from None
        if value <= 0:
            raise DurationError(f"timeouts.{name} must be positive, got {text!r}")
        out[name] = value
    return out
