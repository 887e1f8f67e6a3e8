"""What a build page does: follow one build until it finishes, collecting each status it shows."""

from statuses import TERMINAL


async def follow(board, build_id, since=0):
    seen = []
    while True:
        since, status = await board.wait_for_build(build_id, since)
        seen.append(status)
        if status in TERMINAL:
            return seen


async def dashboard(board, rounds, since=0):
    """Poll the whole board ``rounds`` times; returns the versions it saw."""
    versions = []
    for _ in range(rounds):
        since, _snapshot = await board.wait_for_change(since)
        versions.append(since)
    return versions
