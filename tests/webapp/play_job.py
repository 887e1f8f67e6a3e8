"""Run one job in this process, as a Celery worker would: the second process of the live tests.

    python -m tests.webapp.play_job JOB_ID
"""

import sys

import django

django.setup()

from webapp.runs.services import execute_job  # noqa: E402

job = execute_job(job_id=int(sys.argv[1]), worker="play_job pid")
print(job.state if job is not None else "skipped")
