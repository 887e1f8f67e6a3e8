"""The site's pages."""

from middleware import cache_response, require_login
from web import Response, route

PRICES = {"basic": 9, "pro": 29}


@route("/pricing")
@cache_response
def pricing(request):
    return Response(200, ", ".join(f"{plan}: ${price}" for plan, price in PRICES.items()))


@route("/reports")
@cache_response
@require_login
def reports(request):
    return Response(200, "quarterly revenue report (members only)")


@route("/account")
@require_login
def account(request):
    return Response(200, f"account of {request.user}")
