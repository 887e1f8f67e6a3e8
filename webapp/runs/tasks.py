"""Celery tasks: thin wrappers that call services. ``acks_late``: a message is acknowledged only once
its job has ended, and the reaper (``webapp.runs.worker``) fails jobs whose worker was lost."""

from celery import shared_task

from webapp.runs.services import FINISH_JOB_TASK, RUN_JOB_TASK, execute_job, finish_fanned_out, worker_name


@shared_task(bind=True, name=RUN_JOB_TASK, acks_late=True)
def run_job(self, job_id: int) -> str:
    job = execute_job(job_id=job_id, worker=worker_name(self.request.hostname or ""),
                      celery_task_id=self.request.id or "")
    return job.state if job is not None else "skipped"


@shared_task(name=FINISH_JOB_TASK, acks_late=True)
def finish_job(job_id: int) -> str:
    job = finish_fanned_out(job_id=job_id)
    return job.state if job is not None else "gone"
