"""Recorded data is never rewritten: a changed document under a stored episode id is refused with the
reason (its steps, `verified` and reviews stay), an identical one is a no-op, a rescore changes only the
verdict; imports have a size cap; the replay shows the first part of a huge observation and links to
the whole. The real PostgreSQL, the real management command."""

from __future__ import annotations

import copy

import pytest
from django.db.models import RestrictedError
from django.test import Client
from django.urls import reverse

from tests.webapp.conftest import import_files, trajectory_document, write_json
from webapp.trajectories.models import EditRelevanceReview, Step, Trajectory
from webapp.trajectories.services import TrajectoryConflict, add_edit_relevance_review, save_trajectory

pytestmark = pytest.mark.django_db


def rows(episode_id: str):
    trajectory = Trajectory.objects.get(episode_id=episode_id)
    return trajectory, list(trajectory.steps.order_by("index").values_list("id", "tool", "observation"))


def test_reimporting_changed_steps_is_refused_and_the_review_on_them_stays(tmp_path, make_user):
    trajectory, _ = save_trajectory(document=trajectory_document("ep-1"))
    add_edit_relevance_review(trajectory=trajectory, observation_step=trajectory.steps.get(index=1),
                              edit_step=trajectory.steps.get(index=2), verdict="relevant", reviewer=make_user("rev"))
    _, steps_before = rows("ep-1")
    changed = trajectory_document("ep-1")
    changed["steps"][1]["observation"] = "{'n': 5}"

    out, err = import_files(write_json(tmp_path / "ep-1.json", changed))

    assert "0 created, 0 updated, 0 unchanged, 1 failed" in out
    assert "episode 'ep-1' is already stored with a different steps" in err
    assert "Import the changed document under a new episode_id" in err
    assert EditRelevanceReview.objects.filter(trajectory__episode_id="ep-1").count() == 1  # was 1 -> 0
    assert rows("ep-1")[1] == steps_before


def test_reimporting_a_copy_with_verified_flipped_never_changes_verified(tmp_path):
    save_trajectory(document=trajectory_document("ep-2", verified=False, exit_reason="max_turns"))
    flipped = trajectory_document("ep-2", verified=True, exit_reason="done")
    flipped["steps"][0]["observation"] = "rewritten"

    with pytest.raises(TrajectoryConflict, match="different result, steps"):
        save_trajectory(document=flipped)
    out, err = import_files(write_json(tmp_path / "ep-2.json", flipped))

    trajectory, steps = rows("ep-2")
    assert trajectory.verified is False and trajectory.record.result.verified is False  # was False -> True
    assert steps[0][2].startswith("<execution_position") and "1 failed" in out and "ep-2" in err


def test_an_identical_document_is_a_noop_and_a_rescore_changes_only_the_verdict(tmp_path, make_user):
    document = trajectory_document("ep-3")
    path = write_json(tmp_path / "ep-3.json", document)
    import_files(path)
    trajectory, steps = rows("ep-3")
    add_edit_relevance_review(trajectory=trajectory, observation_step=trajectory.steps.get(index=1),
                              edit_step=trajectory.steps.get(index=2), verdict="relevant", reviewer=make_user("rev"))

    out, _ = import_files(path)
    assert "0 created, 0 updated, 1 unchanged, 0 failed" in out

    rescored = copy.deepcopy(document)
    rescored["quality"] = {"verified": True}
    _, outcome = save_trajectory(document=rescored)
    assert outcome == "updated"
    trajectory, after = rows("ep-3")
    assert after == steps and trajectory.reviews.count() == 1 and trajectory.document["quality"] == {"verified": True}


def test_a_step_a_review_points_at_cannot_be_deleted_on_its_own_but_the_whole_trajectory_can(make_user):
    trajectory, _ = save_trajectory(document=trajectory_document("ep-4"))
    add_edit_relevance_review(trajectory=trajectory, observation_step=trajectory.steps.get(index=1),
                              edit_step=trajectory.steps.get(index=2), verdict="relevant", reviewer=make_user("rev"))

    with pytest.raises(RestrictedError):
        trajectory.steps.all().delete()
    assert trajectory.steps.count() == 3 and EditRelevanceReview.objects.count() == 1

    Trajectory.objects.filter(pk=trajectory.pk).delete()
    assert not Step.objects.exists() and not EditRelevanceReview.objects.exists()


def test_a_50_mb_document_is_refused_unread_with_the_cap_named(tmp_path):
    document = trajectory_document("ep-big")
    document["steps"][0]["observation"] = "x" * (50 * 1024 * 1024)
    big = write_json(tmp_path / "big.json", document)
    small = write_json(tmp_path / "small.json", trajectory_document("ep-small"))

    out, err = import_files(big, small)

    assert "1 created, 0 updated, 0 unchanged, 1 failed" in out
    assert f"{big}: 52.4 MB is over the import cap of 16.8 MB (STEPWISE_IMPORT_MAX_BYTES); nothing was read" in err
    assert list(Trajectory.objects.values_list("episode_id", flat=True)) == ["ep-small"]


def test_the_replay_shows_the_first_part_of_a_huge_observation_and_links_to_the_whole(make_user, settings):
    settings.STEPWISE_REPLAY_OBSERVATION_CHARS = 1000
    document = trajectory_document("ep-5")
    huge = "".join(f"line {n}\n" for n in range(20_000))
    document["steps"][0]["observation"] = huge
    save_trajectory(document=document)
    client = Client()
    client.force_login(make_user("ann"))

    page = client.get(reverse("replay_turn", args=["ep-5", 0]))

    text = page.content.decode()
    whole = reverse("step_observation", args=["ep-5", 0])
    assert page.status_code == 200 and "line 10\n" in text and "line 19999" not in text
    assert f"{len(huge) - 1000} more characters not shown" in text and f'href="{whole}"' in text
    served = client.get(whole)
    assert served.status_code == 200 and served["Content-Type"].startswith("text/plain")
    assert served.content.decode() == huge
    assert client.get(reverse("step_observation", args=["ep-5", 9])).status_code == 404
    assert Client().get(whole).status_code in (302, 401, 403)  # the replay's rule: a login first
