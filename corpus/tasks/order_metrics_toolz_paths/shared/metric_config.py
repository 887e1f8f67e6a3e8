"""Metric definitions come from a JSON file the analysts edit; errors name the metric and field."""

import json

from toolz import assoc, dissoc


class MetricConfigError(ValueError):
    pass


def load_definitions(text):
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MetricConfigError(f"metrics file is not JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(raw, dict):
        raise MetricConfigError("metrics file must map metric names to definitions")
    definitions = {}
    for name, spec in raw.items():
        if isinstance(spec, str):
            spec = {"path": spec}
        if not isinstance(spec, dict) or "path" not in spec:
            raise MetricConfigError(f"metric {name!r}: give a path, e.g. \"lines.0.price\"")
        unknown = sorted(set(spec) - {"path", "default", "label"})
        if unknown:
            raise MetricConfigError(f"metric {name!r}: unknown fields {', '.join(unknown)}")
        definitions[name] = assoc(dissoc(spec, "label"), "label", spec.get("label", name.replace("_", " ")))
    return definitions


def report_rows(values_per_order, definitions):
    header = [definitions[name]["label"] for name in definitions]
    rows = [[str(values.get(name, "")) for name in definitions] for values in values_per_order]
    return [header] + rows
