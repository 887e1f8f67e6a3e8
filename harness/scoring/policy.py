"""pdb_policy: the behavioural checker. It reads a trajectory as an ordered sequence of actions and
returns a score in [0, 1], hard reasons (the trajectory is rejected), soft reasons (penalties) and
the features it measured. Rules and their revisions are listed in ``config.RULES``.

score = 1 - hard_reason_penalty x (hard reasons) - sum over soft rules of min(cap, penalties),
clamped to [0, 1]; passed = no hard reason and score >= min_quality_score. The preference rules
apply to the ``dbg`` arm only (the base arm has no debugger to use or avoid).
"""

from __future__ import annotations

import json
from collections import defaultdict

from harness.arms import ARMS
from harness.records.groups import (
    AUXILIARY_TOOLS,
    CONTROL_TOOLS,
    DEBUGGER_TOOLS,
    FINISH_TOOLS,
    IN_PLACE_EDIT_TOOLS,
    INSPECTION_TOOLS,
    SETTING_BREAKPOINT_TOOLS,
    START_TOOLS,
)
from harness.scoring.config import RULES, PolicyConfig
from harness.scoring.quality import EditRelevanceVerdict, PolicyVerdict, Reason
from harness.scoring.timeline import Timeline


def _turns(turns) -> str:
    turns = sorted(set(turns))
    shown = ", ".join(map(str, turns[:6])) + (", …" if len(turns) > 6 else "")
    return f"turn{'s' if len(turns) > 1 else ''} {shown}"


def _arm(timeline: Timeline) -> str | None:
    arm = timeline.view.arm
    if arm in ARMS:
        return arm
    return "dbg" if any(e.tool in DEBUGGER_TOOLS for e in timeline.events) else None


