"""Celery tasks: thin wrappers that call services."""

from celery import shared_task

from webapp.runs.services import RUN_JOB_TASK, execute_job


@shared_task(bind=True, name=RUN_JOB_TASK, acks_late=True)
def run_job(self, job_id: int) -> str:
    job = execute_job(job_id=job_id, celery_task_id=self.request.id or "")
    return job.state
