"""Read a batch definition, one job per line:

    # name   settings
    extract  duration=2
    clean    duration=1 after=extract priority=5 retries=2

Blank lines and lines starting with '#' are ignored.
"""

from jobs import JobSpec

KNOWN_SETTINGS = ("duration", "priority", "after", "retries")


class BatchFileError(ValueError):
    def __init__(self, lineno, message):
        super().__init__(f"batch file line {lineno}: {message}")
        self.lineno = lineno


def _int_setting(lineno, key, value):
    try:
        return int(value)
    except ValueError:
        raise BatchFileError(lineno, f"{key} must be a whole number, got {value!r}") from None


def parse_line(lineno, line):
    name, *settings = line.split()
    fields = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not value:
            raise BatchFileError(lineno, f"expected key=value, got {item!r}")
        if key not in KNOWN_SETTINGS:
            raise BatchFileError(lineno, f"unknown setting {key!r}; use one of {', '.join(KNOWN_SETTINGS)}")
        if key in fields:
            raise BatchFileError(lineno, f"{key} given twice")
        fields[key] = value
    if "duration" not in fields:
        raise BatchFileError(lineno, f"job {name!r} needs a duration=N setting")
    after = tuple(dep for dep in fields.get("after", "").split(",") if dep)
    try:
        return JobSpec(
            name,
            _int_setting(lineno, "duration", fields["duration"]),
            priority=_int_setting(lineno, "priority", fields.get("priority", "0")),
            after=after,
            retries=_int_setting(lineno, "retries", fields.get("retries", "0")),
        )
    except ValueError as exc:
        if isinstance(exc, BatchFileError):
            raise
        raise BatchFileError(lineno, str(exc)) from None


def parse_batch(text):
    specs = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            specs.append(parse_line(lineno, line))
    if not specs:
        raise BatchFileError(1, "the batch defines no jobs")
    return specs
