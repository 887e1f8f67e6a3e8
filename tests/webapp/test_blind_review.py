"""Blind review with adjudication, as labels have: a reviewer sees the others' link decisions, verdicts
and notes only after giving theirs; disagreeing verdicts wait for an admin's adjudication, and the
trajectory's flag is the agreed or adjudicated verdict, never just the newest one."""

import pytest

from webapp.trajectories.models import Trajectory

pytestmark = pytest.mark.django_db

REVIEW = "/trajectories/ra-dbg-1/review/"


def flag() -> bool | None:
    return Trajectory.objects.get(episode_id="ra-dbg-1").reviewed_edit_relevant


def test_the_second_reviewer_sees_the_first_ones_decisions_only_after_deciding(client, annotation_data):
    client.force_login(annotation_data["ann"])
    client.post(REVIEW + "link/", {"edit_turn": 13, "observation_turn": 9, "verdict": "not_relevant"})
    client.post(REVIEW + "verdict/", {"verdict": "not_relevant", "note": "ann-thinks-it-was-luck"})

    client.force_login(annotation_data["bob"])
    before = client.get(REVIEW).content.decode()
    client.post(REVIEW + "link/", {"edit_turn": 13, "observation_turn": 9, "verdict": "relevant"})
    client.post(REVIEW + "verdict/", {"verdict": "relevant"})
    after = client.get(REVIEW).content.decode()

    assert "ann-thinks-it-was-luck" not in before and "ann: not relevant" not in before
    assert "once you give yours" in before
    assert "ann-thinks-it-was-luck" in after and "ann: not relevant" in after


def test_disagreeing_verdicts_go_to_adjudication_and_the_flag_follows_the_decision(client, annotation_data, make_user):
    client.force_login(annotation_data["ann"])
    client.post(REVIEW + "verdict/", {"verdict": "relevant"})
    assert flag() is True  # one reviewer: their verdict stands
    client.force_login(annotation_data["bob"])
    client.post(REVIEW + "verdict/", {"verdict": "not_relevant", "note": "no evidence used"})

    assert flag() is None  # disputed: not the newest verdict
    listed = client.get("/reviews/disagreements/").content.decode()
    assert 'id="review-ra-dbg-1"' in listed and "no evidence used" in listed
    assert client.post("/reviews/disagreements/ra-dbg-1/", {"verdict": "relevant"}).status_code == 403
    assert flag() is None

    client.force_login(make_user("boss", role="admin"))
    client.post("/reviews/disagreements/ra-dbg-1/", {"verdict": "not_relevant", "note": "bob is right"})

    assert flag() is False
    assert 'id="review-ra-dbg-1"' not in client.get("/reviews/disagreements/").content.decode()
    assert "Adjudicated by boss" in client.get(REVIEW).content.decode()
    client.force_login(annotation_data["ann"])
    client.post(REVIEW + "verdict/", {"verdict": "relevant"})  # a reviewer's later verdict does not undo it
    assert flag() is False


def test_reviewers_who_agree_set_the_flag_and_unsure_does_not_dispute_it(client, annotation_data):
    for who, verdict in (("ann", "not_relevant"), ("bob", "unsure")):
        client.force_login(annotation_data[who])
        client.post(REVIEW + "verdict/", {"verdict": verdict})

    assert flag() is False


def test_the_review_list_tells_rows_apart_by_episode_and_eval(client, annotation_data):
    client.force_login(annotation_data["ann"])

    page = client.get("/reviews/").content.decode()

    assert "ra-dbg-1" in page and "qwen smoke" in page
