"""Task validation: each task, in a fresh sandboxed workspace, must fail buggy, pass correct, and show
its evidence; see ``checks.validate_task`` and ``validation.cli``."""

from validation.batch import validate_all
from validation.checks import DEFAULT_MAX_SECONDS, validate_task
from validation.report import TaskVerdict, ValidationReport

__all__ = ["DEFAULT_MAX_SECONDS", "TaskVerdict", "ValidationReport", "validate_all", "validate_task"]
