"""Edit relevance (edit_relevance_v1): for each edit, the earlier debugger observations that informed
it, by the write-up's four criteria, each link with a reason a reviewer can check.

An observation is linked to an edit when, automatically and where the evidence allows:

1. ``rules_out_hypothesis``: a yes/no check (``x is None``, ``len(a) == n``) answered True/False in
   one function, after which the trajectory moved on to stop or inspect in the function it then edited.
2. ``incorrect_value``: a value seen at a stop in the function (or within a few lines) that the edit
   changes, on lines that use a name the inspection showed; or the task's recorded evidence value.
3. ``failing_frame``: an uncaught-exception stop, or a ``select_frame``, whose frame's function the
   edit changes.
4. ``reflected_in_edit``: a distinctive name or literal that the observation showed and the edit adds.

Links are proposals: a person confirms or overturns them in review, and a confirmed human verdict
wins in every report. Per trajectory, ``edit_relevant`` is True when some edit has a link, False when
the debugger started and edits have none, and None when the debugger never started or nothing was
edited (the write-up's EditRelevant is a rate among trajectories that started the debugger).
"""

from __future__ import annotations

import re

from harness.records.groups import EXPRESSION_TOOLS, SCOPE_TOOLS, SHELL_TOOLS
from harness.scoring.quality import EditLink, EditRecord, EditRelevanceVerdict
from harness.scoring.source import EditChange, distinctive, expression_names, identifiers, literals
from harness.scoring.timeline import Event, Timeline

VERSION = "edit_relevance_v1"
LINE_WINDOW = 8  # lines: an edit this close to where a value was seen is at the same place
_PREDICATE = re.compile(r"==|!=|<=|>=|(?<![-=])[<>]|\bis\b|\bin\b|\bisinstance\(|\bhasattr\(|\bcallable\(|\bnot\b")
_SPACE = re.compile(r"\s+")


