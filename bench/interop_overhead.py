"""What the interop adapters cost per step (OpenEnv's server, the Inspect AI task), against the same
episode played by ``harness run``, all three in one run.

    .venv/bin/python bench/interop_overhead.py [--episodes 3] [--steps 12] [--sandbox bwrap] [--out-dir bench/results]

Every path plays the same scripted episode on a one-function task (cheap tool calls: ``bash true`` and
``bash cat counter.py``, alternating, then ``done``). Direct: ``run_episode`` with a script policy, a step's
time being the gap between consecutive recorded steps. Served: ``harness serve-env``'s app (uvicorn,
loopback) driven by openenv-core's own client, a step's time being the client's ``step`` round trip.
Inspect: ``inspect_ai.eval`` of ``stepwise/debug_repair`` with Inspect's mockllm model scripted, a step's
time being the gap between consecutive model calls, with Inspect's defaults (its live sample buffer on)
and with ``log_realtime=False``. The paths take turns, one episode each, so that a change of load on the
machine falls on all of them alike. The first step of each episode and ``done`` (the verification) are
left out of all. Writes bench/results/interop_overhead.md (and .json, through bench/report.py).
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from corpus.format import load_task  # noqa: E402
from harness.episode import run_episode  # noqa: E402
from harness.policies import make_policy  # noqa: E402
from tests.helpers.tasks import BENCH_COUNTER, write_task  # noqa: E402


def calls(steps: int) -> list[dict]:
    cheap = [{"name": "bash", "arguments": {"command": "true"}},
             {"name": "bash", "arguments": {"command": "cat counter.py"}}]
    return [cheap[i % 2] for i in range(steps)]


def direct(task, steps: int, episodes: int, sandbox: str, root: Path) -> list[float]:
    script = root / "script.json"
    script.write_text(json.dumps({"tool_calls": [*calls(steps), {"name": "done", "arguments": {}}]}))
    per_step: list[float] = []
    for index in range(episodes):
        stamps: list[float] = []

        def on_event(event, stamps=stamps):
            if event.get("event") == "step":
                stamps.append(time.perf_counter())

        run_episode(task, make_policy(f"script:{script}"), arm="base", backend=sandbox, max_turns=steps + 5,
                    out=root / f"direct{index}.json", on_event=on_event)
        gaps = [(b - a) * 1000 for a, b in zip(stamps, stamps[1:], strict=False)]
        per_step += gaps[:steps - 1]  # steps 2..N; the gap to done is the verification
    return per_step


def served(task, steps: int, episodes: int, sandbox: str, root: Path) -> list[float]:
    import secrets

    import uvicorn

    from harness.interop.openenv_client import StepwiseGenericClient
    from harness.interop.openenv_env import ServerConfig, make_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = ServerConfig(tasks=[str(task.path)], arm="base", backend=sandbox, max_turns=steps + 5,
                          out_dir=root / "served", token=(token := secrets.token_urlsafe(32)))
    server = uvicorn.Server(uvicorn.Config(make_app(config, 1), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    per_step: list[float] = []
    try:
        for _ in range(episodes):
            with StepwiseGenericClient(f"http://127.0.0.1:{port}", token=token, message_timeout_s=300).sync() as env:
                env.reset()
                times = []
                for call in calls(steps):
                    started = time.perf_counter()
                    env.step(call)
                    times.append((time.perf_counter() - started) * 1000)
                result = env.step({"name": "done", "arguments": {}})
                if not result.done:
                    raise SystemExit("the served episode did not end on done")
                per_step += times[1:]
    finally:
        server.should_exit = True
        thread.join(30)
    return per_step


def inspected(task, steps: int, episodes: int, sandbox: str, root: Path, realtime: bool = True) -> list[float]:
    import inspect_ai
    from inspect_ai.model import ModelOutput, ModelUsage

    from harness.interop.inspect_task import debug_repair

    per_step: list[float] = []
    for index in range(episodes):
        stamps: list[float] = []
        script = iter([*calls(steps), {"name": "done", "arguments": {}}])

        def reply(messages, tools, tool_choice, config, stamps=stamps, script=script):
            stamps.append(time.perf_counter())
            call = next(script)
            output = ModelOutput.for_tool_call("mockllm/model", call["name"], call["arguments"])
            output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)  # no tiktoken count
            return output

        task_def = debug_repair(arm="base", tasks=str(task.path), max_turns=steps + 5, backend=sandbox,
                                out=str(root / f"inspect{index}-{realtime}"))
        [log] = inspect_ai.eval(task_def, model="mockllm/model", model_args={"custom_outputs": reply},
                                display="none", log_dir=str(root / "inspect-logs"), log_realtime=realtime)
        if log.status != "success" or len(stamps) != steps + 1:
            raise SystemExit(f"the Inspect episode did not play its {steps + 1} calls: {log.status} {log.error}")
        gaps = [(b - a) * 1000 for a, b in zip(stamps, stamps[1:], strict=False)]
        per_step += gaps[1:steps]  # gap k is step k's tool call: steps 2..N
    return per_step


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3, help="episodes per path (default %(default)s)")
    parser.add_argument("--steps", type=int, default=12, help="cheap steps per episode (default %(default)s)")
    parser.add_argument("--sandbox", default="bwrap", help="sandbox backend (default %(default)s)")
    add_out_dir(parser)
    args = parser.parse_args()
    if args.steps < 2 or args.episodes < 1:
        raise SystemExit("error: --steps must be at least 2 and --episodes at least 1")
    run = BenchRun("interop_overhead", out_dir=args.out_dir)
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-interop-") as tmp:
        root = Path(tmp)
        task = load_task(write_task(root, shape=BENCH_COUNTER))
        paths = {"direct": direct, "served": served, "inspect": inspected,
                 "inspect_no_realtime": lambda *a: inspected(*a, realtime=False)}
        results: dict[str, list[float]] = {name: [] for name in paths}
        for _ in range(args.episodes):  # one episode of each path in turn: a load change hits all of them alike
            for name, play in paths.items():
                results[name] += play(task, args.steps, 1, args.sandbox, root)
    medians = {name: statistics.median(values) for name, values in results.items()}
    table = Table(["path", "steps timed", "median per step", "p95 per step"], align="lrrr")
    table.add("`harness run` (run_episode, script policy)", len(results["direct"]),
              f"{medians['direct']:.1f} ms", f"{p95(results['direct']):.1f} ms")
    table.add("`harness serve-env` (openenv-core client, loopback)", len(results["served"]),
              f"{medians['served']:.1f} ms", f"{p95(results['served']):.1f} ms")
    table.add("Inspect AI task (`inspect_ai.eval`, mockllm scripted)", len(results["inspect"]),
              f"{medians['inspect']:.1f} ms", f"{p95(results['inspect']):.1f} ms")
    table.add("Inspect AI task, `log_realtime=False`", len(results["inspect_no_realtime"]),
              f"{medians['inspect_no_realtime']:.1f} ms", f"{p95(results['inspect_no_realtime']):.1f} ms")
    ratios = {name: medians[name] / medians["direct"] if medians["direct"] else float("nan")
              for name in ("served", "inspect", "inspect_no_realtime")}
    table.add("served / direct (medians)", "", f"{ratios['served']:.2f}x", "")
    table.add("Inspect / direct (medians)", "", f"{ratios['inspect']:.2f}x", "")
    table.add("Inspect without realtime / direct (medians)", "", f"{ratios['inspect_no_realtime']:.2f}x", "")
    run.write([table], notes=[f"{args.episodes} episodes per path, {args.steps} cheap tool calls each "
                              f"(`bash true`, `bash cat counter.py`), {args.sandbox} sandbox; the first step and `done` "
                              "are not timed."],
              data={**results, "median_ms": medians, "ratios": ratios})


if __name__ == "__main__":
    main()
