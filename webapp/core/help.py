"""Which page of the documentation explains each page of the app: the "?" link in the header goes there.

``HELP`` maps a URL name to a page of the site scripts/docs builds (served at /docs/), an anchor on it
and what it explains (the link's label, "Help: the labeling queue"). ``NOT_PAGES`` names the routes
that answer something other than a page with the app's header, and why. A route in neither fails
tests/webapp/test_help_links.py, which also checks that every target exists in the built site.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse


@dataclass(frozen=True)
class Help:
    page: str  # a page of the built site, e.g. "operation/jobs.html"
    title: str  # what the doc explains
    anchor: str = ""  # an id on that page (a heading's)

    @property
    def href(self) -> str:
        url = reverse("docs_page", kwargs={"path": self.page})
        return f"{url}#{self.anchor}" if self.anchor else url

    @property
    def label(self) -> str:
        return f"Help: {self.title}"


_TASKS = Help("annotators.html", "the task list", "tasks")
_LABELING = Help("annotators.html", "the labeling queue and its keys", "the-labeling-queue-and-its-keys")
_DISAGREEMENTS = Help("annotators.html", "disagreements and contradictions", "disagreements-and-contradictions")
_TRAJECTORIES = Help("annotators.html", "trajectories and replays", "trajectories-and-replays")
_REVIEW = Help("annotators.html", "reviewing edits", "reviewing-edits")
_JOBS = Help("operation/jobs.html", "jobs")
_EVALS = Help("researchers/evals.html", "episodes and evaluation")
_LIVE = Help("operation/live-sessions.html", "live sessions")

HELP: dict[str, Help] = {
    "home": _TASKS,
    "task_detail": Help("corpus/index.html", "a task and its format"),
    "label_queue": _LABELING,
    "label_task": _LABELING,
    "disagreements": _DISAGREEMENTS,
    "contradictions": _DISAGREEMENTS,
    "export": Help("annotators.html", "the exports", "export"),
    "trajectory_list": _TRAJECTORIES,
    "replay": _TRAJECTORIES,
    "replay_turn": _TRAJECTORIES,
    "side_by_side": _TRAJECTORIES,
    "trajectory_review": _REVIEW,
    "review_overview": _REVIEW,
    "review_disagreements": _REVIEW,
    "job_list": _JOBS,
    "launch_list": _JOBS,
    "launch": _JOBS,
    "job_detail": _JOBS,
    "run_compare": Help("researchers/training.html", "comparing training runs", "comparing-runs"),
    "eval_list": _EVALS,
    "eval_report": _EVALS,
    "eval_compare": _EVALS,
    "live_list": _LIVE,
    "live_episode": _LIVE,
    "live_episode_turn": _LIVE,
    "login": Help("operation/roles.html", "accounts and roles", "giving-a-role"),
}

# Routes with no help link, and why: they answer no page with the app's header.
NOT_PAGES: dict[str, str] = {
    "healthz": "JSON for a load balancer",
    "favicon": "an image",
    "highlight_css": "a stylesheet",
    "docs_index": "a redirect into the docs",
    "docs_page": "the docs themselves",
    "logout": "a POST that redirects",
    "password_change": "Django's admin template, without the app's header",
    "password_change_done": "Django's admin template, without the app's header",
    "step_panel": "an htmx fragment of the replay",
    "step_observation": "plain text",
    "decide_link": "a POST answered with a fragment or a redirect",
    "give_verdict": "a POST that redirects",
    "labeling_settings": "a POST that redirects (the labeling queue's setting)",
    "adjudicate": "a POST that redirects",
    "adjudicate_review": "a POST that redirects",
    "export_jsonl": "a download",
    "export_dataset": "a download",
    "job_cancel": "a POST that redirects",
    "job_retry": "a POST that redirects",
    "job_report": "an htmx fragment of the job's page",
    "eval_plot": "an image",
    "compare_plot": "an image",
    "open_session": "a POST that redirects",
    "live_episode_panel": "an htmx fragment of the live page",
    "session_call": "JSON",
}


def help_for(url_name: str | None) -> Help | None:
    return HELP.get(url_name or "")
