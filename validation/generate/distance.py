"""From the trace of a planted bug's failing tests to a measured distance and a proposed label.

The measure, per failing test (the nearest one to the change wins):
- ``hits``: how often the changed lines ran (0: the failure comes from a changed definition, not a run);
- ``calls_between``: calls into repository code between the first run of a changed line (where program
  state first goes wrong) and the failure;
- ``calls_since_last``: the same from the last run of a changed line;
- ``on_failure_stack`` / ``frames``: whether the changed function is still on the failing stack, and how
  many frames lie between it and the failing line (the whole failing stack when it is not);
- ``state_carried``: the changed function had returned before the failure, so the wrong value reached
  the failure through stored state or a returned value read later;
- ``files``: the files, test files aside, whose code ran from the first run of a changed line to the failure
  (the change's own and the failing stack's among them): where the wrong value can have travelled between
  going wrong and failing the test, as the shared measure counts them for hand-written and real bugs
  (``corpus.quality.divergence``: "the workspace files, test files aside, that run between the two");
  ``files_on_stack``: the narrower count over the change and the failing stack only;
- ``failure_mentions_change``: the failing line names something the change touched.
One label rule serves hand-written, real and generated bugs: the measure becomes a
``corpus.quality.divergence.Divergence`` (for a planted bug, program state first goes wrong where a
changed line first runs, so the distance is counted from there) and ``corpus/quality/label_rule.json``
(versioned) proposes the label.
"""

from __future__ import annotations

import ast
import keyword
import re
from dataclasses import asdict, dataclass

from corpus.quality.divergence import Divergence
from corpus.quality.label_rule import LabelRule, ProposedLabel

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
COMMON = frozenset({"self", "cls", "None", "True", "False", "pass", "return", "len", "str", "int", "list", "dict",
                    "set", "tuple", "print", "range", "x", "i", "j", "k", "n", "v"}) | frozenset(keyword.kwlist)


@dataclass(frozen=True)
class PlantDistance:
    test: str
    hits: int
    calls_between: int
    calls_since_last: int
    on_failure_stack: bool
    frames: int
    state_carried: bool
    files: int  # the files, test files aside, whose code ran between the change's first run and the failure
    files_on_stack: int  # the files, test files aside, among the change's and the failing stack's
    failure_in_changed_function: bool
    failure_mentions_change: bool
    failure_type: str
    failure_line: str

    def to_dict(self) -> dict:
        return asdict(self)


def touched_names(before_lines: list[str], after_lines: list[str]) -> set[str]:
    """Identifiers on the changed lines (either side), less the ones that name nothing specific."""
    names: set[str] = set()
    for line in before_lines + after_lines:
        names |= set(WORD.findall(line))
    return names - COMMON


def measure(record: dict, *, file: str, function_line: int, touched: set[str],
            test_files: frozenset[str] = frozenset()) -> PlantDistance | None:
    """``function_line``: the changed function's first line (how frames name functions on every Python)."""
    failure = record.get("failure")
    if not failure:
        return None
    frames = failure["frames"]
    stack_functions = [(f["file"], f.get("first_line")) for f in frames]
    changed = (file, function_line)
    on_stack = changed in stack_functions
    if on_stack:
        position = max(i for i, entry in enumerate(stack_functions) if entry == changed)
        distance_frames = len(frames) - 1 - position
    else:
        distance_frames = len(frames)
    innermost = frames[-1] if frames else {"file": "", "first_line": None, "text": ""}
    first_hit, last_hit = record.get("first_hit_call"), record.get("last_hit_call")
    calls_between = failure["calls"] - first_hit if first_hit is not None else failure["calls"]
    calls_since_last = failure["calls"] - last_hit if last_hit is not None else failure["calls"]
    failing_text = innermost.get("text", "")
    on_stack_files = {file, *(f["file"] for f in frames)}
    ran = set(failure.get("files_after", ())) if record.get("hits", 0) else set()
    return PlantDistance(
        test=record["test"], hits=int(record.get("hits", 0)), calls_between=max(0, int(calls_between)),
        calls_since_last=max(0, int(calls_since_last)),
        on_failure_stack=on_stack, frames=distance_frames, state_carried=not on_stack and record.get("hits", 0) > 0,
        files=len(_source_files(on_stack_files | ran, test_files)),
        files_on_stack=len(_source_files(on_stack_files, test_files)),
        failure_in_changed_function=(innermost.get("file"), innermost.get("first_line")) == changed,
        failure_mentions_change=bool(set(WORD.findall(failing_text)) & touched),
        failure_type=failure.get("type", ""), failure_line=failing_text[:200])


def _source_files(files: set[str], test_files: frozenset[str]) -> set[str]:
    """The files that are the repository's code: test files and pytest's ``conftest.py`` aside."""
    return {f for f in files if f not in test_files and f.rsplit("/", 1)[-1] != "conftest.py"}


def nearest(distances: list[PlantDistance]) -> PlantDistance:
    """What a task is judged by, as ``corpus.quality.divergence.nearest`` judges every task: the failing test
    where the change is easiest to reach from its failure (the failure pointing at the change first, then
    the fewest files, calls and frames between), since an agent reads every failure and takes the shortest way.
    As there only tests whose state diverged count, here only tests in which the change ran, when any did (a
    test failing without it failed on a definition the change made, or on something else: a fixture's error)."""
    return by_nearness(distances)[0]


def by_nearness(distances: list[PlantDistance]) -> list[PlantDistance]:
    """``distances`` nearest first (``nearest``), the tests the change never ran in last."""
    return sorted(distances, key=lambda d: (not d.hits, not (d.failure_mentions_change or d.failure_in_changed_function),
                                            d.files, d.calls_between, d.frames, d.test))


def as_divergence(distance: PlantDistance, *, file: str, function: str, line: int) -> Divergence:
    """The measure in the shared record: found when the change ran; ``shown`` when the failing line names
    something the change touched (the failure points at it)."""
    return Divergence(test=distance.test, found=distance.hits > 0, where=f"{file}:{line} in {function}", file=file,
                      function=function, line=line, kind="planted", calls=distance.calls_between,
                      frames=distance.frames, files=distance.files,
                      shown=distance.failure_mentions_change or distance.failure_in_changed_function,
                      reason="" if distance.hits else "the changed lines never ran: the failure comes from a definition")


def propose_label(distance: PlantDistance, *, file: str = "", function: str = "", line: int = 0,
                  rule: LabelRule | None = None) -> ProposedLabel:
    """The label the shared versioned rule proposes for a planted bug's measure."""
    return (rule or LabelRule.load()).propose(as_divergence(distance, file=file, function=function, line=line))


def changed_function_lines(source: str, function: str) -> tuple[int, int] | None:
    """First and last line of the function called ``function`` (a qualified name) in ``source``."""
    tree = ast.parse(source)
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if name == function and not isinstance(child, ast.ClassDef):
                    return child.lineno, child.end_lineno or child.lineno
                inner = f"{name}.<locals>." if not isinstance(child, ast.ClassDef) else f"{name}."
                stack.append((child, inner))
            else:
                stack.append((child, prefix))
    return None
