import itertools

from httpkit import HttpError

SUPPORTED_LANGUAGES = ("en", "fr", "de", "es")


def negotiate_language(accept):
    """Pick the best supported language from an Accept-Language header, or None."""
    if not accept:
        return None
    ranked = []
    for position, item in enumerate(accept.split(",")):
        lang, _, quality = item.strip().partition(";q=")
        lang = lang.split("-")[0].lower()
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            weight = 0.0
        if lang in SUPPORTED_LANGUAGES and weight > 0:
            ranked.append((-weight, position, lang))
    return min(ranked)[2] if ranked else None


class RequestIdMiddleware:
    def __init__(self):
        self._ids = itertools.count(1)

    def __call__(self, request, call_next):
        request.context["request_id"] = request.header("x-request-id") or f"req-{next(self._ids)}"
        response = call_next(request)
        response.set_header("x-request-id", request.context["request_id"])
        return response


class AuthMiddleware:
    def __init__(self, sessions, protected_prefixes=("/account",)):
        self.sessions = sessions
        self.protected = protected_prefixes

    def __call__(self, request, call_next):
        auth = request.header("authorization", "")
        scheme, _, token = auth.partition(" ")
        user = self.sessions.user_for(token) if scheme.lower() == "bearer" else None
        request.context["user"] = user
        if user is None and request.path.startswith(self.protected):
            raise HttpError(401, "sign in first: send 'Authorization: Bearer <token>'")
        return call_next(request)


class PreferencesMiddleware:
    """Fill ``context['prefs']``: app defaults, then the user's saved ones, then the browser's language."""

    def __init__(self, sessions):
        self.sessions = sessions

    def __call__(self, request, call_next):
        prefs = request.context["prefs"]
        user = request.context.get("user")
        if user is not None:
            prefs.update(self.sessions.prefs_for(user))
        language = negotiate_language(request.header("accept-language"))
        if language is not None and user is None:
            prefs["lang"] = language
        return call_next(request)


class ErrorMiddleware:
    def __call__(self, request, call_next):
        from httpkit import Response

        try:
            return call_next(request)
        except HttpError as exc:
            return Response(exc.status, {"error": exc.message})
