"""The guards' mutation run: which functions it mutates, and its report (scripts/mutation).

``--globs SCOPE`` prints the mutant names mutmut is asked to run; ``--report SCOPE`` reads mutmut's
results, explains each surviving mutant found in ``scripts/mutation_equivalents.yaml`` (``why``: a change
that cannot alter behaviour, with the reason; ``open``: a known survivor still to be killed by a test,
listed apart), writes ``bench/results/mutation-SCOPE.md`` and exits 1 when a mutant survived that the
file does not name, or was run by no test: a new survivor fails the run. A run that passes records the
fingerprint of every function it mutated in ``scripts/mutation_checked.json``; ``--changed`` (the test
suite's fast check, tests/test_mutation_guards.py) names the guards whose code differs from what their
last passing run checked.

A mutant is matched by its function and the line it changes (before and after), not by mutmut's
number, which shifts whenever the function changes.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "scripts" / "mutation_equivalents.yaml"
CHECKED = ROOT / "scripts" / "mutation_checked.json"
RESULTS = ROOT / "bench" / "results"

# The functions that decide: module -> function names (``Class.method`` for a method).
GUARDS = {
    "webapp.core.roles": ["check_role", "role_of", "_group_names", "has", "is_admin", "require", "may_manage_job",
                          "require_manage_job"],
    "webapp.runs.services.jobs": ["_transition", "claim_job", "succeed_job", "fail_job", "mark_cancelled",
                                  "cancel_job", "retry_job"],
    "corpus.splits": ["hash_point", "hash_split", "read_splits_file", "tasks_in_split", "assign", "SplitUpdate.counts"],
    "corpus.leakage": ["LeakageGuard.check", "check_no_heldout", "heldout_copies", "split_siblings"],
    "corpus.task_splits": ["split_in_meta", "strictest", "TaskSplits.place_of", "TaskSplits.split_of",
                           "TaskSplits.in_split", "TaskSplits.heldout"],
    "harness.scoring.edit_relevance": ["score_edit_relevance"],
    "training.export.run": ["_check_document"],
    "training.export.splits": ["assign_splits"],
    "training.export.demonstrations": ["skip_reason"],
    "training.rollouts.selection": ["judge_candidate", "best_candidate"],
}
# The verifier's decisions, each pinned by fast tests without a sandbox (tests/harness/test_verdict_rules.py,
# test_patch_scan.py, test_test_guard.py). Reading the workspace and running pytest in the sandbox
# (collect_changes, verify itself) are shown end to end by the sandbox tests, too slow to run per mutant.
VERIFIER = {
    "harness.verify": ["_shadows_a_module", "steers_pytest", "read_junit", "time_limit", "judge_report", "_distrust",
                       "_judged"],
    "harness.patch_scan": ["*"],
    "harness.test_guard": ["*"],
}
SCOPES = {"guards": GUARDS, "verifier": VERIFIER, "all": {**GUARDS, **VERIFIER}}


def _definitions(module: str) -> dict[str, ast.AST]:
    """The module's top-level functions and its classes' methods, by name (``Class.method``), read from
    its file (nothing is imported)."""
    tree = ast.parse((ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8"))
    found: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            found.update({f"{node.name}.{item.name}": item for item in node.body
                          if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))})
    return found


def fingerprints(scope: str) -> dict[str, str]:
    """``module.function`` -> a hash of its code as parsed (comments and layout do not count; a changed
    operator, constant, name or docstring does), for every function the scope mutates."""
    out = {}
    for module, functions in SCOPES[scope].items():
        defined = _definitions(module)
        for name in (sorted(defined) if functions == ["*"] else functions):
            if name not in defined:
                raise SystemExit(f"scripts/mutation_check.py: {module} has no function {name!r}; update GUARDS")
            out[f"{module}.{name}"] = hashlib.sha256(ast.dump(defined[name]).encode()).hexdigest()[:16]
    return out


def changed(scope: str = "all") -> list[str]:
    """The guards whose code differs from what their last passing mutation run checked (or never ran)."""
    checked = json.loads(CHECKED.read_text(encoding="utf-8")) if CHECKED.exists() else {}
    return sorted(name for name, print_ in fingerprints(scope).items() if checked.get(name) != print_)


def record_checked(scope: str) -> None:
    checked = json.loads(CHECKED.read_text(encoding="utf-8")) if CHECKED.exists() else {}
    checked.update(fingerprints(scope))
    CHECKED.write_text(json.dumps(dict(sorted(checked.items())), indent=1) + "\n", encoding="utf-8")


def mutant_glob(module: str, function: str) -> str:
    """mutmut's name for the mutants of ``function``: ``module.x_name__mutmut_N``, ``module.xǁClassǁname__mutmut_N``."""
    if function == "*":
        return f"{module}.*"
    if "." in function:
        cls, name = function.split(".")
        return f"{module}.xǁ{cls}ǁ{name}__mutmut_*"
    return f"{module}.x_{function}__mutmut_*"


