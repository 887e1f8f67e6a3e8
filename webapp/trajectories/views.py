"""Pages for trajectories: the list, the replay (and its step panel for htmx), side by side, and the
edit-relevance review. Thin: forms check input, services write, selectors read."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from harness.records.groups import FINISH_TOOLS
from webapp.core.highlight import diff_html
from webapp.trajectories import selectors
from webapp.trajectories.forms import LinkDecisionForm, TrajectoryFilterForm, VerdictForm
from webapp.trajectories.models import Step, Trajectory, Verdict
from webapp.trajectories.quality import reasons_at, scored_edits
from webapp.trajectories.replay import reference_fix, view_at
from webapp.trajectories.review_selectors import adjudication_of, visible_verdicts
from webapp.trajectories.services import add_edit_relevance_review, add_trajectory_verdict

PAGE_SIZE = 50


def _replay_or_404(episode_id: str) -> selectors.Replay:
    try:
        return selectors.replay_of(episode_id=episode_id)
    except Trajectory.DoesNotExist:
        raise Http404(f"no trajectory {episode_id!r}") from None


def trajectory_list(request):
    form = TrajectoryFilterForm(request.GET or None)
    rows = selectors.trajectory_rows(filters=form.filters())
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "trajectories/list.html", {
        "form": form, "page": page, "query": query.urlencode(), "choices": selectors.filter_choices()})


def _panel_context(replay: selectors.Replay, turn: int | None) -> dict:
    if turn is not None and replay.steps and not any(step.turn == turn for step in replay.steps):
        turns = sorted({step.turn for step in replay.steps})
        raise Http404(f"trajectory {replay.trajectory.episode_id!r} has no turn {turn}; its turns are "
                      f"{turns[0]} to {turns[-1]}")
    index = replay.index_of_turn(turn)
    view = view_at(replay.steps, index, replay.task_files) if replay.steps else None
    return {"replay": replay, "trajectory": replay.trajectory, "view": view,
            "reasons": reasons_at(replay.quality, view.step.turn) if view and view.step else [],
            "edit_diff": diff_html(view.edit_diff) if view else ""}


def replay(request, episode_id, turn=None):
    replay = _replay_or_404(episode_id)
    query = request.GET.get("q", "").strip()
    matches = selectors.matching_turns(trajectory=replay.trajectory, text=query)
    if turn is None and matches:
        turn = matches[0]
    context = _panel_context(replay, turn)
    return render(request, "trajectories/replay.html", {
        **context, "q": query, "matches": matches,
        "patch": diff_html(replay.trajectory.record.result.patch or ""),
        "reference_fix": diff_html(reference_fix(replay.task_files)),
        "other": selectors.counterpart(trajectory=replay.trajectory)})


def step_panel(request, episode_id, turn):
    """The panel of one step, for the replay's htmx navigation (and the live viewer)."""
    return render(request, "trajectories/replay/panel.html", _panel_context(_replay_or_404(episode_id), turn))


def step_observation(request, episode_id, index):
    """One step's whole observation as plain text (the replay shows its first part): the replay's
    access rule, any logged-in user."""
    text = selectors.step_observation(episode_id=episode_id, index=index)
    if text is None:
        raise Http404(f"no step {index} in trajectory {episode_id!r}")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="step-{index}.txt"'
    return response


def side_by_side(request, episode_id):
    replay = _replay_or_404(episode_id)
    other = selectors.counterpart(trajectory=replay.trajectory)
    pair = [replay, selectors.replay_of(episode_id=other.episode_id)] if other else [replay]
    pair.sort(key=lambda r: r.trajectory.arm != "dbg")  # dbg on the left
    turns = sorted({step.turn for r in pair for step in r.steps})
    rows = [(turn, [next((s for s in r.steps if s.turn == turn), None) for r in pair]) for turn in turns]
    return render(request, "trajectories/side_by_side.html", {"pair": pair, "rows": rows, "other": other,
                                                              "trajectory": replay.trajectory})


