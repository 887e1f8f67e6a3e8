from django import template

from webapp.core.highlight import source_lines

register = template.Library()


@register.filter
def highlighted_lines(text: str, path: str = "x.py"):
    """The text's lines as highlighted HTML (Pygments escapes the code)."""
    return source_lines(text or "", path or "x.py")


@register.filter
def words(value: str) -> str:
    """``not_relevant`` -> ``not relevant``."""
    return str(value).replace("_", " ")
