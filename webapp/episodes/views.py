"""Pages for live episodes: the viewer (any episode, as it is played) and the person's side of a live
session (opening one, and each tool call). Thin: services write, selectors read; the browser follows
the episode over ``ws/episodes/<id>/`` and loads one step's panel at a time, as the replay does."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from harness.records.catalogue import CATALOGUE
from harness.records.groups import MOVING_TOOLS, REMOVING_BREAKPOINT_TOOLS, SETTING_BREAKPOINT_TOOLS
from harness.sandbox.backends import DEFAULT_BACKEND
from webapp.catalog import selectors as catalog_selectors
from webapp.core.highlight import diff_html
from webapp.episodes.debug_target import test_file_to_debug
from webapp.runs import selectors
from webapp.runs.models import Episode
from webapp.runs.registry import JobParamsError
from webapp.runs.services import create_job
from webapp.runs.services.sessions import SessionCallError, note_viewed, session_tools, submit_call
from webapp.trajectories.replay import StepView, view_at, workspace_files


def _episode_or_404(episode_pk: int) -> Episode:
    try:
        return selectors.live_episode(episode_pk=episode_pk)
    except Episode.DoesNotExist:
        raise Http404(f"no episode {episode_pk}") from None


def _view(replay: selectors.LiveReplay, turn: int | None, file: str) -> StepView:
    """One step's view (the latest when ``turn`` is None); before the first step, the workspace as it
    starts. ``file`` shows that file instead of the one at the execution position."""
    if replay.steps:
        view = view_at(replay.steps, replay.index_of_turn(turn), replay.task_files)
    else:
        view = StepView(step=None, workspace=workspace_files(replay.task_files) if replay.task_files else {})
        if not file and view.workspace:
            tests = sorted(path for path in view.workspace if path.rsplit("/", 1)[-1].startswith("test_"))
            file = tests[0] if tests else sorted(view.workspace)[0]
    if file:
        view.show_file(file)
    return view


def _panel_context(replay: selectors.LiveReplay, turn: int | None, file: str) -> dict:
    view = _view(replay, turn, file)
    return {"replay": replay, "view": view, "reasons": [],
            "edit_diff": diff_html(view.edit_diff) if view.edit_diff else ""}


LONG_FIELDS = ("content", "old_string", "new_string")


def _tool_forms(arm: str) -> dict[str, list[dict]]:
    """The arm's tools as forms, their fields from each tool's JSON schema (lists are left to the line
    clicks: a breakpoint is set at a file and line), grouped as the pane shows them: buttons for the tools
    without arguments, then forms, the ones a click does already folded away (a breakpoint at a line;
    a whole-file write, as the in-place edit is offered first), and the finish tool last. Each tool's key
    and group come from its catalogue entry."""
    groups: dict[str, list[dict]] = {"start": [], "buttons": [], "forms": [], "more": [], "end": []}
    for tool in session_tools(arm):
        function = tool["function"]
        name = function["name"]
        parameters = function.get("parameters") or {}
        required = set(parameters.get("required") or [])
        fields = [{"name": field, "type": spec.get("type"), "required": field in required,
                   "long": field in LONG_FIELDS}
                  for field, spec in (parameters.get("properties") or {}).items()
                  if spec.get("type") in ("string", "integer")]
        entry = CATALOGUE.get(name)
        kind = entry.kind if entry is not None else ""
        form = {"name": name, "description": function.get("description", ""), "fields": fields, "kind": kind,
                "moves": name in MOVING_TOOLS, "key": entry.key if entry is not None else ""}
        tucked_away = entry is not None and (entry.breakpoints or entry.whole_file)
        group = ("start" if kind == "start" else "end" if kind == "finish" else "more" if tucked_away
                 else "forms" if fields else "buttons")
        groups[group].append(form)
    return groups


def _line_clicks(arm: str) -> dict[str, str]:
    """The tools a click on a line number calls in ``arm``: ``set`` (no breakpoint there yet) and
    ``remove`` (the line has one); none where the arm has no such tool."""
    offered = [tool["function"]["name"] for tool in session_tools(arm)]
    clicks = {"set": [n for n in offered if n in SETTING_BREAKPOINT_TOOLS],
              "remove": [n for n in offered if n in REMOVING_BREAKPOINT_TOOLS]}
    return {action: names[0] for action, names in clicks.items() if names}


def _note_shown(request, episode: Episode, view: StepView) -> None:
    """The file the panel shows the session's driver counts as read by them (a model reads with bash)."""
    if view.source_file and view.source_text is not None:
        note_viewed(episode=episode, user=request.user, path=view.source_file)


def episode_page(request, episode_pk, turn=None):
    episode = _episode_or_404(episode_pk)
    replay = selectors.live_replay(episode=episode)
    file = request.GET.get("file", "")
    context = _panel_context(replay, turn, file)
    drive = selectors.may_drive(request.user, episode)
    if drive:
        _note_shown(request, episode, context["view"])
    return render(request, "live/episode.html", {
        **context, "episode": episode, "state": selectors.episode_state(episode), "drive": drive,
        "tools": _tool_forms(episode.arm) if drive else {}, "line_clicks": _line_clicks(episode.arm) if drive else {},
        "files": sorted(context["view"].workspace),
        "debug_file": test_file_to_debug(replay.task_files, replay.task_meta),
        "current_turn": context["view"].step.turn if context["view"].step else None})


def episode_panel(request, episode_pk, turn):
    """One step's panel for the viewer's htmx navigation (``?file=`` shows another file)."""
    episode = _episode_or_404(episode_pk)
    replay = selectors.live_replay(episode=episode)
    context = _panel_context(replay, turn or None, request.GET.get("file", ""))
    if selectors.may_drive(request.user, episode):
        _note_shown(request, episode, context["view"])
    return render(request, "live/panel.html", context)


def live_list(request):
    return render(request, "live/list.html", {"episodes": selectors.live_episodes(),
                                              "task_names": catalog_selectors.task_names()})


@require_POST
def open_session(request):
    """A new live session on a task, driven by whoever opens it."""
    try:
        job = create_job(kind="session", created_by=request.user, params={
            "task": request.POST.get("task", ""), "arm": request.POST.get("arm", "dbg"),
            "sandbox": request.POST.get("sandbox", "") or DEFAULT_BACKEND})
    except JobParamsError as exc:
        messages.error(request, f"the session could not be opened: {exc}")
        back = request.POST.get("next") or ""
        safe = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure())
        return redirect(back if back and safe else "live_list")
    return redirect("live_episode", episode_pk=job.episode.pk)


@require_POST
def session_call(request, episode_pk):
    """One tool call of the person driving a session: ``{"name", "arguments", "note"}`` as JSON. The
    answer arrives on the episode's live socket as the next step."""
    episode = _episode_or_404(episode_pk)
    try:
        body = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return JsonResponse({"error": 'send a JSON object: {"name": TOOL, "arguments": {...}, "note": "..."}'},
                            status=400)
    if not isinstance(body, dict):
        return JsonResponse({"error": 'send a JSON object: {"name": TOOL, "arguments": {...}}'}, status=400)
    try:
        call = submit_call(episode=episode, user=request.user, name=body.get("name"),
                           arguments=body.get("arguments"), note=body.get("note") or "")
    except SessionCallError as exc:
        return JsonResponse({"error": str(exc)}, status=403 if exc.forbidden else 409 if exc.refused else 400)
    return JsonResponse({"ok": True, "call": call.pk}, status=202)