def _short(text: str, limit: int = 90) -> str:
    text = _SPACE.sub(" ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _where(event: Event) -> str:
    path, line = event.action.position or ("?", 0)
    function = f" in {event.function}()" if event.function else ""
    return f"{path}:{line}{function}"


def _lines_text(change: EditChange) -> str:
    if not change.lines:
        return ""
    shown = ", ".join(map(str, change.lines[:4])) + (", …" if len(change.lines) > 4 else "")
    return f"line{'s' if len(change.lines) > 1 else ''} {shown} of "


def _same_place(timeline: Timeline, event: Event, change: EditChange) -> bool:
    """The edit changes the function (or the lines near the spot) where the observation was made."""
    if event.action.position is None:
        return False
    path, line = event.action.position
    if timeline.workspace.resolve(path) != change.file:
        return False
    if change.lines_known and change.functions and event.function:
        return event.function in change.functions
    if change.lines_known:
        return any(abs(changed - line) <= LINE_WINDOW for changed in change.lines)
    return change.tool not in SHELL_TOOLS  # an edit without known lines: the same file, judged by names alone


def _shown_names(event: Event) -> set[str]:
    if event.tool in SCOPE_TOOLS:
        return {name.split(".")[0] for name, _ in event.values}
    return expression_names(" ".join(asked for asked, _ in event.values))


def _normal(text: str) -> str:
    return _SPACE.sub("", text)


def _seen(event: Event, shared: set[str]) -> str:
    pairs = event.values
    if event.tool in SCOPE_TOOLS:
        pairs = [(name, value) for name, value in pairs if name.split(".")[0] in shared]
    return "; ".join(f"{name} = {_short(value, 60)}" if name else _short(value, 60) for name, value in pairs[:3])


def _incorrect_value(timeline: Timeline, event: Event, change: EditChange) -> str | None:
    reasons = []
    shared = sorted((_shown_names(event) - {"self", "cls"}) & change.names())
    if shared and _same_place(timeline, event, change):
        reasons.append(f"saw {_seen(event, set(shared))} at {_where(event)}; the edit changes "
                       f"{_lines_text(change)}{change.file} where {', '.join(shared[:4])} "
                       f"{'is' if len(shared) == 1 else 'are'} used")
    shown = _normal(" ".join(value for _, value in event.values))
    position_file = timeline.workspace.resolve(event.action.position[0]) if event.action.position else None
    for evidence in timeline.task.evidence:
        if (evidence.observed and _normal(evidence.observed) in shown
                and position_file == timeline.workspace.resolve(evidence.file)):
            reasons.append(f"saw {_short(evidence.observed, 60)} at {_where(event)}: the task's recorded "
                           f"evidence of the bug ({evidence.expression} at {evidence.file}:{evidence.line})")
            break
    return "; ".join(reasons) or None


def _failing_frame(timeline: Timeline, event: Event, change: EditChange) -> str | None:
    stop = event.stop
    if stop is None or stop.frame is None or stop.kind not in ("exception", "frame"):
        return None
    if not (change.lines_known and change.functions):
        return None
    frame = stop.frame
    if timeline.workspace.resolve(frame.file) != change.file or frame.function not in change.functions:
        return None
    if stop.kind == "exception":
        cause = f" on {_short(stop.exception, 70)}" if stop.exception else ""
        return (f"the program stopped post-mortem{cause} in {frame.function}() at {frame.file}:{frame.line}; "
                f"the edit changes {_lines_text(change)}{frame.function}()")
    index = event.action.arguments.get("index")
    return (f"select_frame({index}) chose {frame.function}() at {frame.file}:{frame.line}; the edit changes "
            f"{_lines_text(change)}{frame.function}()")


def _reflected(event: Event, change: EditChange) -> str | None:
    shown_text = " ".join(value for _, value in event.values)
    shown = distinctive(identifiers(shown_text)) | literals(shown_text)
    if event.tool in SCOPE_TOOLS:
        shown |= distinctive({name for name, _ in event.values})
    added = distinctive(change.added_only()) | change.added_literals()
    common = sorted(shown & added)
    if not common:
        return None
    return (f"{event.tool} at {_where(event)} showed {', '.join(common[:4])}; the edit to {change.file} "
            f"adds {'it' if len(common) == 1 else 'them'}")


def _rules_out(timeline: Timeline, events: list[Event], index: int, change: EditChange) -> str | None:
    event = events[index]
    if event.tool not in EXPRESSION_TOOLS or not event.values or not event.function:
        return None
    asked, value = event.values[0]
    if value.strip() not in ("True", "False") or not _PREDICATE.search(asked):
        return None
    if not (change.lines_known and change.functions) or (
            event.function in change.functions and _same_place(timeline, event, change)):
        return None
    for later in events[index + 1:]:
        if later.action.position is None or later.function not in change.functions:
            continue
        if timeline.workspace.resolve(later.action.position[0]) == change.file and (later.is_inspection or later.stop):
            return (f"checked {_short(asked, 50)} → {value.strip()} at {_where(event)}, then moved on to "
                    f"{_where(later)} (turn {later.turn}), the function the edit changes")
    return None


def score_edit_relevance(timeline: Timeline) -> EditRelevanceVerdict:
    events = timeline.events
    records = []
    for edit_index, edit_event in enumerate(events):
        for change in edit_event.edits:
            if timeline.is_test_file(change.file):
                continue
            links: list[EditLink] = []
            for index in range(edit_index):
                event = events[index]
                if not event.started_before:
                    continue
                found = []
                if event.is_inspection:
                    found += [(1, _rules_out(timeline, events[:edit_index], index, change)),
                              (2, _incorrect_value(timeline, event, change)),
                              (4, _reflected(event, change))]
                found.append((3, _failing_frame(timeline, event, change)))
                links += [EditLink(event.turn, criterion, reason) for criterion, reason in found if reason]
            records.append(EditRecord(edit_event.turn, change.file,
                                      tuple(sorted(links, key=lambda x: (x.turn, x.criterion))),
                                      tuple(change.lines)))
    started = timeline.debugger_started
    relevant = None if not started or not records else any(r.links for r in records)
    return EditRelevanceVerdict(VERSION, started, relevant, tuple(records))
