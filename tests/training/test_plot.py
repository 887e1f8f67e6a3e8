"""``python -m training plot RUN`` draws the curves a run logged."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from training.runs import RunFolder


@pytest.mark.slow
def test_plot_draws_the_logged_curves(tmp_path):
    run = RunFolder.create(tmp_path / "run", kind="grpo", name="tiny", config={"name": "tiny"}, base_model="m")
    for step in (1, 2, 3):
        run.append_metrics({"step": step, "split": "train", "loss": 1.0 / step, "reward": 0.2 * step,
                            "rewards/verified/mean": 0.1 * step, "kl": 0.01 * step, "episodes/turns": 4 + step,
                            "episodes/debugger_start_rate": 0.5, "tokens_per_second": 100.0 + step})
    run.append_metrics({"step": 3, "split": "eval", "eval_loss": 0.5})
    done = subprocess.run([sys.executable, "-m", "training", "plot", str(run.path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    image = run.path / "curves.png"
    assert done.stdout.strip() == str(image) and image.stat().st_size > 10_000
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_plot_of_a_folder_without_metrics_says_so(tmp_path):
    done = subprocess.run([sys.executable, "-m", "training", "plot", str(tmp_path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and "no metrics yet" in done.stderr and "Traceback" not in done.stderr


def test_a_finished_run_folder_is_never_overwritten(tmp_path):
    import pytest

    from training.runs import RunFolderError

    run = RunFolder.create(tmp_path / "run", kind="sft", name="tiny", config={}, base_model="m")
    run.finish(summary={}, merged=False)
    with pytest.raises(RunFolderError, match="already holds a finished sft run"):
        RunFolder.create(tmp_path / "run", kind="sft", name="tiny", config={}, base_model="m")
    assert json.loads((run.path / "run.json").read_text())["state"] == "finished"
