"""Near-duplicate mechanism caps, category checks and the measured block kept in meta.json (pure)."""

from __future__ import annotations

import datetime
import json

from corpus.quality.summary import apply_family_caps, measured_block, summarize, write_measured


def record(name, *, mechanism="float_drift", category="float_drift", proposed="recommended", calls=5, files=2,
           shown=False):
    return {"task": name, "category": category, "author": "recommended", "proposed": proposed,
            "rule": "divergence_label/1", "why": "far", "mechanism": mechanism, "state_dependent": not shown,
            "divergence": {"calls": calls, "files": files, "shown": shown, "found": True},
            "wrong_fixes": 2, "killed": 2, "surviving": [], "rejected_equivalents": [], "report_flags": [],
            "problems": []}


def test_the_float_drift_family_keeps_recommended_on_its_three_farthest_divergences_only():
    records = [record(f"drift_{n}", files=2 + n) for n in range(5)]

    apply_family_caps(records)

    kept = sorted(r["task"] for r in records if r["proposed"] == "recommended")
    assert kept == ["drift_2", "drift_3", "drift_4"]
    capped = next(r for r in records if r["task"] == "drift_0")
    assert capped["proposed"] == "optional" and capped["rule"] == "divergence_label/1+families/1"


def test_a_category_the_measured_mechanism_contradicts_is_flagged_and_an_unseen_drift_noted():
    records = [record("named_not_measured", mechanism="value"), record("measured_not_named", category="caching"),
               record("local_corruption", mechanism="value", category="state_corruption", calls=0)]

    apply_family_caps(records)

    assert records[0]["problems"] == []
    assert records[0]["notes"] == ["category 'float_drift' names the float_drift mechanism, but the trace shows "
                                   "value; check the category"]
    assert records[1]["problems"][0].startswith("measured mechanism float_drift but category 'caching'")
    assert records[2]["problems"][0].startswith("category 'state_corruption' but the wrong value is made where")


def test_the_summary_sets_the_state_dependent_share_beside_the_share_labelled_recommended():
    summary = summarize([record("far"), record("near", calls=1, files=1, shown=True, proposed="avoid")],
                        rule_version="divergence_label/1", whole=True)

    assert (summary["state_dependent_share"], summary["labelled_recommended_share"]) == (0.5, 1.0)


def test_meta_json_keeps_the_authors_label_and_gains_the_measured_one_with_its_provenance(tmp_path):
    (tmp_path / "meta.json").write_text(json.dumps({"name": "t", "preference": "recommended"}))

    write_measured(tmp_path, record("t", proposed="avoid"), command="python -m corpus quality --write")

    meta = json.loads((tmp_path / "meta.json").read_text())
    assert meta["preference"] == "recommended"
    assert meta["measured"]["preference"] == "avoid" and meta["measured"]["rule"] == "divergence_label/1"
    assert meta["measured"]["by"] == "python -m corpus quality --write"
    block = measured_block(record("t"), command="x", today=datetime.date(2026, 12, 6))
    assert block["measured_on"] == "2026-12-06" and block["fixes_killed"] == "2/2"
