"""Parse log lines of the form "H:MM:SS LEVEL message" (hours are not zero-padded)."""

from dataclasses import dataclass

LEVELS = ("DEBUG", "INFO", "WARN", "ERROR")


@dataclass(frozen=True)
class Record:
    source: str
    stamp: str
    level: str
    message: str

    @property
    def sort_key(self):
        return self.stamp


class LogFormatError(ValueError):
    pass


def parse_line(source, lineno, line):
    try:
        stamp, level, message = line.split(" ", 2)
        hours, minutes, seconds = (int(part) for part in stamp.split(":"))
    except ValueError:
        raise LogFormatError(f"{source} line {lineno}: expected 'H:MM:SS LEVEL message', got {line!r}") from None
    if level not in LEVELS:
        raise LogFormatError(f"{source} line {lineno}: unknown level {level!r}; use one of {', '.join(LEVELS)}")
    if not (0 <= hours < 24 and 0 <= minutes < 60 and 0 <= seconds < 60):
        raise LogFormatError(f"{source} line {lineno}: {stamp} is not a time of day")
    return Record(source, stamp, level, message)


def parse_log(source, text):
    return [parse_line(source, n, line) for n, line in enumerate(text.strip().splitlines(), start=1)]
