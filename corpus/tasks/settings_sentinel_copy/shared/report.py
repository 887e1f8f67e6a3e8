"""A human-readable view of the effective settings, for `app settings --show`."""

from schema import SCHEMA

SECRET_WORDS = ("secret", "password", "token", "key")


def mask(name, value):
    if any(word in name for word in SECRET_WORDS) and isinstance(value, str) and value:
        return value[:2] + "*" * max(0, len(value) - 2)
    return value


def describe(settings, schema=SCHEMA):
    """One line per declared setting: name, effective value (secrets masked) and where it came from."""
    lines = []
    width = max(len(s.name) for s in schema)
    for setting in schema:
        value = settings.get(setting.name, "<unset>")
        lines.append(f"{setting.name:<{width}}  {mask(setting.name, value)!r:<28}  ({settings.source(setting.name)})")
    return lines


def env_file(settings, prefix="APP_"):
    """The settings that came from the file, as environment lines for a container."""
    lines = []
    for setting in SCHEMA:
        if settings.source(setting.name) == "file":
            value = settings.resolve(setting.name)
            if isinstance(value, list):
                value = ",".join(value)
            lines.append(f"{prefix}{setting.name.upper()}={value}")
    return lines
