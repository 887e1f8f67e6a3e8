"""How fast the annotation pages render with many trajectories, and how many queries they make.

    .venv/bin/python bench/webapp_pages.py [--trajectories 100000] [--steps 30] [--requests 30] [--out-dir bench/results]

Fills a throwaway PostgreSQL database (created next to DATABASE_URL's, dropped at the end) with 100
tasks, TRAJECTORIES trajectories of STEPS steps each (COPY, not the ORM), plus one 50-step trajectory,
then renders each page in-process through Django's test client (middleware, view, templates: the
server's time without the network) and reports the median and p95 over REQUESTS requests and the
number of SQL queries, and, of the median request, the CPU time of the Django process and the time
spent waiting for SQL answers (on a busy machine the wall time mostly waits for a CPU). Query counts are taken at a tenth of the rows and again at all of them: a page
whose count grows with the rows would show it. The admin's step search is measured with its trigram
index and, as the alternative, with the index dropped. Eval compare is measured over three reported
evals of 48 tasks × 2 arms × 3 runs: the page, and a first opening (the page and its seven plots,
nothing cached). Writes bench/results/webapp_pages.md and .json (bench/report.py). Not a test: numbers
depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psycopg
from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402

TOOLS = ["bash", "start_debugger", "add_breakpoint", "continue_execution", "examine_locals", "step_over",
         "print_variable", "list_code", "where_am_i", "edit_file"]
MODULE = "".join(f"def f{i}(x):\n    y = x + {i}\n    return y * 2\n\n\n" for i in range(40))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def step(turn: int, rng: random.Random) -> dict:
    tool = TOOLS[turn % len(TOOLS)] if turn > 1 else "bash"
    line = 2 + 5 * rng.randrange(40)
    if tool == "examine_locals":
        observation = (f'<execution_position file="mod.py" line={line}>\nlocals:\n  x = {rng.randrange(99)}\n'
                       f"  y = {rng.randrange(99)}\n</execution_position>")
    elif tool == "edit_file":
        observation = "Successfully replaced 1 occurrence(s) in mod.py"
    else:
        observation = (f'<execution_position file="mod.py" line={line}>\nmod.py:{line} in f()\n-> y = x + 1\n'
                       f"</execution_position>\n" + "output line\n" * rng.randrange(1, 8))
    arguments = {"file_path": "mod.py", "old_string": "+ 1\n", "new_string": "+ 2\n"} if tool == "edit_file" \
        else {"command": "python -m pytest -q"} if tool == "bash" else {}
    return {"turn": turn, "tool": tool, "arguments": arguments, "observation": observation,
            "position": None if tool in ("bash", "edit_file") else ["mod.py", line], "duration_ms": 3.0,
            "error": False}


def document(episode_id: str, task: str, arm: str, steps: int, rng: random.Random) -> dict:
    score = round(rng.random(), 2)
    return {
        "schema": "stepwise.trajectory/1", "episode_id": episode_id, "task": task, "split": "train", "arm": arm,
        "policy": {"kind": "openai", "model": f"model-{rng.randrange(4)}", "params": {}}, "sandbox": "bwrap",
        "max_turns": 50, "started_at": "2026-11-29T10:00:00Z", "finished_at": "2026-11-29T10:01:00Z",
        "messages": [{"role": "system", "content": "Fix the bug."}],
        "steps": [step(turn, rng) for turn in range(1, steps + 1)],
        "result": {"verified": rng.random() < 0.5, "exit_reason": "done", "tests": {"passed": 1, "failed": 0},
                   "patch": "--- a/mod.py\n+++ b/mod.py\n@@ -2 +2 @@\n-    y = x + 1\n+    y = x + 2\n"},
        "quality": {"verified": True, "policy": {"version": "pdb_policy_v1", "score": score, "passed": score > 0.5,
                                                 "hard_reasons": [], "soft_reasons": []},
                    "edit_relevance": {"version": "edit_relevance_v1", "debugger_started": True,
                                       "edit_relevant": score > 0.3, "edits": []},
                    "edit_relevant": score > 0.3},
    }


def fill(count: int, steps: int, *, start: int, task_ids: list[tuple[int, str]], seed: int) -> None:
    """COPY ``count`` trajectories and their steps (the columns save_trajectory would write)."""
    from django.db import connection

    from harness.trajectory import Trajectory as TrajectoryRecord
    from webapp.trajectories.services import trajectory_columns

    rng = random.Random(seed)
    raw = connection.cursor().cursor
    docs = []
    for i in range(start, start + count):
        task_id, task_name = task_ids[i % len(task_ids)]
        doc = document(f"bench-{i:06}", task_name, "dbg" if i % 2 else "base", steps, rng)
        docs.append((task_id, doc, TrajectoryRecord.from_json(doc)))
    columns = ["episode_id", "task_id", "task_name", "split", "arm", "policy_kind", "policy_model", "verified",
               "exit_reason", "turns", "debugger_started", "started_at", "finished_at", "document", "score",
               "passed", "edit_relevant", "hard_rules", "reviewed_edit_relevant", "source_path", "imported_at",
               "updated_at"]
    with raw.copy(f"COPY trajectories_trajectory ({', '.join(columns)}) FROM STDIN") as copy:
        for task_id, doc, record in docs:
            c = trajectory_columns(record)
            copy.write_row([doc["episode_id"], task_id, c["task_name"], c["split"], c["arm"], c["policy_kind"],
                            c["policy_model"], c["verified"], c["exit_reason"], c["turns"], c["debugger_started"],
                            c["started_at"], c["finished_at"], json.dumps(doc), c["score"], c["passed"],
                            c["edit_relevant"], json.dumps(c["hard_rules"]), None, "", c["started_at"],
                            c["started_at"]])
    raw.execute("SELECT id, episode_id FROM trajectories_trajectory WHERE episode_id = ANY(%s)",
                [[record.episode_id for _, _, record in docs]])
    ids = dict((episode, pk) for pk, episode in raw.fetchall())
    with raw.copy("COPY trajectories_step (trajectory_id, index, turn, tool, arguments, observation, "
                  "position_file, position_line, duration_ms, error) FROM STDIN") as copy:
        for _, _, record in docs:
            pk = ids[record.episode_id]
            for index, s in enumerate(record.steps):
                file, line = s.position or ("", None)
                copy.write_row([pk, index, s.turn, s.tool, json.dumps(s.arguments), s.observation,
                                file, line, s.duration_ms, s.error])


def eval_report(model: str, rng: random.Random) -> dict:
    from harness.eval.metrics import EpisodeOutcome
    from harness.eval.report import build_report

    rows = [EpisodeOutcome(task=f"task_{i:03}", arm=arm, run=run, verified=rng.random() < 0.5,
                           turns=rng.randrange(3, 30), debugger_started=arm == "dbg", debugger_calls=3,
                           inspection_calls=2, edit_relevant=rng.random() < 0.5, prompt_tokens=1000,
                           completion_tokens=100, wall_s=3.0)
            for i in range(48) for arm in ("base", "dbg") for run in (1, 2, 3)]
    return build_report(rows, model=model, runs=3, max_turns=30)


def measure_first_opening(client, runs, requests: int, *, at_once: bool = False) -> dict:
    """The compare page and its seven plot images, the plot cache emptied before each opening; with
    ``at_once`` the images are asked for together, one thread each, as a browser asks a threaded server."""
    from concurrent.futures import ThreadPoolExecutor

    from django.conf import settings
    from django.db import connection

    from webapp.runs import reports

    query = "&".join(f"run={run.pk}" for run in runs)
    images = [f"/evals/compare/{name}.png?{query}" for name in reports.PLOTS]

    def get(url):
        try:
            assert client.get(url).status_code == 200, url
        finally:
            if at_once:
                connection.close()  # this thread's own connection

    wall = []
    for _ in range(requests):
        shutil.rmtree(Path(settings.VAR_DIR) / "compare", ignore_errors=True)
        started = time.perf_counter()
        assert client.get(f"/evals/compare/?{query}").status_code == 200
        if at_once:
            with ThreadPoolExecutor(len(images)) as pool:
                list(pool.map(get, images))
        else:
            for url in images:
                get(url)
        wall.append((time.perf_counter() - started) * 1000)
    return {"median_ms": statistics.median(wall), "p95_ms": percentile(wall, 0.95), "cpu_ms": float("nan"),
            "sql_ms": float("nan"), "queries": None}


def measure(client, url: str, requests: int) -> dict:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    response = client.get(url)  # warm: caches, the connection
    assert response.status_code == 200, (url, response.status_code)
    wall, cpu, sql = [], [], []
    for _ in range(requests):
        with CaptureQueriesContext(connection) as queries:
            started, started_cpu = time.perf_counter(), time.process_time()
            client.get(url)
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
        sql.append(sum(float(q["time"]) for q in queries.captured_queries) * 1000)
    return {"median_ms": statistics.median(wall), "p95_ms": percentile(wall, 0.95),
            "cpu_ms": statistics.median(cpu), "sql_ms": statistics.median(sql), "queries": len(queries)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trajectories", type=int, default=100_000)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--requests", type=int, default=30)
    add_out_dir(parser)
    args = parser.parse_args()
    args.run = BenchRun("webapp_pages", out_dir=args.out_dir)

    base_url = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/stepwise"
    name = f"stepwise_bench_{uuid.uuid4().hex[:8]}"
    admin_url = base_url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ["DATABASE_URL"] = base_url.rsplit("/", 1)[0] + "/" + name
    os.environ["DJANGO_SETTINGS_MODULE"] = "webapp.config.settings.local"
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,localhost")
    os.environ["DJANGO_DEBUG"] = "0"
    try:
        return run(args, name)
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        print(f"dropped the throwaway database {name}", file=sys.stderr)


def run(args, name: str) -> int:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from webapp.catalog.models import Task
    from webapp.catalog.services import add_preference_label
    from webapp.runs.models import EvalRun
    from webapp.trajectories.services import save_trajectory

    print(f"throwaway database {name}: migrating", file=sys.stderr)
    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench", password="x", is_staff=True, is_superuser=True)
    others = [get_user_model().objects.create_user(f"ann{i}", password="x") for i in range(3)]
    tasks = Task.objects.bulk_create([
        Task(name=f"task_{i:03}", category=f"cat_{i % 8}", description="a bug", preference="optional",
             preference_in_force="optional", files={"buggy": {"mod.py": MODULE}, "correct": {"mod.py": MODULE}})
        for i in range(100)])
    for task in tasks[:60]:
        for annotator in others:
            add_preference_label(task=task, annotator=annotator, preference=random.choice(["avoid", "optional"]))
    task_ids = [(t.id, t.name) for t in tasks]
    long_doc = document("bench-long-50", "task_000", "dbg", 50, random.Random(1))
    save_trajectory(document=long_doc)

    settings.VAR_DIR = Path(tempfile.mkdtemp(prefix="stepwise-bench-"))  # the plot cache the bench empties
    eval_runs = [EvalRun.objects.create(name=f"eval {m}", report=eval_report(f"model-{m}", random.Random(m)))
                 for m in range(3)]
    client = Client()
    client.force_login(user)
    pages = {
        "trajectory list": "/trajectories/",
        "trajectory list, filtered (dbg, score ≥ 0.5)": "/trajectories/?arm=dbg&score_min=0.5",
        "50-step replay (full page, turn 25)": "/trajectories/bench-long-50/turn/25/",
        "50-step replay, one step's panel (htmx)": "/trajectories/bench-long-50/turn/26/panel/",
        "task list (100 tasks, solve rates over all trajectories)": "/",
        "task list sorted by dbg solve rate": "/?sort=dbg",
        "eval list": "/evals/",
        "eval compare (3 evals, plots cached)": "/evals/compare/?" + "&".join(f"run={r.pk}" for r in eval_runs),
    }
    first = args.trajectories // 10
    with tqdm(total=args.trajectories, desc="COPY trajectories", unit="traj", file=sys.stderr) as bar:
        for start in range(0, first, 1000):
            fill(min(1000, first - start), args.steps, start=start, task_ids=task_ids, seed=start)
            bar.update(min(1000, first - start))
        connection.cursor().execute("ANALYZE")
        queries_at_first = {label: measure(client, url, 1)["queries"] for label, url in pages.items()}
        for start in range(first, args.trajectories, 1000):
            fill(min(1000, args.trajectories - start), args.steps, start=start, task_ids=task_ids, seed=start)
            bar.update(min(1000, args.trajectories - start))
    connection.cursor().execute("VACUUM ANALYZE")  # as autovacuum would after the inserts: index-only scans

    rows = []
    for label, url in pages.items():
        result = measure(client, url, args.requests)
        rows.append({"page": label, **result, "queries_at_first": queries_at_first[label]})
    opening = measure_first_opening(client, eval_runs, max(3, args.requests // 3))
    rows.append({"page": "eval compare, first opening (page + 7 plots, nothing cached)", **opening,
                 "queries_at_first": None})
    opening = measure_first_opening(client, eval_runs, max(3, args.requests // 3), at_once=True)
    rows.append({"page": "eval compare, first opening, the 7 plots asked for at once", **opening,
                 "queries_at_first": None})
    shutil.rmtree(settings.VAR_DIR, ignore_errors=True)
    search = "/admin/trajectories/step/?q=output+line+zzz"
    with_index = measure(client, search, max(5, args.requests // 3))
    connection.cursor().execute("DROP INDEX step_observation_trgm")
    without_index = measure(client, search, max(5, args.requests // 3))
    rows.append({"page": "admin step search (trigram index)", **with_index, "queries_at_first": None})
    rows.append({"page": "admin step search, index dropped (the alternative)", **without_index,
                 "queries_at_first": None})

    total = args.trajectories + 1
    table = Table(["page", "median ms", "p95 ms", "Django CPU ms", "SQL ms",
                   f"queries at {first + 1} / {total} trajectories"], align="lrrrrr")
    for row in rows:
        counts = f"{row['queries_at_first']} / {row['queries']}" if row["queries_at_first"] is not None \
            else "–" if row["queries"] is None else f"{row['queries']}"
        table.add(row["page"], f"{row['median_ms']:.1f}", f"{row['p95_ms']:.1f}", f"{row['cpu_ms']:.1f}",
                  f"{row['sql_ms']:.1f}", counts)
    speedup = without_index["median_ms"] / with_index["median_ms"]
    args.run.write([table], notes=[
        f"{total} trajectories ({args.steps} steps each, one of 50), 100 tasks; {args.requests} requests per page. "
        f"The step search is **{speedup:.0f}×** faster with the trigram index."],
        data={"trajectories": total, "steps": args.steps, "rows": rows, "search_speedup": speedup})
    return 0


if __name__ == "__main__":
    sys.exit(main())