def globs(scope: str) -> list[str]:
    return [mutant_glob(module, f) for module, functions in SCOPES[scope].items() for f in functions]


def function_of(mutant: str) -> str:
    return re.sub(r"__mutmut_\d+$", "", mutant).replace("ǁ", ".").replace(".x_", ".").replace(".x.", ".")


def mutmut(*args: str) -> str:
    return subprocess.run([str(ROOT / ".venv" / "bin" / "mutmut"), *args], cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=600).stdout


def results() -> dict[str, str]:
    found = {}
    for line in mutmut("results", "--all", "true").splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status
    return found


def _diff(mutant: str) -> str:
    """``mutmut show``'s diff, read in this process (a subprocess per mutant takes seconds each)."""
    try:
        from mutmut.__main__ import find_mutant, get_diff_for_mutant
    except ImportError:  # another mutmut layout: ask the command
        return mutmut("show", mutant)
    return get_diff_for_mutant(mutant, path=find_mutant(mutant).path)


def changed_line(mutant: str) -> tuple[str, str]:
    """(the line as written, the line as mutated), stripped: the first changed pair of the diff."""
    diff = _diff(mutant).splitlines()
    removed = [line[1:].strip() for line in diff if line.startswith("-") and not line.startswith("---")]
    added = [line[1:].strip() for line in diff if line.startswith("+") and not line.startswith("+++")]
    return (" ".join(removed), " ".join(added))


def load_equivalents() -> list[dict]:
    return yaml.safe_load(EQUIVALENTS.read_text(encoding="utf-8")) or []


def report(scope: str) -> int:
    wanted = [re.compile(re.escape(g).replace(r"\*", ".*") + "$") for g in globs(scope)]
    statuses = {name: status for name, status in results().items() if any(w.match(name) for w in wanted)}
    equivalents = load_equivalents()
    by_function: dict[str, Counter] = defaultdict(Counter)
    explained, unexplained, untested, known_open = [], [], [], []
    for name, status in sorted(statuses.items()):
        function = function_of(name)
        if status == "survived":
            before, after = changed_line(name)
            entry = next((e for e in equivalents if e["function"] == function and e["from"] == before
                          and e["to"] == after), None)
            if entry and entry.get("why"):
                explained.append((function, before, after, entry["why"]))
                status = "equivalent"
            elif entry and entry.get("open"):
                known_open.append((name, before, after, entry["open"]))
                status = "open"
            else:
                unexplained.append((name, before, after))
        elif status == "no tests":
            untested.append(name)
        by_function[function][status] += 1
    lines = [f"# Mutation run: {scope}", "",
             f"`scripts/mutation {scope}` (mutmut, the tests in `[tool.mutmut]` of pyproject.toml). "
             f"{len(statuses)} mutants; {len(unexplained)} survived unexplained; {len(known_open)} known survivors "
             f"still to kill; {len(untested)} run by no test.", "",
             "| function | killed | equivalent | open | survived | no tests | other |", "|---|---|---|---|---|---|---|"]
    for function, counts in sorted(by_function.items()):
        other = sum(n for s, n in counts.items() if s not in ("killed", "equivalent", "open", "survived", "no tests"))
        lines.append(f"| `{function}` | {counts['killed']} | {counts['equivalent']} | {counts['open']} | "
                     f"{counts['survived']} | {counts['no tests']} | {other} |")
    if unexplained:
        lines += ["", "## Survived, unexplained", ""]
        lines += [f"- `{name}`: `{before}` → `{after}`" for name, before, after in unexplained]
    if known_open:
        lines += ["", "## Known survivors still to kill (scripts/mutation_equivalents.yaml, `open`)", ""]
        lines += [f"- `{name}`: `{before}` → `{after}`: {why}" for name, before, after, why in known_open]
    if untested:
        lines += ["", "## Run by no test", ""] + [f"- `{name}`" for name in untested]
    if explained:
        lines += ["", "## Equivalent (scripts/mutation_equivalents.yaml)", ""]
        lines += [f"- `{function}`: `{before}` → `{after}`: {why}" for function, before, after, why in explained]
    out = RESULTS / f"mutation-{scope}.md"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    print(f"\nwrote {out.relative_to(ROOT)}")
    if unexplained or untested:
        return 1
    record_checked(scope)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--globs", choices=sorted(SCOPES))
    action.add_argument("--report", choices=sorted(SCOPES))
    action.add_argument("--changed", choices=sorted(SCOPES))
    args = parser.parse_args(argv)
    if args.changed:
        names = changed(args.changed)
        print("\n".join(names))
        return 1 if names else 0
    if args.globs:
        print("\n".join(globs(args.globs)))
        return 0
    return report(args.report)


if __name__ == "__main__":
    sys.exit(main())
