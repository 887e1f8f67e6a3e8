"""A run's curves from ``metrics.jsonl``: one panel per family of metrics that the run logged."""

from __future__ import annotations

from pathlib import Path

from corpus.plotting import pyplot
from training.errors import TrainingError
from training.runs import RunFolder

# (title, y label, how to pick the keys of that panel)
PANELS = (
    ("Loss", "loss", lambda k: k in ("loss", "eval_loss")),
    ("Reward", "mean reward", lambda k: k == "reward" or (k.startswith("rewards/") and k.endswith("/mean"))),
    ("KL to the starting policy", "KL", lambda k: k == "kl"),
    ("Episode length", "turns / tokens", lambda k: k in ("episodes/turns", "completions/mean_length")),
    ("Tool calls", "share of turns", lambda k: k in ("episodes/tool_call_rate", "episodes/invalid_reply_rate")),
    ("Debugger", "share of episodes", lambda k: k in ("episodes/debugger_start_rate",
                                                      "episodes/edit_relevant_rate", "episodes/verified_rate")),
    ("Throughput", "tokens/s", lambda k: k == "tokens_per_second"),
    ("Learning rate", "lr", lambda k: k == "learning_rate"),
)


def plot_run(run_dir: str | Path, out: str | Path | None = None) -> Path:
    plt = pyplot()
    run = RunFolder(Path(run_dir))
    records = run.metrics()
    if not records:
        raise TrainingError(f"{run.metrics_path}: no metrics yet; is {run.path} a training run folder?")
    keys = sorted({k for r in records for k, v in r.items() if isinstance(v, int | float) and k not in ("step", "epoch", "time")})
    panels = [(title, label, [k for k in keys if pick(k)]) for title, label, pick in PANELS]
    panels = [p for p in panels if p[2]]
    if not panels:
        raise TrainingError(f"{run.metrics_path}: none of the known metrics (loss, reward, kl, ...) was logged")
    columns = 2 if len(panels) > 1 else 1
    rows = (len(panels) + columns - 1) // columns
    figure, axes = plt.subplots(rows, columns, figsize=(6.5 * columns, 3.4 * rows), squeeze=False)
    for axis, (title, label, panel_keys) in zip(axes.flat, panels, strict=False):
        for key in panel_keys:
            points = [(r["step"], r[key]) for r in records if isinstance(r.get(key), int | float)]
            if points:
                steps, values = zip(*points, strict=True)
                axis.plot(steps, values, marker="o" if len(points) < 30 else None, markersize=3, label=key)
        if label.startswith("share"):
            axis.set_ylim(-0.05, 1.05)
        axis.set_title(title)
        axis.set_xlabel("step")
        axis.set_ylabel(label)
        axis.grid(alpha=0.3)
        axis.legend(fontsize=7)
    for axis in list(axes.flat)[len(panels):]:
        axis.set_visible(False)
    name = run.read().get("name", run.path.name) if run.run_json.is_file() else run.path.name
    figure.suptitle(f"{name}: {run.path.name}")
    figure.tight_layout()
    out = Path(out) if out else run.path / "curves.png"
    figure.savefig(out, dpi=110)
    plt.close(figure)
    return out
