"""What knowing a task's split costs whatever its origin (corpus.task_splits), with thousands of generated
tasks: one name (each guard's question: the GRPO rollout guard asks it for every prompt, the trajectory
header once an episode), and a whole split (what selection by split and the heldout set need), first in a
process and again; against loading one generated task (what answering by loading every task would pay per
task).

    .venv/bin/python bench/task_splits_speed.py [--tasks 3000] [--repeat 200]

The generated corpus is a temporary folder of copies of a committed generated task's meta.json (renamed,
their splits spread over train / validation / heldout), beside the committed hand-written and real
registries. Writes bench/results/task_splits_speed.md and .json (bench/report.py). Not a test: numbers
depend on the machine; run it when the machine is quiet.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from corpus import task_splits as registries  # noqa: E402
from corpus.format import load_task  # noqa: E402
from corpus.repository.corpus_root import GENERATED_TASKS_DIR  # noqa: E402
from corpus.splits import SPLITS  # noqa: E402


def timed_ms(fn) -> float:
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def make_corpus(root: Path, count: int) -> list[str]:
    source = next(p for p in sorted(GENERATED_TASKS_DIR.iterdir()) if (p / "meta.json").is_file())
    meta = json.loads((source / "meta.json").read_text(encoding="utf-8"))
    names = []
    for index in range(count):
        name = f"bench__task__{index:05d}"
        folder = root / name
        folder.mkdir(parents=True)
        (folder / "meta.json").write_text(json.dumps({**meta, "name": name, "split": SPLITS[index % 3]}),
                                          encoding="utf-8")
        shutil.copy(source / "planted.patch", folder / "planted.patch")
        names.append(name)
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tasks", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=200)
    add_out_dir(parser)
    args = parser.parse_args()
    run = BenchRun("task_splits_speed", out_dir=args.out_dir)
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-splits-") as tmp:
        names = make_corpus(Path(tmp) / "generated", args.tasks)
        registry = registries.TaskSplits(generated_dir=Path(tmp) / "generated")
        registries._FILES.clear()  # noqa: SLF001 - a first question in a fresh process
        first_name = timed_ms(lambda: registry.split_of(names[-1]))
        others = [timed_ms(lambda n=name: registry.split_of(n)) for name in names[:args.repeat]]
        again = [timed_ms(lambda: registry.split_of(names[0])) for _ in range(args.repeat)]
        registries._FILES.clear()  # noqa: SLF001
        first_split = timed_ms(lambda: registry.in_split("heldout"))
        split_again = [timed_ms(lambda: registry.in_split("heldout")) for _ in range(5)]
        heldout = len(registry.in_split("heldout", ["generated"]))
        loads = [timed_ms(lambda n=name: load_task(Path(tmp) / "generated" / n)) for name in names[:args.repeat]]
    rows = [
        {"case": "one name, first in the process", "ms": first_name},
        {"case": "another name (the splits files already read)", "ms": statistics.median(others)},
        {"case": "the same name again (no file changed)", "ms": statistics.median(again)},
        {"case": f"a whole split of {args.tasks} generated tasks, first in the process", "ms": first_split},
        {"case": "a whole split, again", "ms": statistics.median(split_again)},
        {"case": "reference: loading one generated task (load_task)", "ms": statistics.median(loads)},
        {"case": f"reference: loading all {args.tasks} (one load each, estimated)",
         "ms": statistics.median(loads) * args.tasks},
    ]
    table = Table(["case", "ms"], align="lr")
    for row in rows:
        table.add(row["case"], f"{row['ms']:.3f}")
    run.write([table], notes=[f"{args.tasks} generated tasks ({heldout} heldout) in a temporary folder beside the "
                              "committed hand-written and real registries; medians of "
                              f"{args.repeat} names (a whole split: of 5 repeats)."],
              data={"tasks": args.tasks, "rows": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
