"""Each skill's own requirement, read from the scoring timeline (the one reading of a trajectory that
pdb_policy and edit relevance use): a function ``check(timeline, instance) -> what is missing | None``."""

from __future__ import annotations

import re

from harness.records.groups import START_TOOLS
from harness.scoring.timeline import Event, Timeline

# An inspection that asks about threads or a lock's state, not only about values.
_THREAD_QUESTION = re.compile(r"threading\.enumerate|_current_frames|\.locked\(|_owner|\bowner\b|is_alive|"
                              r"\.ident\b|\bthreads?\b|_waiters|_is_owned")


def _same_file(path: str | None, wanted: str, tl: Timeline) -> bool:
    return bool(path) and tl.workspace.resolve(path) == tl.workspace.resolve(wanted)


def _outside_workspace(path: str | None, tl: Timeline) -> bool:
    return bool(path) and (path.startswith("/") or tl.workspace.resolve(path) not in tl.task.files)


def _hits(tl: Timeline, file: str, line: int | None = None) -> list[Event]:
    return [e for e in tl.events if e.stop is not None and e.stop.kind == "hit" and e.stop.frame is not None
            and _same_file(e.stop.frame.file, file, tl) and (line is None or e.stop.frame.line == line)]


def breakpoint_hit(tl: Timeline, instance) -> str | None:
    file, line = instance.fields["file"], instance.fields["line"]
    return None if _hits(tl, file, line) else f"the program never stopped at the breakpoint {file}:{line}"


def started_on_test_file(tl: Timeline, instance) -> str | None:
    start = next((e for e in tl.events if e.tool in START_TOOLS and not e.action.error), None)
    if start is None:
        return "the debugger was never started"
    target = start.action.text_argument("file") or ""
    if not tl.is_test_file(target):
        return f"the debugger was started on {target}, not on a test file, so the tests never called the code"
    file = instance.fields["file"]
    return None if _hits(tl, file) else f"the program never stopped in {file}"


def recovered_failed_edit(tl: Timeline, instance) -> str | None:
    failed = next((e for e in tl.events if e.tool == "edit_file" and e.action.error), None)
    if failed is None:
        return "no edit_file call failed, so there was nothing to recover from"
    file = tl.workspace.resolve(failed.action.text_argument("file_path") or "")
    index = tl.events.index(failed)
    if any(change.file == file for e in tl.events[:index] for change in e.edits):
        return f"{file} was already edited before the failed edit"
    reread = next((i for i, e in enumerate(tl.events) if i > index and file in e.reads), None)
    if reread is None:
        return f"after the failed edit (turn {failed.turn}) {file} was not read again"
    if not any(change.file == file for e in tl.events[reread + 1:] for change in e.edits):
        return f"after reading {file} again, no edit to it succeeded"
    return None


def inspected_post_mortem(tl: Timeline, instance) -> str | None:
    raised = [e for e in tl.events if e.stop is not None and e.stop.kind == "exception" and e.stop.frame is not None
              and not tl.is_test_file(e.stop.frame.file)]
    if not raised:
        return "the program never stopped post-mortem in the code under test (the frame that raised)"
    first = tl.events.index(raised[0])
    if not any(e.is_inspection and e.at_exception for e in tl.events[first + 1:]):
        return "nothing was inspected in the frame that raised before the program moved on"
    return None


def stepped_into_library(tl: Timeline, instance) -> str | None:
    package = instance.fields["package"]
    inside = [i for i, e in enumerate(tl.events) if e.tool == "step_into" and e.stop is not None
              and e.stop.frame is not None and _outside_workspace(e.stop.frame.file, tl)
              and f"/{package}/" in e.stop.frame.file]
    if not inside:
        return f"no step_into landed in {package}'s code"
    if not any(e.is_inspection and e.action.position and _outside_workspace(e.action.position[0], tl)
               for e in tl.events[inside[0] + 1:]):
        return f"nothing was inspected inside {package}'s code"
    return None


def asked_which_thread(tl: Timeline, instance) -> str | None:
    for event in tl.events:
        if not (event.is_inspection and event.action.position):
            continue
        question = " ".join(str(v) for v in event.action.arguments.values())
        if _THREAD_QUESTION.search(question):
            return None
    return ("no inspection asked which thread holds what the others wait for (threading.enumerate(), where "
            "each thread is, a lock's locked() or owner)")