def invalid_tool_order(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    if _arm(tl) == "base":
        return []  # there the debugger tools do not exist: a call is refused, not out of order
    early = [e for e in tl.events if e.tool in DEBUGGER_TOOLS and e.tool not in START_TOOLS and not e.started_before]
    unpaused = [e for e in tl.events if e.tool in INSPECTION_TOOLS and e.started_before
                and e.action.position is None]
    out = []
    if early:
        tools = ", ".join(sorted({e.tool for e in early}))
        out.append(Reason("invalid_tool_order", f"{tools} called before start_debugger ({_turns(e.turn for e in early)})",
                          tuple(sorted({e.turn for e in early}))))
    if unpaused:
        out.append(Reason("invalid_tool_order", f"inspection with no paused program ({_turns(e.turn for e in unpaused)})",
                          tuple(sorted({e.turn for e in unpaused}))))
    return out


def blind_stepping(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    runs, run = [], []
    for event in tl.events:
        if event.tool in CONTROL_TOOLS and not event.action.error:
            run.append(event.turn)
        elif event.is_inspection:
            if len(run) >= config.blind_step_limit:
                runs.append(run)
            run = []
    if len(run) >= config.blind_step_limit:
        runs.append(run)
    return [Reason("blind_stepping", f"{len(r)} step/continue calls in a row with no inspection between them "
                   f"({_turns(r)})", tuple(r)) for r in runs]


def _call_key(event) -> str:
    arguments = json.dumps(event.action.arguments, sort_keys=True, default=str)[:2000]
    shell = event.action.shell  # a test run's clock differs each time: the record's digest leaves it out
    answer = shell.answer_digest if shell is not None and shell.answer_digest else event.action.observation
    return f"{event.tool}\x00{arguments}\x00{answer}"


def repeated_calls(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    """The same call and answer with no edit between them (after an edit, the same test run answering
    the same way is news: the edit did not help)."""
    groups: dict[tuple[int, str], list[int]] = defaultdict(list)
    edits_so_far = 0
    for event in tl.events:
        if event.tool not in CONTROL_TOOLS and event.tool not in FINISH_TOOLS:
            groups[(edits_so_far, _call_key(event))].append(event.turn)
        edits_so_far += len(event.edits)
    out = []
    for (_, key), turns in groups.items():
        tool = key.split("\x00", 1)[0]
        if len(turns) >= config.loop_repeats:
            out.append(Reason("repetitive_loop", f"{tool} was called {len(turns)} times with the same arguments "
                              f"and got the same answer ({_turns(turns)})", tuple(turns)))
        elif len(turns) >= 2:
            out.append(Reason("repeated_call", f"{tool} repeated with the same arguments and the same answer "
                              f"({_turns(turns)})", tuple(turns), config.soft_penalties["repeated_call"]))
    return out


def edit_without_read(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    seen: set[str] = set()
    initial = set(tl.task.files)
    out = []
    for event in tl.events:
        seen |= {tl.workspace.resolve(path) for path in event.action.viewed}  # shown before the call was made
        for change in event.edits:
            existed = change.file in initial or change.tool in IN_PLACE_EDIT_TOOLS  # it replaced text there
            if existed and change.file not in seen:
                out.append(Reason("edit_without_read", f"{change.file} was edited at turn {event.turn} without "
                                  "being read first (bash cat/sed/grep/head, list_code, or a session's viewer)", (event.turn,)))
            seen.add(change.file)  # what the trajectory wrote, it knows
        seen |= event.reads
    return out


def _breakpoint_lines(arguments: dict) -> list[tuple[str, int]]:
    out = []
    if isinstance(arguments.get("breakpoints"), list):
        for entry in arguments["breakpoints"][:1000]:
            if isinstance(entry, dict) and isinstance(entry.get("lines"), list):
                out += [(str(entry.get("file")), line) for line in entry["lines"][:1000]]
    line = arguments.get("line")
    if isinstance(line, list):
        out += [(str(arguments.get("file")), x) for x in line[:1000]]
    elif line is not None:
        out.append((str(arguments.get("file")), line))
    return out


def broad_breakpoints(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    out, set_files, set_turns = [], set(), []
    for event in tl.events:
        if event.tool not in SETTING_BREAKPOINT_TOOLS or not event.started_before:
            continue
        requested = _breakpoint_lines(event.action.arguments)
        if len(requested) > config.max_breakpoints_per_call:
            out.append(Reason("broad_breakpoints", f"{len(requested)} breakpoints in one call at turn {event.turn} "
                              f"(more than {config.max_breakpoints_per_call}): breakpoints without a hypothesis",
                              (event.turn,)))
        placed = {file for file, _ in event.breakpoints_added}
        if placed:
            set_files |= placed
            set_turns.append(event.turn)
    if set_files and all(tl.is_test_file(f) for f in set_files):
        out.append(Reason("broad_breakpoints", "every breakpoint is in a test file "
                          f"({', '.join(sorted(set_files))}): none tests a hypothesis about the code under test",
                          tuple(set_turns)))
    return out


def preference_rules(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    if not config.enforce_preference or _arm(tl) != "dbg":
        return []
    preference = tl.task.preference or tl.view.preference
    inspections = [e for e in tl.events if e.is_inspection]
    out = []
    if preference == "avoid" and tl.debugger_started:
        turns = tuple(e.turn for e in tl.events if e.tool in START_TOOLS and not e.action.error)
        out.append(Reason("avoid_opened_debugger", f"the task is labelled avoid, but the debugger was opened "
                          f"({_turns(turns)})", turns))
    if preference == "recommended":
        if config.require_recommended_inspection and not inspections:
            out.append(Reason("recommended_without_inspection", "the task is labelled recommended, but no runtime "
                              "state was inspected (print_variable, examine_locals, examine_globals, run_expression)"))
        if config.require_recommended_flow_inspect_adjacency and inspections and not any(e.at_stop for e in inspections):
            out.append(Reason("no_adjacent_inspection", "the task is labelled recommended, but no inspection follows "
                              "a breakpoint hit, a step or an exception stop", tuple(e.turn for e in inspections)))
    return out


def inspection_not_adjacent(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    loose = [e.turn for e in tl.events if e.is_inspection and not e.at_stop]
    penalty = config.soft_penalties["inspection_not_adjacent"]
    return [Reason("inspection_not_adjacent", f"turn {turn} inspected without a breakpoint hit or stop just before",
                   (turn,), penalty) for turn in loose]


def done_without_verification(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    if not config.enforce_done_after_verification:
        return []
    done = next((e for e in tl.events if e.tool in FINISH_TOOLS), None)
    if done is None:
        return []
    last_edit = max((i for i, e in enumerate(tl.events) if e.edits), default=-1)
    passing = [e for e in tl.events[last_edit + 1:] if e.bash and e.bash.tests_passed]
    if passing and passing[0].turn <= done.turn:
        return []
    after = f"after the last edit (turn {tl.events[last_edit].turn})" if last_edit >= 0 else "at all"
    return [Reason("done_without_verification", f"done at turn {done.turn} with no passing test run {after}",
                   (done.turn,))]


def whole_file_dumps(tl: Timeline, config: PolicyConfig) -> list[Reason]:
    penalty = config.soft_penalties["whole_file_dump"]
    return [Reason("whole_file_dump", f"turn {e.turn} showed {', '.join(sorted(e.bash.dumps))} whole; read a "
                   "window (sed -n '1,80p') or probe it first (wc -l, grep -n)", (e.turn,), penalty)
            for e in tl.events if e.bash and e.bash.dumps]


def uninformed_edit(tl: Timeline, config: PolicyConfig, relevance: EditRelevanceVerdict) -> list[Reason]:
    if relevance.edit_relevant is not False:
        return []
    turns = tuple(record.turn for record in relevance.edits)
    return [Reason("debugger_did_not_inform_edit", "the debugger was used, but no edit is linked to anything it "
                   f"showed (edits at {_turns(turns)})", turns)]


RULE_FUNCTIONS = (invalid_tool_order, blind_stepping, repeated_calls, edit_without_read, broad_breakpoints,
                  preference_rules, inspection_not_adjacent, done_without_verification, whole_file_dumps)


def features(tl: Timeline, relevance: EditRelevanceVerdict) -> dict:
    events = tl.events
    tools = defaultdict(int)
    for event in events:
        tools[event.tool] += 1
    debugger_calls = sum(n for tool, n in tools.items() if tool in DEBUGGER_TOOLS)
    inspections = [e for e in events if e.is_inspection]
    return {
        "turns": len(events), "tool_calls": dict(sorted(tools.items())),
        "arm": _arm(tl), "preference": tl.task.preference or tl.view.preference, "verified": tl.view.verified,
        "debugger_started": tl.debugger_started, "debugger_calls": debugger_calls,
        "inspections": len(inspections), "adjacent_inspections": sum(e.at_stop for e in inspections),
        "auxiliary_debugger_share": round(sum(tools[t] for t in AUXILIARY_TOOLS) / debugger_calls, 4)
        if debugger_calls else None,
        "edits": sum(len(e.edits) for e in events), "linked_edits": sum(bool(r.links) for r in relevance.edits),
        "files_read": sorted({f for e in events for f in e.reads})[:50],
        "test_runs": sum(bool(e.bash and e.bash.test_run) for e in events),
        "passing_test_runs": sum(bool(e.bash and e.bash.tests_passed) for e in events),
        "metadata_probes": sum(bool(e.bash and e.bash.metadata_probe) for e in events),
        "whole_file_dumps": sum(bool(e.bash and e.bash.dumps) for e in events),
        "invalid_replies": tools.get("<invalid>", 0),
        "task_source_known": bool(tl.task.files),
    }


def score_policy(tl: Timeline, config: PolicyConfig, relevance: EditRelevanceVerdict) -> PolicyVerdict:
    reasons = [r for rule in RULE_FUNCTIONS for r in rule(tl, config)] + uninformed_edit(tl, config, relevance)
    if any(r.rule == "no_adjacent_inspection" for r in reasons):  # the hard reason covers each inspection
        reasons = [r for r in reasons if r.rule != "inspection_not_adjacent"]
    hard = tuple(r for r in reasons if RULES[r.rule][0] == "hard")
    soft = tuple(r for r in reasons if RULES[r.rule][0] == "soft")
    per_rule: dict[str, float] = defaultdict(float)
    for reason in soft:
        per_rule[reason.rule] += reason.penalty or 0.0
    lost = config.hard_reason_penalty * len(hard) + sum(min(config.max_soft_penalty_per_rule, v) for v in per_rule.values())
    score = min(1.0, max(0.0, 1.0 - lost))
    passed = not hard and score >= config.min_quality_score
    return PolicyVerdict(config.version, score, passed, hard, soft, features(tl, relevance))
