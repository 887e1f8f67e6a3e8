"""Build a crash report: the exception plus the most recent log lines, as configured."""

from dataclasses import dataclass


@dataclass(frozen=True)
class ReportConfig:
    context_lines: int = 3
    include_locals: bool = False


def crash_report(exc, recent_log, config=ReportConfig()):
    lines = [f"crash: {type(exc).__name__}: {exc}"]
    context = recent_log.last(config.context_lines)
    if context:
        lines.append(f"last {len(context)} log lines:")
        lines.extend(f"  {line}" for line in context)
    return "\n".join(lines)
