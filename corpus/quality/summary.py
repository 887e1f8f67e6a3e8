"""The corpus-wide side of the quality measure: near-duplicate mechanism caps, category checks, the
summary figures, the generated docs page, and the measured label kept in meta.json.

Records are the dicts ``validation.quality.measure.TaskQuality.to_dict`` makes (plain data, so this
stays in the corpus layer).
"""

from __future__ import annotations

import datetime
import json
from collections import Counter
from pathlib import Path

from corpus.categories import check_category

FAMILIES_PATH = Path(__file__).with_name("families.json")
PREFERENCES = ("recommended", "optional", "avoid")
# How the problems apply_family_caps adds begin (a merge of shards drops them before applying it again).
FAMILY_PROBLEM_PREFIXES = ("category ", "measured mechanism ")


def load_families(path: Path = FAMILIES_PATH) -> dict:
    """The families; a category they name must be in the vocabulary (UnknownCategory otherwise)."""
    families = json.loads(path.read_text(encoding="utf-8"))
    for family in families["families"]:
        for category in family["category"]:
            check_category(category)
    return families


def _distance_key(record: dict) -> tuple:
    d = record.get("divergence") or {}
    return (not d.get("shown", True), d.get("files", 0), d.get("calls", 0))


def apply_family_caps(records: list[dict], families: dict | None = None) -> None:
    """Cap each family's proposed 'recommended' labels, and flag categories the measurement contradicts."""
    families = families or load_families()
    for family in families["families"]:
        members = [r for r in records if r.get("mechanism") == family["mechanism"]]
        recommended = sorted((r for r in members if r["proposed"] == "recommended"), key=_distance_key, reverse=True)
        for record in recommended[family["max_recommended"]:]:
            record["proposed"] = "optional"
            record["why"] = (f"capped: more than {family['max_recommended']} tasks of the {family['mechanism']} "
                             f"family would be recommended ({families['version']}); the farthest divergences keep it")
            record["rule"] = f"{record['rule']}+{families['version']}"
        for record in records:
            measured, named = record.get("mechanism") == family["mechanism"], record["category"] in family["category"]
            if named and not measured and record.get("mechanism") not in (None, "unmeasured"):
                # A note, not a problem: the tracer sees values bound to names, and a float that drifts
                # inside one expression (round(price * rate)) never is.
                record.setdefault("notes", []).append(
                    f"category {record['category']!r} names the {family['mechanism']} mechanism, but the trace "
                    f"shows {record['mechanism']}; check the category")
            elif measured and not named:
                record["problems"].append(f"measured mechanism {family['mechanism']} but category "
                                          f"{record['category']!r}; use one of {', '.join(family['category'])}")
    for record in records:
        d = record.get("divergence") or {}
        if record["category"] == "state_corruption" and d.get("found") and d.get("calls", 0) < 1:
            record["problems"].append("category 'state_corruption' but the wrong value is made where the test fails "
                                      "(no call between them): a local error; recategorize")


def summarize(records: list[dict], *, rule_version: str, whole: bool) -> dict:
    n = len(records)
    measured = [r for r in records if r.get("divergence")]
    state_dependent = sum(1 for r in records if r["state_dependent"])
    authored_recommended = sum(1 for r in records if r["author"] == "recommended")
    agree = sum(1 for r in records if r["author"] == r["proposed"])
    return {
        "rule": rule_version, "tasks": n, "whole_corpus": whole, "measured": len(measured),
        "state_dependent": state_dependent,
        "state_dependent_share": round(state_dependent / n, 3) if n else 0.0,
        "labelled_recommended": authored_recommended,
        "labelled_recommended_share": round(authored_recommended / n, 3) if n else 0.0,
        "shown_in_failure": sum(1 for r in measured if r["divergence"]["shown"]),
        "author": dict(Counter(r["author"] for r in records)),
        "proposed": dict(Counter(r["proposed"] for r in records)),
        "agreement": round(agree / n, 3) if n else 0.0,
        "mechanisms": dict(Counter(r["mechanism"] for r in records)),
        "wrong_fixes": sum(r["wrong_fixes"] for r in records), "killed": sum(r["killed"] for r in records),
        # Every surviving kind counts (a wrong fix, a mutant of the fix, a hunk of it alone), less the
        # survivors reviewed as no wrong fix (corpus/quality/reviewed_survivors.json).
        "tasks_accepting_a_wrong_fix": sorted(r["task"] for r in records if r["surviving"]),
        "surviving": sum(len(r["surviving"]) for r in records),
        "reviewed_survivors": sum(len(r.get("reviewed_survivors", [])) for r in records),
        "tasks_rejecting_a_right_fix": sorted(r["task"] for r in records
                                              if any(e.get("defect", True) for e in r["rejected_equivalents"])),
        "reports_flagged": sum(1 for r in records if r["report_flags"]),
        "tasks_with_problems": sorted(r["task"] for r in records if r["problems"]),
    }


