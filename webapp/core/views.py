from pathlib import Path

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import SuspiciousFileOperation
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET
from django.views.static import serve

from webapp.core.health import health_report
from webapp.core.highlight import stylesheet

FAVICON = Path(settings.BASE_DIR) / "static" / "webapp" / "favicon.png"


@login_not_required
@never_cache
@require_GET
def healthz(request):
    """200 when every configured component works, 503 otherwise. Anyone (a load balancer, a container
    health check) learns only up or down; staff also get each component's state, which names hosts,
    worker names and addresses."""
    staff = request.user.is_authenticated and request.user.is_staff
    try:
        report = health_report()
    except Exception as exc:  # the checks catch their own errors; this is the last line of defence
        body = {"status": "unhealthy", **({"error": f"{type(exc).__name__}: {exc}"} if staff else {})}
        return JsonResponse(body, status=503)
    body = report.to_dict() if staff else {"status": report.to_dict()["status"]}
    return JsonResponse(body, status=200 if report.healthy else 503)


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


@require_GET
def docs_index(request):
    """/docs/ opens the site's first page (the site links pages as plain .html files)."""
    return redirect("docs_page", path="index.html")


@require_GET
@csp_update({"script-src": [UNSAFE_INLINE]})  # pyright: ignore[reportArgumentType]  # its view type is narrower than Django's
def docs_page(request, path):
    """A file of the documentation site built by scripts/docs (settings.STEPWISE_DOCS_DIR), to any
    logged-in user; 404 saying how to build it when the site is not built. The site's theme runs small
    inline scripts (its search and navigation): allowed on these pages only, which the project builds
    from its own docs/, never from user input."""
    root = Path(settings.STEPWISE_DOCS_DIR)
    if not (root / "index.html").is_file():
        return render(request, "core/docs_missing.html", {"root": _shown_folder(root), "page": path}, status=404)
    try:
        return serve(request, path, document_root=str(root))
    except (SuspiciousFileOperation, Http404):  # out of the site (../) or missing; serve's message names host folders
        raise Http404(f"the documentation has no page {path!r}") from None


def _shown_folder(root: Path) -> str:
    """The docs folder as the people reading the page know it: relative to the checkout, else the setting."""
    try:
        return str(root.resolve().relative_to(Path(settings.BASE_DIR).resolve()))
    except ValueError:
        return "the folder STEPWISE_DOCS_DIR names"
