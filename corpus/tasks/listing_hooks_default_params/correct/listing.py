from dataclasses import dataclass, field

from catalog_data import PRODUCTS, USER_PREFS
from hooks import BEFORE


@dataclass
class Route:
    path: str
    handler: object
    defaults: dict = field(default_factory=dict)


@dataclass
class Request:
    path: str
    query: dict = field(default_factory=dict)
    user: str = None
    params: dict = field(default_factory=dict)


def list_products(request):
    params = request.params
    items = [p for p in PRODUCTS if not params.get("kind") or p["kind"] == params["kind"]]
    start = (params["page"] - 1) * params["per_page"]
    page = items[start:start + params["per_page"]]
    return {"page": params["page"], "names": [p["name"] for p in page], "total": len(items)}


class App:
    def __init__(self, user_prefs=USER_PREFS):
        self.user_prefs = user_prefs
        self.routes = {"/products": Route("/products", list_products, {"page": 1, "per_page": 5})}

    def get(self, path, query=None, user=None):
        route = self.routes[path]
        request = Request(path, dict(query or {}), user)
        for hook in BEFORE:
            hook(request, route, self.user_prefs)
        return route.handler(request)
