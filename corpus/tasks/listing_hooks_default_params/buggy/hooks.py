"""Before-hooks run in order on every request; each may read or adjust ``request.params``."""

MAX_PER_PAGE = 50


class ParamError(ValueError):
    pass


def merge_defaults(request, route, user_prefs):
    if request.query:
        request.params = dict(route.defaults)
        request.params.update(request.query)
    else:
        request.params = route.defaults


def coerce_numbers(request, route, user_prefs):
    for name in ("page", "per_page"):
        value = request.params.get(name)
        if isinstance(value, str):
            if not value.isdigit() or int(value) < 1:
                raise ParamError(f"{name} must be a positive whole number, got {value!r}")
            request.params[name] = int(value)


def apply_user_prefs(request, route, user_prefs):
    prefs = user_prefs.get(request.user, {})
    if "per_page" in prefs and "per_page" not in request.query:
        request.params["per_page"] = prefs["per_page"]


def clamp_page_size(request, route, user_prefs):
    if request.params["per_page"] > MAX_PER_PAGE:
        request.params["per_page"] = MAX_PER_PAGE


BEFORE = [merge_defaults, coerce_numbers, apply_user_prefs, clamp_page_size]