def render_page(summary: dict, records: list[dict]) -> str:
    """The docs page: the summary, then one row per task."""
    s = summary
    scope = "the whole corpus" if s["whole_corpus"] else f"a sample of {s['tasks']} tasks"
    lines = [
        "# Task quality, measured", "",
        "Generated by `python -m corpus quality --docs docs/corpus/quality.md` (do not edit by hand); "
        f"this run covers {scope}, label rule `{s['rule']}`.", "",
        "A task is **state-dependent by measurement** when, run under tracing beside its correct version, its "
        "state first goes wrong at least 3 calls and 2 files before the failure and the failing output does not "
        "print the wrong value.", "",
        "| figure | value |", "| --- | --- |",
        f"| tasks measured | {s['tasks']} |",
        f"| state-dependent by measurement | {s['state_dependent']} ({s['state_dependent_share']:.0%}) |",
        f"| labelled recommended by their authors | {s['labelled_recommended']} "
        f"({s['labelled_recommended_share']:.0%}) |",
        f"| wrong value printed by the failure | {s['shown_in_failure']} of {s['measured']} |",
        f"| author and measured label agree | {s['agreement']:.0%} |",
        f"| generated wrong fixes killed | {s['killed']} of {s['wrong_fixes']} |",
        f"| wrong fixes surviving the tests (not reviewed as equivalent) | {s['surviving']} |",
        f"| survivors reviewed as no wrong fix | {s['reviewed_survivors']} |",
        f"| tasks accepting a wrong or partial fix | {len(s['tasks_accepting_a_wrong_fix'])} |",
        f"| tasks rejecting a right fix | {len(s['tasks_rejecting_a_right_fix'])} |",
        f"| reports naming working parts or expected values | {s['reports_flagged']} |", "",
        "| label | author | measured |", "| --- | --- | --- |",
        *[f"| {p} | {s['author'].get(p, 0)} | {s['proposed'].get(p, 0)} |" for p in PREFERENCES], "",
        "## Per task", "",
        "| task | author | measured | calls | files | frames | shown | mechanism | wrong fixes killed | surviving |"
        " right fixes rejected |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in sorted(records, key=lambda r: r["task"]):
        d = r["divergence"] or {}
        lines.append(f"| {r['task']} | {r['author']} | {r['proposed']} | {d.get('calls', '–')} | {d.get('files', '–')} "
                     f"| {d.get('frames', '–')} | {'yes' if d.get('shown') else 'no' if d else '–'} | {r['mechanism']} "
                     f"| {r['killed']}/{r['wrong_fixes']} | {len(r['surviving'])} "
                     f"| {sum(1 for e in r['rejected_equivalents'] if e.get('defect', True))} |")
    return "\n".join(lines) + "\n"


def measured_block(record: dict, *, command: str, today: datetime.date | None = None) -> dict:
    """What meta.json keeps of a measurement: the label, the rule that proposed it, and its grounds."""
    d = record.get("divergence") or {}
    keep = ("test", "where", "correct", "calls", "frames", "files", "test_steps", "shown", "float_drift")
    return {"preference": record["proposed"], "rule": record["rule"], "why": record["why"],
            "mechanism": record["mechanism"], "divergence": {k: d[k] for k in keep if k in d} or None,
            "fixes_killed": f"{record['killed']}/{record['wrong_fixes']}",
            "measured_on": (today or datetime.date.today()).isoformat(), "by": command}


def write_measured(folder: Path, record: dict, *, command: str) -> None:
    """Add (or replace) ``measured`` in the task's meta.json; the author's fields stay as they are."""
    path = folder / "meta.json"
    meta = json.loads(path.read_text(encoding="utf-8"))
    meta["measured"] = measured_block(record, command=command)
    path.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
