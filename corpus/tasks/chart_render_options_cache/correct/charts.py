import functools

from options import options_from_request

renders = []


@functools.lru_cache(maxsize=64)
def chart_header(title, options):
    """The expensive part in production (fonts, layout); cached per title and options."""
    renders.append(title)
    palette = options.palette()
    return f"[{palette['background']}|{palette['accent']}] {title.center(options.width)}"


def bar_chart(title, values, options):
    top = max(values.values()) if values else 0
    width = options.width - 12
    lines = [chart_header(title, options)]
    for label, value in values.items():
        bar = "#" * (round(value / top * width) if top else 0)
        lines.append(f"{label[:10]:<10} |{bar}")
    return "\n".join(lines)


def render_request(title, values, params):
    return bar_chart(title, values, options_from_request(params))
