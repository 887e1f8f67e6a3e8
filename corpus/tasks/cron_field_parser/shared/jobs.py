"""The job table: one job per line, '<schedule> <command>', with @-macros for common schedules."""

from dataclasses import dataclass

from cronspec import CronError, CronSpec
from schedule import next_run

MACROS = {"@yearly": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
          "@daily": "0 0 * * *", "@hourly": "0 * * * *"}


@dataclass(frozen=True)
class Job:
    line: int
    spec: CronSpec
    command: str


def load_table(text):
    jobs = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            macro, _, command = line.partition(" ")
            if macro not in MACROS:
                raise CronError(f"line {number}: unknown macro {macro!r}; use one of {', '.join(MACROS)}")
            schedule = MACROS[macro]
        else:
            fields = line.split(None, 5)
            schedule, command = " ".join(fields[:5]), fields[5] if len(fields) > 5 else ""
        if not command.strip():
            raise CronError(f"line {number}: no command after the schedule")
        jobs.append(Job(number, CronSpec.parse(schedule), command.strip()))
    return jobs


def due_jobs(jobs, last_check, now):
    """Commands whose next run after the previous check is not later than now (each at most once)."""
    return [job.command for job in jobs if next_run(job.spec, last_check) <= now]
