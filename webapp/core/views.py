from django.contrib.auth.decorators import login_not_required
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from webapp.core.health import health_report


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
