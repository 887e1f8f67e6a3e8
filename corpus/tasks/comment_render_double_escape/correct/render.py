import html

from markup import segments


def render_segment(kind, value):
    if kind == "mention":
        return f'<a class="mention" href="/u/{value}">@{value}</a>'
    if kind == "link":
        safe = html.escape(value, quote=True)
        return f'<a href="{safe}" rel="nofollow">{safe}</a>'
    return html.escape(value, quote=False)


def render(comment):
    body = "".join(render_segment(kind, value) for kind, value in segments(comment.text))
    return f'<p><b>{html.escape(comment.author)}</b>: {body}</p>'


def render_thread(comments):
    return "\n".join(render(c) for c in comments)
