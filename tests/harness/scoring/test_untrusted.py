"""A model wrote the document: missing fields, wrong types and huge observations get a clear
ScoringError naming the field, or a score, never another exception."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.scoring import Quality, ScoringError, score_trajectory
from tests.harness.scoring.builders import clean, task_meta


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("steps"), "document: 'steps' is a required property"),
    (lambda d: d.__setitem__("steps", {"turn": 1}), "steps: {'turn': 1} is not of type 'array'"),
    (lambda d: d["steps"][2].__setitem__("turn", "three"), "steps[2].turn: 'three' is not of type 'integer'"),
    (lambda d: d["steps"][0].pop("observation"), "steps[0]: 'observation' is a required property"),
    (lambda d: d["steps"][4].__setitem__("observation", None), "steps[4].observation: None is not of type 'string'"),
    (lambda d: d.__setitem__("arm", "gpu"), "arm: 'gpu' is not one of ['base', 'dbg']"),
    (lambda d: d.__setitem__("schema", "other/2"), "schema: 'stepwise.trajectory/1' was expected"),
    (lambda d: d["result"].__setitem__("verified", "yes"), "result.verified: 'yes' is not of type 'boolean'"),
    (lambda d: d["steps"][1].__setitem__("position", ["a.py", "x"]), "steps[1].position"),
])
def test_a_broken_document_gets_an_error_naming_the_field(mutate, message):
    doc = clean().doc()
    mutate(doc)
    with pytest.raises(ScoringError) as caught:
        score_trajectory(doc, task_meta())
    assert message in str(caught.value)
    assert str(caught.value).startswith("not a stepwise.trajectory/1 document: ")


@pytest.mark.parametrize("value", [None, [], "text", 3, object()])
def test_something_that_is_not_a_document_is_refused(value):
    with pytest.raises(ScoringError, match="expected a JSON object"):
        score_trajectory(value, task_meta())


def test_too_many_steps_is_refused_before_reading_them():
    doc = clean().doc()
    doc["steps"] = doc["steps"] * 2000
    with pytest.raises(ScoringError, match="18000 steps is more than the 10000"):
        score_trajectory(doc, task_meta())


def test_a_huge_observation_and_huge_arguments_still_score():
    doc = clean().doc()
    doc["steps"][1]["observation"] = "x = [1, 2, 6]\n" * 800_000  # ~11 MB
    doc["steps"][5]["observation"] = doc["steps"][5]["observation"] + "y" * 5_000_000
    doc["steps"][0]["arguments"]["command"] = "wc -l " + "a.py " * 300_000
    doc["steps"][6]["arguments"]["new_string"] = "self.values.pop(0)" + "#" * 3_000_000
    quality = score_trajectory(doc, task_meta())  # text is read up to a cap, so this is not slow
    assert isinstance(quality, Quality) and 0 <= quality.policy.score <= 1
    assert quality.edit_relevance.edits[0].lines == ()  # a 3 MB replacement is not replayed line by line


def test_arguments_of_the_wrong_shape_are_read_as_no_arguments():
    doc = clean().doc()
    doc["steps"][3]["arguments"] = ["stats_window.py", 11]          # add_breakpoint
    doc["steps"][6]["arguments"] = {"file_path": 7, "old_string": None}  # edit_file
    doc["steps"][1]["arguments"] = {"command": {"nested": True}}     # bash
    quality = score_trajectory(doc, task_meta())
    assert quality.edit_relevance.edits == ()  # an edit whose arguments cannot be read is not an edit


def test_a_typed_trajectory_is_scored_through_its_to_json():
    class Typed:
        def __init__(self, doc):
            self.doc = doc

        def to_json(self):
            return self.doc

    doc = clean().doc()
    assert score_trajectory(Typed(doc), task_meta()) == score_trajectory(doc, task_meta())


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
BASE = clean().doc()
PATHS = [("steps", i, key) for i in range(len(BASE["steps"]))
         for key in ("turn", "tool", "arguments", "observation", "position", "error")] + \
        [("result",), ("result", "verified"), ("arm",), ("task",), ("preference",), ("steps",)] + \
        [("steps", i, "arguments", key) for i, key in ((3, "line"), (3, "file"), (6, "old_string"), (1, "command"))]


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=st.lists(st.tuples(st.sampled_from(PATHS), JSON), min_size=1, max_size=4))
def test_any_mutation_gives_a_score_or_a_scoring_error(changes):
    doc = copy.deepcopy(BASE)
    for path, value in changes:
        target = doc
        for key in path[:-1]:
            if isinstance(target, dict) and key in target or isinstance(target, list) and \
                    isinstance(key, int) and key < len(target):
                target = target[key]
            else:
                break
        else:
            if isinstance(target, dict) or isinstance(target, list) and isinstance(path[-1], int) \
                    and path[-1] < len(target):
                target[path[-1]] = value
    try:
        quality = score_trajectory(doc, task_meta())
    except ScoringError as exc:
        assert str(exc)
    else:
        record = quality.to_json()
        assert 0 <= record["policy"]["score"] <= 1
        assert Quality.from_json(record) is not None
