"""Site navigation: sections defined in config may link to other sections by name."""

from dataclasses import dataclass, field


class MenuError(ValueError):
    pass


@dataclass(eq=False)
class MenuItem:
    title: str
    url: str
    children: list = field(default_factory=list)


def build_menu(config, root="home"):
    items = {}
    for name, entry in config.items():
        if "url" not in entry:
            raise MenuError(f"section {name!r} has no url")
        items[name] = MenuItem(entry.get("title", name.title()), entry["url"])
    for name, entry in config.items():
        for child in entry.get("children", []):
            if child not in items:
                raise MenuError(f"section {name!r} lists unknown child {child!r}")
            items[name].children.append(items[child])
    if root not in items:
        raise MenuError(f"no root section {root!r}")
    return items[root]
