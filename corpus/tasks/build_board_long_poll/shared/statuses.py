"""Build states and the moves between them that a CI runner may report."""

QUEUED, RUNNING, PASSED, FAILED, CANCELLED = "queued", "running", "passed", "failed", "cancelled"
TERMINAL = frozenset({PASSED, FAILED, CANCELLED})
MOVES = {
    None: {QUEUED},
    QUEUED: {RUNNING, CANCELLED},
    RUNNING: {PASSED, FAILED, CANCELLED},
}


class BadTransition(ValueError):
    pass


def check_move(build_id, current, new):
    if new not in MOVES.get(current, set()):
        shown = current or "unknown"
        raise BadTransition(f"build {build_id!r} cannot go from {shown} to {new}")
