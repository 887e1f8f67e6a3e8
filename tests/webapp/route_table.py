"""The route x role matrix's table: every URL of the site and every websocket route, with the answer
each role gets (test_route_roles.py checks the answers; test_help_links.py tries the same pages).

``ROUTES`` names each route by its URL pattern (as ``django.urls.get_resolver`` enumerates it) with
the method it is tried with, sample values for its URL arguments, and the answer per role:
an HTTP status, or ``LOGIN`` (a redirect to a login page). The sample objects the values name are made
by the ``world`` fixture (tests/webapp/conftest.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LOGIN = "login"
UP_OR_DOWN = "200 or 503"  # /healthz answers everyone; its status is the system's health
ROLES = ("anonymous", "annotator", "researcher", "admin")


@dataclass(frozen=True)
class Route:
    method: str
    kwargs: dict
    answers: tuple  # one per role of ROLES
    data: dict | None = None
    json: bool = False  # send ``data`` as a JSON body


def everyone(status, *, anonymous=LOGIN) -> tuple:
    return (anonymous, status, status, status)


EP, TASK = "ep-1", "counter_reset"
# the sample objects (made by ``world``): the researcher's episode job and its episode, a trajectory, a task
JOB, EPISODE, EVAL = "<job>", "<episode>", "<eval>"

ROUTES: dict[str, Route] = {
    "healthz": Route("GET", {}, everyone(UP_OR_DOWN, anonymous=UP_OR_DOWN)),
    "favicon.ico": Route("GET", {}, everyone(200, anonymous=200)),
    "highlight.css": Route("GET", {}, everyone(200, anonymous=200)),
    # the documentation site: every logged-in user (it describes the internals); a missing file is a 404
    "docs/": Route("GET", {}, everyone(302)),
    "docs/<path:path>": Route("GET", {"path": "no-such-page.html"}, everyone(404)),
    "accounts/login/": Route("GET", {}, everyone(200, anonymous=200)),
    "accounts/logout/": Route("POST", {}, everyone(302)),
    "accounts/password_change/": Route("GET", {}, everyone(200)),
    "accounts/password_change/done/": Route("GET", {}, everyone(200)),
    "trajectories/": Route("GET", {}, everyone(200)),
    "trajectories/<str:episode_id>/": Route("GET", {"episode_id": EP}, everyone(200)),
    "trajectories/<str:episode_id>/turn/<id:turn>/": Route("GET", {"episode_id": EP, "turn": 1}, everyone(200)),
    "trajectories/<str:episode_id>/turn/<id:turn>/panel/": Route("GET", {"episode_id": EP, "turn": 1},
                                                                  everyone(200)),
    "trajectories/<str:episode_id>/step/<id:index>/observation/": Route("GET", {"episode_id": EP, "index": 1},
                                                                        everyone(200)),
    "trajectories/<str:episode_id>/side-by-side/": Route("GET", {"episode_id": EP}, everyone(200)),
    "trajectories/<str:episode_id>/review/": Route("GET", {"episode_id": EP}, everyone(200)),
    # an empty decision: back to the review page with the refusal as a message (htmx gets a 400 and the text)
    "trajectories/<str:episode_id>/review/link/": Route("POST", {"episode_id": EP}, everyone(302)),
    "trajectories/<str:episode_id>/review/verdict/": Route("POST", {"episode_id": EP}, everyone(302)),
    "reviews/": Route("GET", {}, everyone(200)),
    "reviews/disagreements/": Route("GET", {}, everyone(200)),
    # adjudicating a review: an admin's decision, as for labels
    "reviews/disagreements/<str:episode_id>/": Route("POST", {"episode_id": EP}, (LOGIN, 403, 403, 302),
                                                     data={"verdict": "relevant"}),
    "": Route("GET", {}, everyone(200)),
    "tasks/<str:name>/": Route("GET", {"name": TASK}, everyone(200)),
    "label/": Route("GET", {}, everyone(302)),
    "label/<str:name>/": Route("GET", {"name": TASK}, everyone(200)),
    "labels/disagreements/": Route("GET", {}, everyone(200)),
    "labels/disagreements/<str:name>/": Route("POST", {"name": TASK}, (LOGIN, 403, 403, 302),
                                              data={"preference": "avoid"}),
    "labels/contradictions/": Route("GET", {}, everyone(200)),
    # how the queue shows the suggested label: a researcher's or an admin's setting, not an annotator's
    "labels/settings/": Route("POST", {}, (LOGIN, 403, 302, 302), data={"show_suggestion": "on"}),
    "export/": Route("GET", {}, everyone(200)),
    "export/dataset.zip": Route("GET", {}, everyone(200)),
    "export/<str:kind>.jsonl": Route("GET", {"kind": "labels"}, everyone(200)),
    "jobs/": Route("GET", {}, everyone(200)),
    # training runs compared: every signed-in user, each seeing only the runs they may follow (test_run_compare)
    "jobs/compare/": Route("GET", {}, everyone(200)),
    "jobs/new/": Route("GET", {}, (LOGIN, 403, 200, 200)),
    "jobs/new/<str:kind>/": Route("GET", {"kind": "eval"}, (LOGIN, 403, 200, 200)),
    "jobs/<id:job_id>/": Route("GET", {"job_id": JOB}, (LOGIN, 404, 200, 200)),
    "jobs/<id:job_id>/cancel/": Route("POST", {"job_id": JOB}, (LOGIN, 404, 302, 302)),
    "jobs/<id:job_id>/retry/": Route("POST", {"job_id": JOB}, (LOGIN, 404, 302, 302)),
    "jobs/<id:job_id>/report/": Route("GET", {"job_id": JOB}, (LOGIN, 404, 404, 404)),
    "evals/": Route("GET", {}, everyone(200)),
    "evals/compare/": Route("GET", {}, everyone(302)),
    "evals/compare/<str:name>.png": Route("GET", {"name": "solve_rate"}, everyone(404)),
    "evals/<id:eval_id>/": Route("GET", {"eval_id": 999999}, everyone(404)),
    "evals/<id:eval_id>/<str:name>.png": Route("GET", {"eval_id": 999999, "name": "solve_rate"}, everyone(404)),
    "live/": Route("GET", {}, everyone(200)),
    "live/sessions/": Route("POST", {}, (LOGIN, 403, 302, 302), data={"task": TASK, "arm": "dbg"}),
    "episodes/<id:episode_pk>/": Route("GET", {"episode_pk": EPISODE}, everyone(200)),
    "episodes/<id:episode_pk>/turn/<id:turn>/": Route("GET", {"episode_pk": EPISODE, "turn": 1}, everyone(200)),
    "episodes/<id:episode_pk>/turn/<id:turn>/panel/": Route("GET", {"episode_pk": EPISODE, "turn": 1},
                                                              everyone(200)),
    # a well-formed call: the annotator is forbidden (403: the role), the others refused (409: a policy plays it)
    "episodes/<id:episode_pk>/calls/": Route("POST", {"episode_pk": EPISODE}, (LOGIN, 403, 409, 409),
                                              data={"name": "bash", "arguments": {"command": "ls"}}, json=True),
}

# The admin site: staff only (an admin); everyone else is sent to the admin's login page.
ADMIN_PREFIX = "admin/"
ADMIN_SAMPLES = ["/admin/", "/admin/auth/user/", "/admin/runs/job/", "/admin/catalog/task/"]
ADMIN_ANSWERS = (LOGIN, LOGIN, LOGIN, 200)

# Websocket routes: (sample path, answer per role): True = accepted, or the close code of the refusal.
WEBSOCKETS: dict[str, tuple[str, tuple]] = {
    "ws/jobs/": ("/ws/jobs/", (4401, True, True, True)),
    "ws/jobs/<id:job_id>/": (f"/ws/jobs/{JOB}/", (4401, 4403, True, True)),
    "ws/episodes/<id:episode_id>/": (f"/ws/episodes/{EPISODE}/", (4401, True, True, True)),
    "": ("/ws/nowhere/", (4404, 4404, 4404, 4404)),  # any other path: refused with 4404
}


def concrete(route: str, kwargs: dict, world) -> str:
    path = route
    for name, value in kwargs.items():
        value = world.get(value, value) if isinstance(value, str) else value
        path = path.replace(next(part for part in _parts(route) if part.endswith(f":{name}>") or
                                 part == f"<{name}>"), str(value))
    return "/" + path


def _parts(route: str) -> list[str]:
    return re.findall(r"<[^>]+>", route)
