"""Writes for jobs and what they produce (HackSoft's services: keyword-only, one transaction each).

``jobs``: create, the state machine, progress, events, cancel, retry, children. ``execution``: a job
run by a worker. ``episodes``: an episode's events and documents. ``reaper``: jobs whose worker was
lost. The names below are the ones views, consumers, tasks and other apps use.
"""

from webapp.runs.services.execution import RunningJob, execute_job, finish_fanned_out
from webapp.runs.services.jobs import (
    FINISH_JOB_TASK,
    RUN_JOB_TASK,
    IllegalTransition,
    JobIsOver,
    add_log,
    cancel_job,
    create_job,
    fail_job,
    job_topic,
    retry_job,
    set_progress,
    worker_name,
)

__all__ = ["FINISH_JOB_TASK", "RUN_JOB_TASK", "IllegalTransition", "JobIsOver", "RunningJob", "add_log",
           "cancel_job", "create_job", "execute_job", "fail_job", "finish_fanned_out", "job_topic", "retry_job",
           "set_progress", "worker_name"]
