"""Live sessions driven by a person (exactly the model's tools, a sandbox held by an episode worker,
recorded as a human trajectory and verified) and the live episode viewer's pages."""

import json
import os
import subprocess
import sys
import threading

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings

from harness.policies.human import SessionAbandoned
from harness.tools import REGISTRY, toolset
from tests.webapp.conftest import REPO_ROOT, _database_url_of_test_db
from webapp.runs.models import Episode, HumanCall, JobState
from webapp.runs.services import create_job
from webapp.runs.services.sessions import MAX_WAITING_CALLS, CallWaiter, SessionCallError, submit_call

pytestmark = pytest.mark.django_db(transaction=True)  # the session is played by a second process

FIX = {"file_path": "counter.py", "old_string": "state['n'] = 1", "new_string": "state['n'] = 0"}


def open_session(user, arm="dbg"):
    return create_job(kind="session", created_by=user, enqueue=False,
                      params={"task": "counter_reset", "arm": arm, "sandbox": "bwrap"}).episode


def play(job_id: int, **env) -> subprocess.CompletedProcess:
    """The session's worker: the job run in a second process, as a Celery worker runs it."""
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "webapp.config.settings.test",
                   "DATABASE_URL": _database_url_of_test_db(), **env}
    result = subprocess.run([sys.executable, "-m", "tests.webapp.play_job", str(job_id)], env=environment,
                            cwd=REPO_ROOT, capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stderr[-3000:]
    return result


@pytest.mark.slow
def test_a_person_drives_a_session_with_the_models_tools_and_it_is_stored_as_a_verified_human_trajectory(
        make_user, catalog_task, tmp_path):
    ann = make_user("ann")
    episode = open_session(ann)
    calls = [("start_debugger", {"file": "test_counter.py"}, ""),
             ("add_breakpoint", {"file": "counter.py", "line": 2}, "stop where n is set"),
             ("continue_execution", {}, ""),
             ("examine_locals", {}, ""),
             ("bash", {"command": "cat counter.py"}, ""),  # read before the edit, as pdb_policy asks
             ("edit_file", FIX, "reset must go back to 0, not 1"),
             ("bash", {"command": "python -m pytest -q test_counter.py; echo '<script>alert(1)</script>'"}, ""),
             ("done", {}, "")]
    for name, arguments, note in calls:  # made before the worker starts: they wait their turn, in order
        submit_call(episode=episode, user=ann, name=name, arguments=arguments, note=note)

    play(episode.job_id)

    episode = Episode.objects.select_related("job", "trajectory").get(pk=episode.pk)
    assert episode.job.state == JobState.SUCCEEDED, episode.job.error
    document = episode.trajectory.record
    assert document.policy == {"kind": "human", "model": None, "params": {"person": "ann"}}
    assert [s.tool for s in document.steps] == [name for name, _, _ in calls]
    assert document.result.verified is True and document.result.exit_reason == "done"
    assert "counter.py:2" in document.steps[2].observation  # stopped at the breakpoint
    assert "state" in document.steps[3].observation
    said = [m["content"] for m in document.messages if m["role"] == "assistant"]
    assert said[1] == "stop where n is set" and said[5] == "reset must go back to 0, not 1"
    assert document.quality["policy"]["version"] == "pdb_policy_v1"  # scored like any episode
    assert not HumanCall.objects.filter(episode=episode, taken_at__isnull=True).exists()
    with pytest.raises(SessionCallError, match="over"):
        submit_call(episode=episode, user=ann, name="bash", arguments={"command": "ls"})

    call_command("export_demonstrations", out=str(tmp_path / "demos"))  # usable as an SFT demonstration
    manifest = json.loads((tmp_path / "demos" / "generation.json").read_text())
    assert manifest["left_out"] == 0, manifest["left_out_reasons"]
    demonstration = json.loads((tmp_path / "demos" / "accepted" / f"{episode.episode_id}.json").read_text())
    assert manifest["kind"] == "demonstrations" and demonstration["episode_id"] == episode.episode_id
    assert demonstration["sft"]["source"] == "demonstration" and demonstration["sft"]["teacher"] == "human:ann"


@pytest.mark.slow
def test_only_the_arms_tools_and_only_the_person_who_opened_the_session(make_user, catalog_task):
    ann, bob = make_user("ann"), make_user("bob")
    episode = open_session(ann, arm="base")

    with pytest.raises(SessionCallError, match="not a tool of the base arm"):
        submit_call(episode=episode, user=ann, name="start_debugger", arguments={"file": "test_counter.py"})
    with pytest.raises(SessionCallError, match="must be a JSON object"):
        submit_call(episode=episode, user=ann, name="bash", arguments=["ls"])
    with pytest.raises(SessionCallError, match="only the person who opened"):
        submit_call(episode=episode, user=bob, name="bash", arguments={"command": "ls"})
    client = Client()
    client.force_login(bob)
    driven = client.post(f"/episodes/{episode.pk}/calls/", {"name": "bash", "arguments": {"command": "ls"}},
                         content_type="application/json")
    assert driven.status_code == 403 and "only the person who opened" in driven.json()["error"]  # not a 409
    assert not HumanCall.objects.exists()
    for _ in range(MAX_WAITING_CALLS):  # the worker has not started: nothing runs them yet
        submit_call(episode=episode, user=ann, name="bash", arguments={"command": "ls"})
    with pytest.raises(SessionCallError, match="20 calls are still waiting to run"):
        submit_call(episode=episode, user=ann, name="bash", arguments={"command": "ls"})


@pytest.mark.slow
@override_settings(STEPWISE_SESSION_IDLE_S=0.5)
def test_a_session_nobody_drives_is_closed_after_the_idle_time(make_user, catalog_task):
    episode = open_session(make_user("ann"))

    waiter = CallWaiter(episode=episode, check_cancelled=lambda: None)
    try:
        with pytest.raises(SessionAbandoned, match=r"closed after 0.5 s without a call"):
            waiter()
    finally:
        waiter.close()


@pytest.mark.slow
def test_the_call_endpoint_answers_bad_input_in_plain_words(client, make_user, catalog_task):
    ann = make_user("ann")
    episode = open_session(ann)
    client.force_login(ann)
    url = f"/episodes/{episode.pk}/calls/"

    bad_json = client.post(url, data="{nope", content_type="application/json")
    unknown = client.post(url, data=json.dumps({"name": "rm_rf", "arguments": {}}), content_type="application/json")
    taken = client.post(url, data=json.dumps({"name": "bash", "arguments": {"command": "ls"}}),
                        content_type="application/json")

    assert bad_json.status_code == 400 and "send a JSON object" in bad_json.json()["error"]
    assert unknown.status_code == 400 and "'rm_rf' is not a tool of the dbg arm" in unknown.json()["error"]
    assert taken.status_code == 202
    assert list(HumanCall.objects.values_list("name", flat=True)) == ["bash"]
    page = client.get(f"/episodes/{episode.pk}/").content.decode()  # before the worker has played a step
    tools = [part.split('"')[0] for part in page.split('data-tool="')[1:]]
    assert sorted(tools) == sorted(tool["function"]["name"] for tool in toolset("dbg"))  # exactly the model's
    catalogue = REGISTRY.catalogue.tools("dbg")  # keys and line clicks come from the entries
    assert all(f'data-key="{t.key}" data-key-help="{t.name}"' in page for t in catalogue if t.key)
    keys = [part.split('"')[0] for part in page.split('data-key="')[1:]]
    assert len(keys) == len(set(keys))  # no tool's key is one the page uses already
    assert f'data-set-breakpoint="{next(t.name for t in catalogue if t.breakpoints == "set")}"' in page
    assert f'data-remove-breakpoint="{next(t.name for t in catalogue if t.breakpoints == "remove")}"' in page
    assert 'data-file="test_counter.py"' in page and "no step yet" in page
    assert "counter_reset" in client.get("/live/").content.decode()


@pytest.mark.slow
def test_the_viewer_page_shows_the_played_steps_as_text_and_needs_a_login(client, make_user, catalog_task):
    ann = make_user("ann")
    episode = open_session(ann)
    submit_call(episode=episode, user=ann, name="bash", arguments={"command": "echo '<script>alert(1)</script>'"})
    submit_call(episode=episode, user=ann, name="done")
    play(episode.job_id)

    assert client.get(f"/episodes/{episode.pk}/").status_code == 302  # to the login page
    client.force_login(make_user("bob"))
    page = client.get(f"/episodes/{episode.pk}/").content.decode()
    panel = client.get(f"/episodes/{episode.pk}/turn/1/panel/").content.decode()

    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in panel and "<script>alert(1)" not in panel
    assert "<script>alert(1)" not in page and 'data-socket="/ws/episodes/' in page
    assert 'id="session"' not in page  # bob watches; only ann could drive (and the session is over)


@pytest.mark.slow
def test_a_session_is_opened_from_a_tasks_page_and_a_bad_task_gets_a_plain_message(client, make_user, catalog_task):
    client.force_login(make_user("ann"))

    page = client.get("/tasks/counter_reset/").content.decode()
    opened = client.post("/live/sessions/", {"task": "counter_reset", "next": "/tasks/counter_reset/"})
    refused = client.post("/live/sessions/", {"task": "counter_rest", "next": "https://elsewhere.invalid/"},
                          follow=True)

    assert "Debug it yourself" in page
    episode = Episode.objects.get()
    assert opened.status_code == 302 and opened["Location"] == f"/episodes/{episode.pk}/"
    assert (episode.driver, episode.policy, episode.job.kind, episode.job.queue) == ("human", "ann", "session",
                                                                                     "episodes")
    assert refused.redirect_chain[-1][0] == "/live/"  # never to another site
    assert "not in the catalog: counter_rest (did you mean counter_reset?)" in refused.content.decode()


@pytest.mark.slow
def test_a_call_wakes_the_sessions_worker_through_the_doorbell(live_layer, make_user, catalog_task):
    """The worker reads the rows again only every ten minutes here: the call reaches it because its
    ring woke it (on Redis, and on the embedded default's layer)."""
    ann = make_user("ann")
    episode = open_session(ann)
    waiting, taken = threading.Event(), []

    def worker():
        with override_settings(STEPWISE_SESSION_POLL_S=600):
            waiter = CallWaiter(episode=episode, check_cancelled=waiting.set)  # set once no call was found
            try:
                taken.append(waiter())
            finally:
                waiter.close()
                connection.close()

    thread = threading.Thread(target=worker, daemon=True)
    thread.start()
    assert waiting.wait(timeout=60)
    submit_call(episode=episode, user=ann, name="bash", arguments={"command": "echo hi"}, note="first")
    thread.join(timeout=120)  # a generous deadline, far below the ten-minute poll

    assert taken and (taken[0].name, taken[0].arguments, taken[0].note) == ("bash", {"command": "echo hi"}, "first")


@pytest.mark.slow
def test_a_file_the_sessions_viewer_showed_its_driver_counts_as_read(client, make_user, catalog_task):
    """A verified human fix scored ``edit_without_read`` because reading counter.py in the viewer was no read."""
    ann, bob = make_user("ann"), make_user("bob")
    read, unread = open_session(ann), open_session(ann)
    client.force_login(bob)
    assert client.get(f"/episodes/{read.pk}/?file=counter.py").status_code == 200  # a watcher reads nothing
    client.force_login(ann)
    assert client.get(f"/episodes/{read.pk}/?file=counter.py").status_code == 200
    assert client.get(f"/episodes/{read.pk}/?file=../../etc/passwd").status_code == 200  # not a task file
    read.refresh_from_db()
    assert read.viewed_since_call == ["counter.py"]
    for episode in (read, unread):
        submit_call(episode=episode, user=ann, name="edit_file", arguments=FIX)
        submit_call(episode=episode, user=ann, name="done")
        play(episode.job_id)

    def scored(episode):
        document = Episode.objects.select_related("trajectory").get(pk=episode.pk).trajectory.record
        assert document.result.verified is True
        return document, [r["rule"] for r in document.quality["policy"]["hard_reasons"]]

    document, rules = scored(read)
    assert document.steps[0].extra["viewed"] == ["counter.py"] and "viewed" not in document.steps[1].extra
    assert "edit_without_read" not in rules
    assert "edit_without_read" in scored(unread)[1]
    read.refresh_from_db()
    assert read.viewed_since_call == []  # handed to the call that followed
