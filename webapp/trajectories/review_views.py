"""Blind review's adjudication pages: the trajectories whose reviewers disagree, and an admin's decision
on one. Thin: the form checks input, the service writes (and checks the role), the selector reads."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from webapp.core import roles
from webapp.trajectories.forms import VerdictForm
from webapp.trajectories.models import Trajectory, Verdict
from webapp.trajectories.review_selectors import disputed_trajectories
from webapp.trajectories.services import adjudicate_verdict


def review_disagreements(request):
    return render(request, "trajectories/review_disagreements.html", {
        "disputed": disputed_trajectories(), "may_adjudicate": roles.has(request.user, roles.ADJUDICATE),
        "choices": [c for c in Verdict.choices if c[0] != Verdict.UNSURE]})


@require_POST
def adjudicate_review(request, episode_id):
    trajectory = Trajectory.objects.filter(episode_id=episode_id).defer("document").first()
    if trajectory is None:
        raise Http404(f"no trajectory {episode_id!r}")
    form = VerdictForm(request.POST)
    if not form.is_valid() or form.cleaned_data["verdict"] == Verdict.UNSURE:
        messages.error(request, "pick relevant or not relevant to adjudicate")
        return redirect("review_disagreements")
    try:
        adjudicate_verdict(trajectory=trajectory, adjudicator=request.user, verdict=form.cleaned_data["verdict"],
                           note=form.cleaned_data["note"])
    except PermissionError as exc:
        raise PermissionDenied(str(exc)) from None
    messages.success(request, f"{episode_id}: adjudicated {form.cleaned_data['verdict'].replace('_', ' ')}")
    return redirect("review_disagreements")
