"""The content store behind the site: rendering a fragment is the expensive call we cache."""


class ContentStore:
    def __init__(self, pages):
        self.pages = dict(pages)
        self.renders = []

    def render(self, slug):
        if slug not in self.pages:
            raise KeyError(f"no page {slug!r}")
        self.renders.append(slug)
        title, body = self.pages[slug]
        return f"<h1>{title}</h1><p>{body}</p>"


def sample_store():
    return ContentStore({
        "home": ("Welcome", "Fresh tea every day."),
        "menu": ("Menu", "Assam, sencha, rooibos."),
        "about": ("About", "Since 1999."),
        "contact": ("Contact", "Call us."),
        "jobs": ("Jobs", "We are hiring."),
    })