def review(request, episode_id):
    replay = _replay_or_404(episode_id)
    edits = selectors.review_state(replay=replay, user=request.user)
    for edit in edits:
        edit.diff = diff_html(view_at(replay.steps, edit.step.index, replay.task_files).edit_diff)
        edit.earlier = [s for s in replay.steps if s.turn < edit.step.turn and s.tool not in FINISH_TOOLS]
    verdicts, mine = visible_verdicts(trajectory=replay.trajectory, user=request.user)  # blind until one decides
    previous, following = selectors.review_neighbours(trajectory=replay.trajectory, user=request.user)
    return render(request, "trajectories/review.html", {
        "previous": previous, "following": following,
        "replay": replay, "trajectory": replay.trajectory, "edits": edits, "verdicts": verdicts,
        "mine": mine, "adjudication": adjudication_of(trajectory=replay.trajectory),
        "verdict_choices": Verdict.choices, "verdict_form": VerdictForm()})


def _step(trajectory: Trajectory, turn: int) -> Step:
    step = trajectory.steps.filter(turn=turn).order_by("index").first()
    if step is None:
        raise ValueError(f"this trajectory has no turn {turn}")
    return step


@require_POST
def decide_link(request, episode_id):
    """Confirm, reject or add one observation -> edit link (htmx swaps the returned row in)."""
    replay = _replay_or_404(episode_id)
    form = LinkDecisionForm(request.POST)
    if not form.is_valid():
        refusal = "; ".join(f"{k}: {' '.join(map(str, v))}" for k, v in form.errors.items())
        if request.headers.get("HX-Request"):
            return HttpResponseBadRequest(refusal)
        messages.error(request, f"the link decision was not recorded: {refusal}")
        return redirect("trajectory_review", episode_id=episode_id)
    data = form.cleaned_data
    proposed = any(link.turn == data["observation_turn"] for edit in scored_edits(replay.quality)
                   if edit.turn == data["edit_turn"] for link in edit.links)
    try:
        add_edit_relevance_review(
            trajectory=replay.trajectory, observation_step=_step(replay.trajectory, data["observation_turn"]),
            edit_step=_step(replay.trajectory, data["edit_turn"]), verdict=data["verdict"], reviewer=request.user,
            note=data["note"], criterion=data["criterion"], proposed=proposed)
    except ValueError as exc:
        if request.headers.get("HX-Request"):
            return HttpResponseBadRequest(str(exc))
        messages.error(request, str(exc))
        return redirect("trajectory_review", episode_id=episode_id)
    if request.headers.get("HX-Request"):
        edit = next(e for e in selectors.review_state(replay=replay, user=request.user)
                    if e.step.turn == data["edit_turn"])
        link = next(ln for ln in edit.links if ln.observation.turn == data["observation_turn"])
        return render(request, "trajectories/review/link.html", {"link": link, "trajectory": replay.trajectory})
    return redirect(reverse("trajectory_review", args=[episode_id]) + f"#edit-{data['edit_turn']}")


@require_POST
def give_verdict(request, episode_id):
    replay = _replay_or_404(episode_id)
    form = VerdictForm(request.POST)
    if not form.is_valid():
        messages.error(request, "pick a verdict: relevant, not relevant or unsure")
    else:
        add_trajectory_verdict(trajectory=replay.trajectory, verdict=form.cleaned_data["verdict"],
                               reviewer=request.user, note=form.cleaned_data["note"])
        messages.success(request, f"verdict recorded: {form.cleaned_data['verdict'].replace('_', ' ')}")
    return redirect("trajectory_review", episode_id=episode_id)


def review_overview(request):
    return render(request, "trajectories/review_overview.html", {
        "progress": selectors.review_progress(user=request.user),
        "queue": selectors.review_queue(user=request.user)})
