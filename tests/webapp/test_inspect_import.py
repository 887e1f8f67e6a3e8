"""An Inspect AI log of the Stepwise task imports sample by sample (idempotent, a foreign sample
reported by id while the others import) and its episodes replay in the web app."""


import pytest

from harness.interop.inspect_log import write_trajectory_log
from harness.trajectory import Trajectory as TrajectoryRecord
from tests.webapp.conftest import import_files, trajectory_document
from webapp.trajectories.models import Trajectory

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # Inspect AI writes and reads the logs: seconds to import


def test_an_inspect_log_imports_each_sample_and_replays(tmp_path, client, make_user):
    fixed = trajectory_document("ep-inspect-1")
    missed = trajectory_document("ep-inspect-2", task="tag_defaults", verified=False)
    log = write_trajectory_log([TrajectoryRecord.from_json(fixed), TrajectoryRecord.from_json(missed)], tmp_path / "logs" / "run.eval")

    out, err = import_files(tmp_path / "logs")  # a folder: its .eval logs are found

    assert "2 created" in out and "0 failed" in out
    row = Trajectory.objects.get(episode_id="ep-inspect-1")
    assert row.document == fixed and row.verified is True
    assert row.source_path == f"{log}#counter_reset (epoch 1)"
    assert Trajectory.objects.get(episode_id="ep-inspect-2").verified is False
    assert "1 unchanged" not in out and "2 unchanged" in import_files(log)[0]

    client.force_login(make_user("ann", role=None))  # an annotator reads replays
    page = client.get("/trajectories/ep-inspect-1/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "print_variable" in html and "counter.py" in html


def test_a_sample_without_a_trajectory_is_named_and_the_rest_still_import(tmp_path):
    from inspect_ai.log import (
        EvalConfig,
        EvalDataset,
        EvalLog,
        EvalSample,
        EvalSpec,
        read_eval_log,
        write_eval_log,
    )

    path = write_trajectory_log([TrajectoryRecord.from_json(trajectory_document("ep-good"))], tmp_path / "mixed.eval")
    log = read_eval_log(str(path))
    assert log.samples is not None
    log.samples.append(EvalSample(id="q7", epoch=1, input="2+2?", target="4"))
    write_eval_log(log, str(path))
    foreign = tmp_path / "other.eval"
    write_eval_log(EvalLog(status="success", samples=[EvalSample(id="a", epoch=1, input="x", target="y")],
                           eval=EvalSpec(created="2026-01-01T00:00:00+00:00", task="arith", model="mockllm/model",
                                         dataset=EvalDataset(name="arith"), config=EvalConfig())), str(foreign))
    torn = tmp_path / "torn.eval"
    torn.write_bytes(b"PK\x03\x04 cut short")

    out, err = import_files(path, foreign, torn)

    assert "1 created" in out and "3 failed" in out
    assert "q7 (epoch 1) holds no Stepwise trajectory" in err
    assert "other.eval: sample a (epoch 1) holds no Stepwise trajectory" in err
    assert "torn.eval: not an Inspect .eval log" in err
    assert Trajectory.objects.filter(episode_id="ep-good").exists()
