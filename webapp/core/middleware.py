from django.conf import settings
from django.http import HttpResponseNotAllowed
from django.shortcuts import render
from django.urls import Resolver404, resolve


class PlainNotFoundMiddleware:
    """Under DEBUG, Django answers an unknown URL with its technical page, which lists every URL
    pattern of the site; people who are not logged in get the plain "not found" page instead."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if settings.DEBUG and response.status_code == 404 and not request.user.is_authenticated:
            return render(request, "404.html", status=404)
        return response


class MethodNotAllowedPageMiddleware:
    """A form's address opened in the browser (GET on a POST-only view) answers a page that says what
    the address is for and links the page holding its form (the address one folder up), not Django's
    blank 405."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not isinstance(response, HttpResponseNotAllowed) or response.content or request.method == "HEAD":
            return response
        allowed = response.get("Allow", "")
        page = render(request, "405.html", {"allowed": " or ".join(m.strip() for m in allowed.split(",")) or "POST",
                                            "method": request.method, "back": _form_page(request.path)}, status=405)
        page["Allow"] = allowed
        return page


def _form_page(path: str) -> str:
    """The address one folder above ``path`` when it is a page of the site, else ''."""
    parent = path.rstrip("/").rsplit("/", 1)[0] + "/"
    try:
        resolve(parent)
    except Resolver404:
        return ""
    return parent
