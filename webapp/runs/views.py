"""Pages for jobs: launch one from a form, the jobs list and one job (live progress, log, charts,
cancel, retry), an eval's report and a comparison of several. Thin: the job type's form checks the
input, services write, selectors read; the live parts follow ``ws/jobs/`` sockets."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from webapp.core import roles
from webapp.core.ids import query_ids
from webapp.runs import reports, selectors
from webapp.runs.models import EvalRun, Job, JobState
from webapp.runs.registry import REGISTRY, JobParamsError, UnknownJobKind, job_type
from webapp.runs.services import JobIsOver, cancel_job, create_job, retry_job

PAGE_SIZE = 50
TINY_MODEL_PAGES = ("sft", "grpo", "tiny_model")  # launch pages that say whether the tiny model is built


def _form(kind_type, data=None, user=None):
    form_class = kind_type.form_class
    kwargs = {"user": user} if getattr(form_class, "takes_user", False) else {}
    return form_class(data=data, **kwargs) if data is not None else form_class(**kwargs)


def launch_list(request):
    roles.require(request.user, roles.LAUNCH_JOB, "launch jobs")  # the service refuses too; no form to show
    return render(request, "runs/launch_list.html", {"types": selectors.launchable_types(),
                                                      "tiny_model": selectors.tiny_model_status()})


def _show_refusal(form, refused: JobParamsError) -> None:
    """A service's refusal of checked arguments, each message on the field it names (else the form's)."""
    for field, messages_of_field in refused.errors.items():
        for message in dict.fromkeys(messages_of_field):
            form.add_error(field if field in form.fields else None, message)


def launch(request, kind):
    try:
        kind_type = job_type(kind)
    except UnknownJobKind:
        raise Http404(f"no job kind {kind!r}") from None
    if not kind_type.launchable or kind_type.form_class is None:
        raise Http404(f"{kind} jobs are not launched by hand")
    roles.require(request.user, roles.OPEN_SESSION if kind == "session" else roles.LAUNCH_JOB, f"launch {kind} jobs")
    if request.method == "POST":
        form, job = _form(kind_type, request.POST, request.user), None
        if form.is_valid():
            params = form.params() if hasattr(form, "params") else dict(form.cleaned_data)
            try:
                job = create_job(kind=kind, params=params, created_by=request.user, checked=True)  # checked just now
            except JobParamsError as exc:  # admission (sandbox, quotas) refused it: shown on its fields
                _show_refusal(form, exc)
        if job is not None:
            job.refresh_from_db(fields=["state", "error"])
            if job.state == JobState.FAILED:  # the job queue would not take it: failed with the reason
                messages.error(request, f"{kind_type.label} #{job.pk} could not be queued: {job.error}")
            else:
                # tagged: the job page removes it once the job is no longer queued
                messages.success(request, f"{kind_type.label} #{job.pk} is queued", extra_tags="job-queued")
            return redirect("job_detail", job_id=job.pk)
    else:
        form = _form(kind_type, None, request.user)
    return render(request, "runs/launch.html", {"kind_type": kind_type, "form": form,
                                                 "folders": selectors.finished_folders(user=request.user, kind=kind),
                                                 "tiny_model": selectors.tiny_model_status() if kind in TINY_MODEL_PAGES
                                                 else None},
                  status=400 if form.is_bound and form.errors else 200)


def job_list(request):
    rows = selectors.job_list(user=request.user, top_level=True).select_related("episode")
    kind = request.GET.get("kind") or ""
    if kind in REGISTRY:
        rows = rows.filter(kind=kind)
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    states = [{**selectors.job_state(job), "created": job.created_at} for job in page.object_list]
    return render(request, "runs/job_list.html", {"page": page, "states": states, "kind": kind,
                                                   "kinds": selectors.launchable_types(),
                                                   "query": f"kind={kind}" if kind in REGISTRY else ""})


def _job_or_404(request, job_id) -> Job:
    job = get_object_or_404(Job.objects.select_related("created_by", "parent"), pk=job_id)
    if not selectors.may_follow(request.user, job):
        raise Http404("no such job")  # not yours: the same answer as a job that does not exist
    return job


def job_detail(request, job_id):
    job = _job_or_404(request, job_id)
    eval_run = selectors.eval_run_of(job) if job.kind == "eval" else None
    children = selectors.children(job=job)
    return render(request, "runs/job_detail.html", {
        "job": job, "state": selectors.job_state(job), "children": [_child_state(c) for c in children],
        "log": selectors.job_log(job=job), "metrics": selectors.job_metrics(job=job), "eval_run": eval_run,
        "result_json": json.dumps(job.result, indent=1, default=str) if job.result is not None else "",
        "params_json": json.dumps(job.params, indent=1, default=str), "may_control": selectors.may_control(
            request.user, job), "chart": _chart_kind(job), "fans_out": job.kind in ("eval", "rollouts")})


def _child_state(child: Job) -> dict:
    episode = getattr(child, "episode", None) if child.kind == "episode" else None
    trajectory = episode.trajectory if episode is not None and episode.trajectory_id else None
    return {**selectors.job_state(child), "replay": trajectory.episode_id if trajectory else ""}


# ---- training runs compared ---------------------------------------------------------------------------
def run_compare(request):
    """Several SFT and GRPO runs' curves overlaid (``?job=ID`` repeated); a picker of the user's training
    jobs (an admin's: everyone's) to choose them. A job one may not see reads as one that does not exist."""
    ids = query_ids(request.GET.getlist("job"), what="training job")
    if len(set(ids)) > selectors.MAX_COMPARED:
        messages.error(request, f"{len(set(ids))} runs ticked; a comparison shows {selectors.MAX_COMPARED} at most: "
                                f"the first {selectors.MAX_COMPARED} are shown")
        ids = list(dict.fromkeys(ids))[:selectors.MAX_COMPARED]
    runs, missing = selectors.training_curves(user=request.user, job_ids=ids)
    if missing:
        messages.error(request, ", ".join(f"#{pk}" for pk in missing) + (" is not an SFT or GRPO job you can see"
                                                                          if len(missing) == 1 else
                                                                          " are not SFT or GRPO jobs you can see"))
    shown = {run.job.pk for run in runs}
    picker = [{"job": job, "state": job.state, "checked": job.pk in shown, "name": selectors.run_name(job),
               "config": selectors.run_config_line(job)} for job in selectors.training_jobs(user=request.user)]
    data = [{"id": run.job.pk, "label": f"#{run.job.pk} {run.name}", "kind": run.kind, "state": run.job.state,
             "after": run.job.last_seq, "points": run.points} for run in runs]
    return render(request, "runs/run_compare.html", {"runs": runs, "picker": picker, "curves": data,
                                                     "max_compared": selectors.MAX_COMPARED,
                                                     "max_points": selectors.MAX_POINTS})


def _chart_kind(job: Job) -> str:
    return {"eval": "solve_rate", "sft": "training", "grpo": "training"}.get(job.kind, "")


@require_POST
def job_cancel(request, job_id):
    job = _job_or_404(request, job_id)
    if not selectors.may_control(request.user, job):
        raise Http404("no such job")
    try:
        cancel_job(job=job, by=request.user)
        messages.success(request, f"job #{job.pk}: cancel requested; its sandboxes and processes are stopped")
    except JobIsOver as exc:
        messages.error(request, str(exc))
    return redirect("job_detail", job_id=job.pk)


@require_POST
def job_retry(request, job_id):
    job = _job_or_404(request, job_id)
    if not selectors.may_control(request.user, job):
        raise Http404("no such job")
    try:
        new = retry_job(job=job, by=request.user)
    except JobParamsError as exc:
        messages.error(request, f"job #{job.pk} cannot be retried as it was launched: {exc}")
        return redirect("job_detail", job_id=job.pk)
    except ValueError as exc:
        messages.error(request, str(exc))
        return redirect("job_detail", job_id=job.pk)
    messages.success(request, f"job #{job.pk} retried as job #{new.pk}")
    return redirect("job_detail", job_id=new.pk)


# ---- eval reports ----------------------------------------------------------------------------------
def eval_list(request):
    ticked = set(request.GET.getlist("run"))
    rows = [{"run": run, "checked": str(run.pk) in ticked, **reports.headline(run.report)}
            for run in selectors.reported_eval_runs()[:500]]
    return render(request, "runs/eval_list.html", {"rows": rows})


def _report_context(eval_run: EvalRun) -> dict:
    try:
        html, error = reports.report_html(eval_run.report, name=f"the report of {eval_run.name!r}"), ""
    except reports.ReportShapeError as exc:
        html, error = "", str(exc)
    return {"eval_run": eval_run, "report_html": html, "report_error": error,
            "plots": reports.report_plots(eval_run)}


def eval_report(request, eval_id):
    eval_run = get_object_or_404(EvalRun.objects.select_related("job", "created_by"), pk=eval_id)
    if eval_run.report is None:
        job = eval_run.job
        messages.info(request, "this eval has no report yet" + (f"; job #{job.pk} is {job.state}" if job else ""))
        return redirect("job_detail", job_id=job.pk) if job else redirect("eval_list")
    template = "runs/_report.html" if request.headers.get("HX-Request") else "runs/eval_report.html"
    return render(request, template, _report_context(eval_run))


def job_report(request, job_id):
    """The report of an eval job, as the job page loads it when the eval ends (htmx)."""
    eval_run = selectors.eval_run_of(_job_or_404(request, job_id))
    if eval_run is None or eval_run.report is None:
        raise Http404("this job has no report (yet)")
    return render(request, "runs/_report.html", {**_report_context(eval_run), "page_link": True})


def eval_plot(request, eval_id, name):
    eval_run = get_object_or_404(EvalRun, pk=eval_id)
    path = reports.report_plot_path(eval_run, name)
    if path is None:
        raise Http404("no such plot")
    return FileResponse(open(path, "rb"), content_type="image/png")  # noqa: SIM115 - FileResponse closes it


def eval_compare(request):
    ids = query_ids(request.GET.getlist("run"), what="eval run")
    runs = list(selectors.reported_eval_runs().filter(pk__in=ids))
    runs.sort(key=lambda run: ids.index(run.pk))
    error = ""
    if len(runs) < 2:
        error = "tick two or more eval runs with a report to compare them"
        if ids and len(runs) < len(set(ids)):
            error += f" ({len(set(ids)) - len(runs)} of those asked for have no report or do not exist)"
    html = ""
    if not error:
        try:
            html = reports.comparison_html(runs)
        except reports.ReportShapeError as exc:
            error = str(exc)
    if error:
        messages.error(request, error)
        return redirect(reverse("eval_list") + "?" + request.GET.urlencode())
    return render(request, "runs/eval_compare.html", {"runs": runs, "comparison_html": html,
                                                       "plots": reports.PLOTS,
                                                       "query": "&".join(f"run={run.pk}" for run in runs)})


def compare_plot(request, name):
    ids = query_ids(request.GET.getlist("run"), what="eval run")
    runs = list(selectors.reported_eval_runs().filter(pk__in=ids))
    runs.sort(key=lambda run: ids.index(run.pk))
    if len(runs) < 2 or name not in reports.PLOTS:
        raise Http404("no such comparison plot")
    path = reports.comparison_plot(runs, name)
    return FileResponse(open(path, "rb"), content_type="image/png")  # noqa: SIM115 - FileResponse closes it
