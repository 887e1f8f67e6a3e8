"""Pages for tasks and labels: the task list, a task, the labeling queue, disagreements and
contradictions. Thin: forms check input, services write, selectors read."""

from dataclasses import replace

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from webapp.annotation.forms import LabelForm, LabelingSettingsForm, TaskFilterForm
from webapp.catalog import selectors
from webapp.catalog.models import Preference, Task
from webapp.catalog.services import add_preference_label, adjudicate, set_labeling_settings
from webapp.core import roles
from webapp.core.highlight import diff_html
from webapp.trajectories.models import Trajectory
from webapp.trajectories.replay import agent_view, reference_fix
from webapp.trajectories.selectors import contradicting_tasks, flag_contradictions, measured_task_rows

PAGE_SIZE = 50


def _measured_row(request, task: Task) -> Task:
    return flag_contradictions([measured_task_rows(user=request.user).get(pk=task.pk)])[0]


# The folders a task's file count covers (corpus.figures.task_figures), in the order the pages show them.
FILE_GROUPS = (("buggy", "Buggy files"), ("shared", "Shared modules"), ("tests", "Tests"))


def _file_groups(task: Task) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(folder, title, [(path, text)]) for each folder of the task that holds files: every file the
    "N LOC in M files" figure counts, so the page shows as many files as it says."""
    groups = [(kind, title, sorted(agent_view(task.files, kind).items())) for kind, title in FILE_GROUPS]
    return [group for group in groups if group[2]]


def task_list(request):
    form = TaskFilterForm(request.GET or None)
    filters = form.filters() if form.is_bound else selectors.TaskFilters()
    sees = selectors.sees_suggestions(user=request.user)
    if not sees:  # filtering or sorting by the label in force would reveal it
        filters = replace(filters, label="", disputed=False, sort="name" if filters.sort == "label" else filters.sort)
    rows = measured_task_rows(user=request.user, filters=filters)
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "catalog/task_list.html", {
        "form": form, "page": page, "tasks": flag_contradictions(page.object_list), "query": query.urlencode(),
        "categories": selectors.categories(), "progress": selectors.label_progress(user=request.user),
        "trajectories": Trajectory.objects.count(), "agreement": selectors.label_agreement(),
        # the suggested and the measured labels are hidden until this user labelled the task
        "sees_suggestions": sees, "show_suggestion": sees,
    })


def task_detail(request, name):
    task = get_object_or_404(Task, name=name)
    row = _measured_row(request, task)
    show = selectors.suggestion_shown(user=request.user, task=task)
    return render(request, "catalog/task_detail.html", {
        "task": task, "row": row, "show_suggestion": show, "hide_flag": not show, "file_groups": _file_groups(task),
        "fix_diff": diff_html(reference_fix(task.files) or (task.meta or {}).get("fix_patch", "")),
        "evidence": (task.meta or {}).get("evidence") or [],
        "history": selectors.label_history(task=task), "adjudications": selectors.adjudication_history(task=task),
        "agreement": selectors.task_agreement(task=task), "versions": selectors.task_versions(task=task),
        "trajectories": task.trajectories.defer("document").order_by("-started_at", "-id")[:100],
    })


def label_queue(request):
    """The next task I have not labelled (Label Studio's "next task")."""
    task = selectors.next_task_to_label(user=request.user, after=request.GET.get("after", ""))
    if task is None:
        return render(request, "catalog/queue_done.html", {
            "progress": selectors.label_progress(user=request.user), "agreement": selectors.label_agreement()})
    return redirect("label_task", name=task.name)


def label_task(request, name):
    task = get_object_or_404(Task, name=name)
    form = LabelForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        add_preference_label(task=task, annotator=request.user, preference=form.cleaned_data["preference"],
                             note=form.cleaned_data["note"])
        messages.success(request, f"{task.name}: labelled {form.cleaned_data['preference']}")
        return redirect(f"{reverse('label_queue')}?after={task.name}")
    before, after = selectors.neighbours(task=task)
    row = _measured_row(request, task)
    mine = task.labels.filter(annotator=request.user).order_by("-created_at", "-id").first()
    settings = selectors.labeling_settings()
    show = settings.show_suggestion or mine is not None
    return render(request, "catalog/label_task.html", {
        "task": task, "row": row, "form": form, "mine": mine, "before": before, "after": after,
        "preferences": Preference.choices, "progress": selectors.label_progress(user=request.user),
        "agreement": selectors.label_agreement(), "task_agreement": selectors.task_agreement(task=task),
        "file_groups": _file_groups(task), "labeling_settings": settings,
        # the label in force anchors a first judgement: hidden until this user labelled, unless shown
        "show_suggestion": show, "hide_flag": not show,
        "may_change_settings": roles.has(request.user, roles.CHANGE_LABELING_SETTINGS),
    }, status=400 if form.is_bound else 200)


@require_POST
def labeling_settings(request):
    """Show or hide the suggested label on the queue (a researcher's or an admin's choice, for everyone)."""
    form = LabelingSettingsForm(request.POST)
    form.is_valid()
    show = bool(form.cleaned_data.get("show_suggestion"))
    set_labeling_settings(user=request.user, show_suggestion=show)  # NotAllowed answers 403
    messages.success(request, "the suggested label is now " + ("shown before annotators label" if show else
                                                               "hidden until each annotator has labelled"))
    target = request.POST.get("next", "")
    return redirect(target if target.startswith("/label/") else "label_queue")


def _unblinded(request, rows, task_of=lambda row: row):
    """The rows whose task's labels ``request.user`` may see (selectors.sees_suggestions)."""
    if selectors.sees_suggestions(user=request.user):
        return rows
    mine = selectors.labelled_by(user=request.user)
    return [row for row in rows if task_of(row).pk in mine]


def disagreements(request):
    return render(request, "catalog/disagreements.html", {
        "disputed": _unblinded(request, selectors.disputed_tasks(), lambda row: row[0]),
        "preferences": Preference.choices,
        "agreement": selectors.label_agreement()})


@require_POST
def adjudicate_task(request, name):
    task = get_object_or_404(Task, name=name)
    form = LabelForm(request.POST)
    if not form.is_valid():
        messages.error(request, "pick recommended, optional or avoid to adjudicate")
        return redirect("disagreements")
    try:
        adjudicate(task=task, adjudicator=request.user, preference=form.cleaned_data["preference"],
                   note=form.cleaned_data["note"])
    except PermissionError as exc:
        raise PermissionDenied(str(exc)) from None
    messages.success(request, f"{task.name}: adjudicated {form.cleaned_data['preference']}")
    return redirect("disagreements")


def contradictions(request):
    return render(request, "catalog/contradictions.html", {
        "rows": _unblinded(request, contradicting_tasks(user=request.user))})
