from django import template

from webapp.core.help import help_for
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


@register.inclusion_tag("_help_link.html", takes_context=True)
def help_link(context):
    """The header's "?": a link to the doc of the page being shown (webapp/core/help.py), if it has one."""
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    return {"help": help_for(match.url_name if match else None)}


@register.filter
def data_folder(value: str) -> str:
    """A folder relative to its data root, never the host's absolute path (webapp.core.paths.shown_path)."""
    from webapp.core.paths import shown_path

    return shown_path(value) if value else ""
