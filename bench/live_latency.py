"""Turn-to-browser latency of the live episode viewer, and many viewers of one episode.

    .venv/bin/python bench/live_latency.py [--turns 200] [--viewers 50] [--viewer-turns 100]
                                           [--interval-ms 20] [--layers redis,embedded] [--out-dir bench/results]

For each channel layer (Redis, and the embedded default: Unix datagrams, no server), on a fresh
PostgreSQL database of its own (created, migrated and dropped here):

- a web process (daphne on ``webapp.config.asgi``) serves ``ws/episodes/<id>/``;
- a writer process, as a worker would, stores one turn at a time with ``record_episode_event`` (the
  row, then the doorbell), noting the wall clock just before each write;
- websocket clients (autobahn, as a browser would: the session cookie and an Origin) note when each
  step message arrives. Latency = arrival - the writer's clock before the write (one machine, one clock).

Run 1: one viewer, ``--turns`` turns ``--interval-ms`` apart: p50, p95 and max latency.
Run 2: ``--viewers`` viewers of one episode, ``--viewer-turns`` turns: per viewer, turns lost,
reordered and duplicated (all must be 0), and the latency over every viewer's every turn.
Writes bench/results/live_latency.md and .json (bench/report.py: the machine and the load with the numbers).
Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from tests.helpers.ports import free_port  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# ---- the writer process (a worker storing turns) ----------------------------------------------------
def writer(episode_pk: int, turns: int, interval_s: float, start_at: float) -> None:
    import django

    django.setup()
    from django.db import transaction

    from webapp.runs.models import Episode
    from webapp.runs.services.episodes import record_episode_event

    episode = Episode.objects.get(pk=episode_pk)
    time.sleep(max(0.0, start_at - time.time()))
    for turn in range(1, turns + 1):
        written_at = time.time()
        with transaction.atomic():
            record_episode_event(episode=episode, event={
                "event": "step", "step": {"turn": turn, "tool": "bash", "arguments": {"command": f"echo {turn}"},
                                          "observation": str(turn), "duration_ms": 1.0, "error": False}})
        print(json.dumps({"turn": turn, "written_at": written_at}), flush=True)
        time.sleep(interval_s)


# ---- the bench process --------------------------------------------------------------------------------
class Site:
    """A database, a web process and the environment both processes share, for one channel layer."""

    def __init__(self, layer: str, base_url: str, redis_url: str, folder: Path):
        import dj_database_url

        self.layer, self.folder = layer, folder
        params = dj_database_url.parse(base_url)
        self.db_name = f"stepwise_bench_live_{os.getpid()}_{layer}"
        self.admin = {k: params[k] for k in ("HOST", "PORT", "USER", "PASSWORD")}
        auth = params["USER"] + (f":{params['PASSWORD']}" if params.get("PASSWORD") else "")
        self.database_url = f"postgres://{auth}@{params['HOST'] or '127.0.0.1'}:{params['PORT'] or 5432}/{self.db_name}"
        self.port = free_port()
        self.env = {**os.environ, "DJANGO_SETTINGS_MODULE": "webapp.config.settings.local",
                    "DATABASE_URL": self.database_url, "STEPWISE_VAR_DIR": str(folder / "var"),
                    "DJANGO_DEBUG": "0", "DJANGO_LOG_LEVEL": "WARNING", "PYTHONPATH": str(REPO),
                    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost"}
        if layer == "redis":
            self.env.update(REDIS_URL=redis_url, STEPWISE_REDIS_PREFIX=f"bench-live-{uuid.uuid4().hex[:8]}:")
        else:
            self.env.update(REDIS_URL="", STEPWISE_CHANNELS_DIR=str(folder / "channels"))
        self.web: subprocess.Popen | None = None

    def _admin_sql(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(host=self.admin["HOST"] or "127.0.0.1", port=self.admin["PORT"] or 5432,
                             user=self.admin["USER"], password=self.admin["PASSWORD"] or None, dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(sql)

    def start(self) -> None:
        self._admin_sql(f'CREATE DATABASE "{self.db_name}"')
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=REPO, env=self.env,
                       check=True)
        log = open(self.folder / f"web-{self.layer}.log", "wb")
        self.web = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                                     "webapp.config.asgi:application"], cwd=REPO, env=self.env, stdout=log,
                                    stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.web.poll() is not None:
                    break
                time.sleep(0.2)
        raise SystemExit(f"the web process did not start; see {log.name}")

    def setup_rows(self) -> tuple[str, list[int]]:
        """A user's session cookie and two episodes (one per run), in a subprocess on this database."""
        code = (
            "import django, json; django.setup()\n"
            "from django.contrib.auth import get_user_model\n"
            "from django.test import Client\n"
            "from webapp.runs.models import Episode, Job\n"
            "user = get_user_model().objects.create_user('viewer', password='x')\n"
            "client = Client(); client.force_login(user)\n"
            "ids = []\n"
            "for n in range(2):\n"
            "    job = Job.objects.create(kind='episode', created_by=user, state='running', queue='episodes')\n"
            "    ids.append(Episode.objects.create(job=job, episode_id=f'bench-{n}', task_name='bench', arm='dbg').pk)\n"
            "print(json.dumps({'session': client.cookies['sessionid'].value, 'episodes': ids}))\n")
        out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=self.env, check=True, capture_output=True,
                             text=True).stdout
        data = json.loads(out.strip().splitlines()[-1])
        return data["session"], data["episodes"]

    def stop(self) -> None:
        if self.web is not None and self.web.poll() is None:
            self.web.terminate()
            try:
                self.web.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.web.kill()
        try:
            self._admin_sql(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
        except Exception as exc:  # noqa: BLE001 - reported, the bench's numbers stand
            print(f"could not drop {self.db_name}: {exc}", file=sys.stderr)


async def watch(site: Site, session: str, episode: int, viewers: int, turns: int, interval_s: float) -> dict:
    from autobahn.asyncio.websocket import WebSocketClientFactory, WebSocketClientProtocol

    class Viewer(WebSocketClientProtocol):
        def onOpen(self):  # noqa: N802 - autobahn's name
            self.factory.instance = self
            self.factory.opened.set_result(True)

        def onMessage(self, payload, is_binary):  # noqa: N802
            arrived = time.time()
            message = json.loads(payload)
            if message.get("type") == "step":
                self.factory.received.append((message["turn"], arrived))

        def onClose(self, was_clean, code, reason):  # noqa: N802
            if not self.factory.opened.done():
                self.factory.opened.set_exception(RuntimeError(f"socket closed: {code} {reason}"))

    loop = asyncio.get_running_loop()
    url = f"ws://127.0.0.1:{site.port}/ws/episodes/{episode}/?after=0"
    factories = []
    for _ in range(viewers):
        factory = WebSocketClientFactory(url, headers={"Cookie": f"sessionid={session}",
                                                       "Origin": f"http://127.0.0.1:{site.port}"})
        factory.protocol = Viewer
        factory.received, factory.opened = [], loop.create_future()
        await loop.create_connection(factory, "127.0.0.1", site.port)
        factories.append(factory)
    await asyncio.wait_for(asyncio.gather(*(f.opened for f in factories)), timeout=120)

    start_at = time.time() + 1.0
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(Path(__file__).resolve()), "--writer", str(episode), str(turns), str(interval_s),
        str(start_at), cwd=REPO, env=site.env, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    if proc.returncode:
        raise SystemExit(f"the writer process failed ({proc.returncode})")
    written = {row["turn"]: row["written_at"] for row in map(json.loads, (line for line in out.decode().splitlines() if line.startswith("{")))}
    deadline = time.monotonic() + 60  # the last turns' messages may still be on their way
    while time.monotonic() < deadline and any(len(f.received) < turns for f in factories):
        await asyncio.sleep(0.1)
    for factory in factories:
        factory.instance.sendClose()
    await asyncio.sleep(0.5)

    latencies, lost, reordered, duplicated = [], [], [], []
    for factory in factories:
        got = [turn for turn, _ in factory.received]
        lost.append(len(set(range(1, turns + 1)) - set(got)))
        reordered.append(sum(1 for a, b in zip(got, got[1:], strict=False) if b < a))
        duplicated.append(len(got) - len(set(got)))
        latencies += [(arrived - written[turn]) * 1000 for turn, arrived in factory.received if turn in written]
    return {"viewers": viewers, "turns": turns, "messages": sum(len(f.received) for f in factories),
            "lost": sum(lost), "reordered": sum(reordered), "duplicated": sum(duplicated),
            "viewers_complete_in_order": sum(1 for a, b, c in zip(lost, reordered, duplicated, strict=True) if not (a or b or c)),
            "p50_ms": statistics.median(latencies) if latencies else None,
            "p95_ms": percentile(latencies, 0.95) if latencies else None,
            "max_ms": max(latencies) if latencies else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=200, help="turns of the one-viewer run (default 200)")
    parser.add_argument("--viewers", type=int, default=50, help="viewers of the second run (default 50)")
    parser.add_argument("--viewer-turns", type=int, default=100, help="turns of the second run (default 100)")
    parser.add_argument("--interval-ms", type=float, default=20.0, help="pause between turns (default 20)")
    parser.add_argument("--layers", default="redis,embedded", help="redis, embedded or both (default)")
    add_out_dir(parser)
    args = parser.parse_args(argv)
    run = BenchRun("live_latency", out_dir=args.out_dir, argv=None if argv is None else [__file__, *argv])
    layers = [name.strip() for name in args.layers.split(",") if name.strip()]
    if not layers or set(layers) - {"redis", "embedded"}:
        parser.error("--layers takes redis, embedded or both, comma-separated")
    if min(args.turns, args.viewers, args.viewer_turns) < 1 or args.interval_ms < 0:
        parser.error("--turns, --viewers and --viewer-turns must be at least 1, --interval-ms not negative")

    base_url = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/stepwise"
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    rows = []
    folder = Path(tempfile.mkdtemp(prefix="stepwise-bench-live-"))
    try:
        for layer in layers:
            site = Site(layer, base_url, redis_url, folder / layer)
            (folder / layer).mkdir()
            try:
                site.start()
                session, (first, second) = site.setup_rows()
                one = asyncio.run(watch(site, session, first, 1, args.turns, args.interval_ms / 1000))
                many = asyncio.run(watch(site, session, second, args.viewers, args.viewer_turns,
                                         args.interval_ms / 1000))
            finally:
                site.stop()
            rows += [{"layer": layer, "run": "1 viewer", **one}, {"layer": layer, "run": f"{args.viewers} viewers", **many}]
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    table = Table(["layer", "viewers", "turns", "messages", "lost", "reordered", "duplicated", "p50 ms", "p95 ms",
                   "max ms"], align="lrrrrrrrrr")
    for row in rows:
        table.add(row["layer"], row["viewers"], row["turns"], row["messages"], row["lost"], row["reordered"],
                  row["duplicated"], f"{row['p50_ms']:.1f}", f"{row['p95_ms']:.1f}", f"{row['max_ms']:.1f}")
    run.write([table], notes=[
        "Turn → browser latency: a turn row written by a worker process → its step message on a websocket of the "
        f"web process; {args.interval_ms:g} ms between turns."], data={"rows": rows})
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--writer":
        writer(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]))
    else:
        sys.exit(main())
