from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET

from webapp.core.health import health_report
from webapp.core.highlight import stylesheet

FAVICON = Path(settings.BASE_DIR) / "static" / "webapp" / "favicon.png"


@login_not_required
@never_cache
@require_GET
def healthz(request):
    """Every component's state as JSON: 200 when all configured ones work, 503 otherwise."""
    try:
        report = health_report()
    except Exception as exc:  # the checks catch their own errors; this is the last line of defence
        return JsonResponse({"status": "unhealthy", "error": f"{type(exc).__name__}: {exc}"}, status=503)
    return JsonResponse(report.to_dict(), status=200 if report.healthy else 503)


@login_not_required
@require_GET
@cache_control(max_age=86400, public=True)
def favicon(request):
    return HttpResponse(FAVICON.read_bytes(), content_type="image/png")


@login_not_required
@require_GET
@cache_control(max_age=86400, public=True)
def highlight_css(request):
    return HttpResponse(stylesheet(), content_type="text/css")
