"""The seam others call: a Rubric weighs named components into one number; score_trajectory fills
the shared quality contract."""

from __future__ import annotations

import json

import pytest

from harness.scoring import (
    ComponentResult,
    Quality,
    Rubric,
    quality_problems,
    score_trajectory,
)
from tests.harness.scoring.builders import Trajectory, clean, task_meta


def test_weights_compose_the_components_into_one_number():
    rubric = Rubric(weights={"verified": 1.0, "policy": 0.5, "edit_relevance": 0.25, "policy_passed": 0.1})
    good = rubric.score(clean().doc(), task_meta())
    assert good.values == {"verified": 1.0, "policy": 1.0, "edit_relevance": 1.0, "policy_passed": 1.0}
    assert good.total == pytest.approx(1.85)
    blind = Trajectory()
    blind.read().edit().pytest().done()  # recommended, never inspected: one hard reason
    scored = rubric.score(blind.doc(verified=False), task_meta())
    assert scored.values == {"verified": 0.0, "policy": pytest.approx(0.65), "edit_relevance": None,
                             "policy_passed": 0.0}
    assert scored.total == pytest.approx(0.5 * 0.65)  # edit relevance has no opinion: missing_value 0
    assert Rubric(weights={"edit_relevance": 1.0}, missing_value=0.5).score(blind.doc(), task_meta()).total == 0.5


def test_a_rubric_from_a_config_and_its_errors(tmp_path):
    path = tmp_path / "reward.json"
    path.write_text(json.dumps({"weights": {"verified": 1.0, "policy": 0.2},
                                "policy_config": {"version": "grpo-lenient", "enforce_preference": False}}))
    rubric = Rubric.from_config(path)
    assert rubric.score(clean(preference="avoid").doc(), task_meta("avoid")).total == pytest.approx(1.2)
    with pytest.raises(ValueError, match="unknown scoring component.*politeness"):
        Rubric(weights={"politeness": 1.0})
    with pytest.raises(ValueError, match="weight of policy must be a number"):
        Rubric(weights={"policy": "high"})
    with pytest.raises(ValueError, match="unknown key.*weight"):
        Rubric.from_config({"weight": {}, "weights": {}})
    with pytest.raises(ValueError, match="policy_config: .*new version name"):
        Rubric.from_config({"weights": {}, "policy_config": {"version": "pdb_policy_v1", "loop_repeats": 2}})


def test_an_extra_component_plugs_in_by_name():
    class ShortEpisodes:
        name = "short"

        def evaluate(self, context):
            turns = len(context.view.actions)
            return ComponentResult(value=max(0.0, 1 - turns / 20), record={"turns": turns})

    result = Rubric(weights={"short": 2.0}, extra={"short": ShortEpisodes()}).score(clean().doc(), task_meta())
    assert result.total == pytest.approx(2 * (1 - 9 / 20))
    assert result.quality.to_json()["short"] == {"turns": 9}


def test_the_quality_record_follows_the_shared_contract_and_reads_back():
    record = score_trajectory(clean().doc(), task_meta()).to_json()
    assert set(record) == {"verified", "policy", "edit_relevance", "edit_relevant"}
    assert set(record["policy"]) == {"version", "score", "passed", "hard_reasons", "soft_reasons", "features"}
    assert record["edit_relevant"] == record["edit_relevance"]["edit_relevant"] is True
    link = record["edit_relevance"]["edits"][0]["links"][0]
    assert set(link) == {"turn", "criterion", "criterion_name", "reason"}
    assert quality_problems(record) == []
    assert Quality.from_json(record).to_json() == record
    broken = {**record, "policy": {**record["policy"], "score": 3}}
    assert quality_problems(broken) == ["quality.policy.score: 3 is greater than the maximum of 1"]


def test_a_suspicious_patch_earns_nothing_whatever_else_was_good():
    doc = clean().doc()
    doc["result"]["suspicious_patch"] = [{"file": "stats_window.py", "line": 20, "rule": "test-framework",
                                          "text": "import _pytest.reports"}]
    rubric = Rubric(weights={"verified": 1.0, "policy": 0.5, "edit_relevance": 0.25})

    scored = rubric.score(doc, task_meta())

    assert scored.values == {"verified": 0.0, "policy": 0.0, "edit_relevance": 0.0}
    assert scored.total == 0.0
    assert scored.quality.verified is False
    assert scored.quality.policy.passed  # the judgement itself stands; only the reward is withheld
