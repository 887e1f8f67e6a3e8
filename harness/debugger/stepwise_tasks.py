"""asyncio tasks for the in-process debugger (a sibling of ``stepwise_pdb``: standard library only).
Nothing here imports asyncio: a program that never did has no tasks."""

from __future__ import annotations

import sys

TASK_CAP = 50  # tasks listed in one answer


def _asyncio():
    return sys.modules.get("asyncio")


def task_name(task) -> str:
    """A task's name; before Python 3.8 tasks have none (a breakpoint in a task's code raised here on
    tornado's 3.7), so its coroutine's name and the task's address tell it apart."""
    get_name = getattr(task, "get_name", None)
    if get_name is not None:
        return get_name()
    coro = getattr(task, "_coro", None)
    return f"{getattr(coro, '__qualname__', type(task).__name__)} (task {id(task):#x})"


def _current_task(asyncio, loop):
    current = getattr(asyncio, "current_task", None) or asyncio.Task.current_task  # 3.6: the class method
    return current(loop)


def _all_tasks(asyncio, loop):
    every = getattr(asyncio, "all_tasks", None) or asyncio.Task.all_tasks  # 3.6 lists finished tasks too
    return [task for task in every(loop) if not task.done()]


def current_task_name() -> str | None:
    """The asyncio task running in this thread, if a loop runs here."""
    asyncio = _asyncio()
    if asyncio is None:
        return None
    try:
        loop = asyncio.events._get_running_loop()
        task = _current_task(asyncio, loop) if loop is not None else None
    except Exception:
        return None
    return task_name(task) if task is not None else None


def tasks(in_workspace, shown_path) -> list[dict] | None:
    """Every unfinished task of this thread's running loop, with where its coroutine waits (its innermost
    workspace frame); None when no loop runs here."""
    asyncio = _asyncio()
    loop = asyncio.events._get_running_loop() if asyncio is not None else None
    if asyncio is None or loop is None:
        return None
    current = _current_task(asyncio, loop)
    rows = []
    for task in _all_tasks(asyncio, loop)[:TASK_CAP]:
        row: dict = {"name": task_name(task), "current": task is current}
        frames = [f for f in task.get_stack() if in_workspace(f.f_code.co_filename)]
        if frames:
            frame = frames[-1]
            row.update(file=shown_path(frame.f_code.co_filename), line=frame.f_lineno, function=frame.f_code.co_name)
        waiter = getattr(task, "_fut_waiter", None)
        if waiter is not None:
            row["awaiting"] = repr(waiter)[:120]
        rows.append(row)
    return sorted(rows, key=lambda r: (not r["current"], r["name"]))
