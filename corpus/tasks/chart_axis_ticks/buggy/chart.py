"""A text bar chart with a labelled value axis underneath."""

from axis import nice_step, ticks
from labels import tick_labels


def axis_labels(max_value, step=None):
    step = step or nice_step(max_value)
    return tick_labels(ticks(0, max_value, step), step)


def bar_chart(values, width=20, step=None):
    if not values:
        return ""
    top = max(values.values())
    name_width = max(len(name) for name in values)
    lines = []
    for name, value in values.items():
        bar = "#" * round(width * value / top) if top else ""
        lines.append(f"{name:>{name_width}} |{bar}")
    lines.append(" " * name_width + " +" + "-" * width)
    lines.append(" " * name_width + "  " + " ".join(axis_labels(top, step)))
    return "\n".join(lines)
