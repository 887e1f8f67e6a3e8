"""Exports from the UI: labels, preferences in force and reviewed trajectories as JSON Lines, and all
of them as one Hugging Face ``datasets`` folder (zipped)."""

import json
import shutil

from django.http import FileResponse, Http404, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from webapp.catalog.selectors import labels_for_export, preferences_in_force
from webapp.core.exports import dataset_zip, jsonl_lines
from webapp.trajectories.selectors import reviews_for_export

EXPORTS = {
    # the label exports follow the queue's blindness: a user sees the labels of a task once they labelled it
    "labels": ("labels.jsonl", "every label and adjudication, oldest first", labels_for_export),
    "preferences": ("preferences.jsonl", "one line per task: the preference in force and where it came from",
                    preferences_in_force),
    "reviews": ("reviewed_trajectories.jsonl", "each reviewed trajectory: document, automatic and human "
                "verdicts, link decisions", lambda user: reviews_for_export(with_documents=True)),
}


def export_page(request):
    return render(request, "core/export.html", {"exports": EXPORTS})


@require_GET
def export_jsonl(request, kind):
    if kind not in EXPORTS:
        raise Http404(f"no export {kind!r}; there are {', '.join(EXPORTS)}")
    filename, _, rows = EXPORTS[kind]
    response = StreamingHttpResponse(jsonl_lines(rows(user=request.user)), content_type="application/x-ndjson")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def export_dataset(request):
    reviews = []
    for row in reviews_for_export(with_documents=True):
        reviews.append({**row, "document": _json(row["document"]), "verdicts": _json(row["verdicts"]),
                        "links": _json(row["links"])})
    archive = dataset_zip({"labels": list(labels_for_export(user=request.user)),
                           "preferences": list(preferences_in_force(user=request.user)),
                           "reviewed_trajectories": reviews})
    handle = open(archive, "rb")  # noqa: SIM115 - FileResponse closes it
    response = FileResponse(handle, as_attachment=True, filename="stepwise_dataset.zip",
                            content_type="application/zip")
    response._resource_closers.append(  # pyright: ignore[reportAttributeAccessIssue]  # Django's close hook list
        lambda: shutil.rmtree(archive.parent, ignore_errors=True))
    return response


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)
