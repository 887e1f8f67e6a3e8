"""asyncio tasks for the in-process debugger (a sibling of ``stepwise_pdb``: standard library only).
Nothing here imports asyncio: a program that never did has no tasks."""

from __future__ import annotations

import sys

TASK_CAP = 50  # tasks listed in one answer


def _asyncio():
    return sys.modules.get("asyncio")


def current_task_name() -> str | None:
    """The asyncio task running in this thread, if a loop runs here."""
    asyncio = _asyncio()
    if asyncio is None:
        return None
    try:
        loop = asyncio.events._get_running_loop()
        task = asyncio.current_task(loop) if loop is not None else None
    except Exception:
        return None
    return task.get_name() if task is not None else None


def tasks(in_workspace, shown_path) -> list[dict] | None:
    """Every unfinished task of this thread's running loop, with where its coroutine waits (its innermost
    workspace frame); None when no loop runs here."""
    asyncio = _asyncio()
    loop = asyncio.events._get_running_loop() if asyncio is not None else None
    if asyncio is None or loop is None:
        return None
    current = asyncio.current_task(loop)
    rows = []
    for task in list(asyncio.all_tasks(loop))[:TASK_CAP]:
        row: dict = {"name": task.get_name(), "current": task is current}
        frames = [f for f in task.get_stack() if in_workspace(f.f_code.co_filename)]
        if frames:
            frame = frames[-1]
            row.update(file=shown_path(frame.f_code.co_filename), line=frame.f_lineno, function=frame.f_code.co_name)
        waiter = getattr(task, "_fut_waiter", None)
        if waiter is not None:
            row["awaiting"] = repr(waiter)[:120]
        rows.append(row)
    return sorted(rows, key=lambda r: (not r["current"], r["name"]))
