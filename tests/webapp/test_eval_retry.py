"""A web eval taken up again and reported from its own folder, on a real Celery worker, Redis and
PostgreSQL: a retry plays only the episodes the eval it retries did not finish, and the report reads
the tasks from the eval's manifest, not from the catalog."""

from pathlib import Path

import pytest

from tests.helpers.jobs import launch, script, wait_for_job
from tests.helpers.tasks import RESET_COUNTER_FIX, RESET_COUNTER_TESTS
from webapp.catalog.models import Task
from webapp.runs.kinds.evals import EvalJob
from webapp.runs.models import Episode, EvalRun, Job, JobState
from webapp.runs.services import retry_job
from webapp.runs.services.execution import RunningJob
from webapp.trajectories.models import Trajectory


@pytest.mark.slow
def test_a_retried_eval_plays_only_what_is_missing_and_reports_without_the_catalog(celery_worker, catalog_task,
                                                                                     make_user):
    first = wait_for_job(launch("eval", make_user("ann"), name="scripted fix", policy="",
                                script=script(RESET_COUNTER_FIX, RESET_COUNTER_TESTS), arms=["base", "dbg"],
                                split="", tasks=catalog_task, runs=1, max_turns=8, sandbox="bwrap", workers=1),
                         timeout_s=300)
    assert first.state == JobState.SUCCEEDED, first.error
    folder = Path(EvalRun.objects.get(job=first).out_dir)
    lost = Episode.objects.get(job__parent=first, arm="dbg")  # as if it had never finished
    Trajectory.objects.filter(pk=lost.trajectory_id).delete()
    (folder / "trajectories" / catalog_task / "dbg-run1.json").unlink()

    again = wait_for_job(retry_job(job=first), timeout_s=300)

    assert again.state == JobState.SUCCEEDED, again.error
    played = Job.objects.filter(parent=again)
    assert [(c.kind, c.state, c.episode.arm) for c in played] == [("episode", "succeeded", "dbg")]  # was: both arms
    eval_run = EvalRun.objects.get(job=again)
    assert Path(eval_run.out_dir) == folder and eval_run.trajectories.count() == 2
    arms = eval_run.report["overall"]["arms"]
    assert arms["base"]["pass_at_1"] == 1.0 and arms["dbg"]["pass_at_1"] == 1.0

    Task.objects.filter(name=catalog_task).delete()  # the catalog changed since: the report needs none of it
    reported = EvalJob().finish(RunningJob(Job.objects.get(pk=again.pk)))
    assert reported["pass_at_1"] == {"base": 1.0, "dbg": 1.0}  # was: "no longer in the catalog"
