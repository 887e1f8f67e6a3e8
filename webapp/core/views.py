import shutil
from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import FileResponse, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET

from webapp.catalog.selectors import labels_for_export, preferences_in_force
from webapp.core.exports import dataset_zip, jsonl_lines
from webapp.core.health import health_report
from webapp.core.highlight import stylesheet
from webapp.trajectories.selectors import reviews_for_export

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


EXPORTS = {
    "labels": ("labels.jsonl", "every label and adjudication, oldest first", labels_for_export),
    "preferences": ("preferences.jsonl", "one line per task: the preference in force and where it came from",
                    preferences_in_force),
    "reviews": ("reviewed_trajectories.jsonl", "each reviewed trajectory: document, automatic and human "
                "verdicts, link decisions", lambda: reviews_for_export(with_documents=True)),
}


def export_page(request):
    return render(request, "core/export.html", {"exports": EXPORTS})


@require_GET
def export_jsonl(request, kind):
    filename, _, rows = EXPORTS[kind]
    response = StreamingHttpResponse(jsonl_lines(rows()), content_type="application/x-ndjson")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def export_dataset(request):
    reviews = []
    for row in reviews_for_export(with_documents=True):
        reviews.append({**row, "document": _json(row["document"]), "verdicts": _json(row["verdicts"]),
                        "links": _json(row["links"])})
    archive = dataset_zip({"labels": list(labels_for_export()), "preferences": list(preferences_in_force()),
                           "reviewed_trajectories": reviews})
    handle = open(archive, "rb")  # noqa: SIM115 - FileResponse closes it
    response = FileResponse(handle, as_attachment=True, filename="stepwise_dataset.zip",
                            content_type="application/zip")
    response._resource_closers.append(lambda: shutil.rmtree(archive.parent, ignore_errors=True))
    return response


def _json(value) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, default=str)
