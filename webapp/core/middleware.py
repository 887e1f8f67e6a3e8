from django.conf import settings
from django.shortcuts import render


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
