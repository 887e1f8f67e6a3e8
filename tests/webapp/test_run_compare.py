"""The comparison of training runs (``/jobs/compare/?job=ID&job=ID``): several SFT and GRPO jobs' metric
points overlaid, read through ``selectors.training_curves``, a long run thinned in the database. Who sees
what follows the job pages: a user compares their own training jobs, an admin everyone's; someone else's
job reads as one that does not exist."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from webapp.runs import selectors
from webapp.runs.models import JobEvent, JobEventKind
from webapp.runs.services import create_job
from webapp.runs.services.jobs import add_events

pytestmark = pytest.mark.django_db


def training_job(user, kind: str = "sft", name: str = "run", **params):
    return create_job(kind=kind, created_by=user, enqueue=False, checked=True,
                      params={"name": name, "config": "tiny-cpu", "overrides": ["sft.max_steps=3"], **params})


def points(job, *rows):
    add_events(job=job, kind=JobEventKind.METRIC, items=[{"series": s, "x": x, "values": v} for s, x, v in rows])


def compared(client, *ids) -> tuple[int, list[dict], str]:
    response = client.get(reverse("run_compare"), {"job": [str(i) for i in ids]})
    html = response.content.decode()
    found = re.search(r'<script id="compare-data" type="application/json">(.*?)</script>', html, re.S)
    return response.status_code, json.loads(found.group(1)) if found else [], html


@pytest.fixture
def people(make_user):
    return {"res": make_user("res", role="researcher"), "other": make_user("other", role="researcher"),
            "ann": make_user("ann", role="annotator"), "boss": make_user("boss", role="admin")}


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_two_runs_are_drawn_together_with_their_names_kinds_and_configs(people):
    sft = training_job(people["res"], name="sft small", dataset="/data/exports/job-3")
    grpo = training_job(people["res"], kind="grpo", name="grpo after sft", tasks=["bulk_upload_batches"],
                        overrides=["grpo.max_steps=2"])
    points(sft, ("train", 1, {"loss": 2.5}), ("eval", 1, {"eval_loss": 2.7}), ("train", 2, {"loss": 2.1}))
    points(grpo, ("train", 1, {"reward": 0.25, "rewards/verified/mean": 0.0, "kl": 0.01}))

    status, data, html = compared(client_of(people["res"]), sft.pk, grpo.pk)

    assert status == 200
    assert [(run["id"], run["label"], run["kind"]) for run in data] == [
        (sft.pk, f"#{sft.pk} sft small", "sft"), (grpo.pk, f"#{grpo.pk} grpo after sft", "grpo")]
    assert [(run["state"], run["after"]) for run in data] == [(sft.state, sft.last_seq + 3), ("queued", grpo.last_seq + 1)]
    assert data[0]["points"] == [{"series": "train", "x": 1, "values": {"loss": 2.5}},
                                 {"series": "eval", "x": 1, "values": {"eval_loss": 2.7}},
                                 {"series": "train", "x": 2, "values": {"loss": 2.1}}]
    legend = html[html.index('id="run-legend"'):html.index('id="charts"')]
    assert "SFT training" in legend and "GRPO training" in legend
    assert "tiny-cpu · dataset job-3 · sft.max_steps=3" in legend
    assert "tiny-cpu · tasks bulk_upload_batches · grpo.max_steps=2" in legend
    assert "sft.max_steps=3 · 3 points</span>" in legend and "grpo.max_steps=2 · 1 point</span>" in legend
    assert html.count('type="checkbox" name="job"') == 2 and html.count(" checked>") == 2  # the picker, ticked


def test_a_user_compares_their_own_runs_an_admin_everyones_and_an_annotator_none(people):
    mine, theirs = training_job(people["res"], name="mine"), training_job(people["other"], name="theirs")
    episode = create_job(kind="episode", created_by=people["res"], enqueue=False, checked=True,
                         params={"task": "counter_reset", "arm": "dbg", "policy": "script:/x.json", "script": "",
                                 "max_turns": 5, "sandbox": "bwrap"})

    status, data, html = compared(client_of(people["res"]), mine.pk, theirs.pk, episode.pk, 999999)
    assert status == 200 and [run["id"] for run in data] == [mine.pk]
    assert f"#{theirs.pk}, #{episode.pk}, #999999 are not SFT or GRPO jobs you can see" in html
    assert "theirs" not in html  # not in the picker either

    status, data, html = compared(client_of(people["boss"]), mine.pk, theirs.pk)
    assert status == 200 and [run["id"] for run in data] == [mine.pk, theirs.pk]

    status, data, html = compared(client_of(people["ann"]), mine.pk)
    assert status == 200 and data == [] and f"#{mine.pk} is not an SFT or GRPO job you can see" in html
    assert "No SFT or GRPO job to compare yet" in html and 'name="job"' not in html

    assert Client().get(reverse("run_compare")).status_code == 302  # signed out: the login page


def test_bad_ids_are_a_404_and_too_many_runs_are_cut_with_a_message(people):
    client = client_of(people["boss"])
    assert client.get(reverse("run_compare"), {"job": "abc"}).status_code == 404
    assert client.get(reverse("run_compare"), {"job": "9" * 30}).status_code == 404

    jobs = [training_job(people["boss"], name=f"r{i}") for i in range(selectors.MAX_COMPARED + 2)]
    status, data, html = compared(client, *[job.pk for job in jobs])
    assert status == 200 and [run["id"] for run in data] == [job.pk for job in jobs[:selectors.MAX_COMPARED]]
    assert f"{selectors.MAX_COMPARED + 2} runs ticked; a comparison shows {selectors.MAX_COMPARED} at most" in html


def test_a_run_of_ten_thousand_points_is_thinned_in_the_database_first_and_last_kept(people, django_assert_max_num_queries):
    job = training_job(people["res"], name="long")
    base = job.last_seq  # its first events (queued)
    JobEvent.objects.bulk_create([JobEvent(job=job, seq=base + n + 1, kind="metric", data={
        "series": "train", "x": n + 1, "values": {"loss": 10.0 / (n + 1)}}) for n in range(10_000)] + [
        JobEvent(job=job, seq=base + 10_001 + n, kind="metric", data={"series": "eval", "x": (n + 1) * 100,
                                                                "values": {"eval_loss": 1.0}}) for n in range(100)])
    with django_assert_max_num_queries(6):  # the job, the counts per series, two reads per thinned series
        [run], missing = selectors.training_curves(user=people["res"], job_ids=[job.pk], max_points=500)

    assert missing == [] and run.stored == 10_100 and run.thinned
    train = [p["x"] for p in run.points if p["series"] == "train"]
    evals = [p["x"] for p in run.points if p["series"] == "eval"]
    assert len(train) <= 500 and train[0] == 1 and train[-1] == 10_000 and train == sorted(train)
    assert len({b - a for a, b in zip(train, train[1:-1], strict=False)}) == 1  # evenly spaced
    assert evals == [(n + 1) * 100 for n in range(100)]  # a short series is not thinned for a long one

    status, data, html = compared(client_of(people["res"]), job.pk)
    assert status == 200 and len(data[0]["points"]) <= selectors.MAX_POINTS + 100
    assert "of 10100 points (thinned evenly)" in html
