"""Sandboxes whose owner died: a harness process killed with SIGKILL cannot close what it started.

bwrap sandboxes die with their owner (``--die-with-parent``), but their cgroups stay; Docker
containers keep running; a workspace's quota tmpfs stays mounted (its files are copied back to the
host's disk when it is released here). Each sandbox records its owner (``owner_id()``: host name, pid and the
pid's start time, so a reused pid is not mistaken for the owner). ``reap_orphaned_sandboxes()``, run
by a worker when it starts, stops those whose owner on this host is gone.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from harness.sandbox import cgroups
from harness.sandbox.owner import owner_alive
from harness.sandbox.quota import release_orphaned_quotas

SANDBOX_LABEL = "stepwise.sandbox"  # every sandbox container carries it
OWNER_LABEL = "stepwise.owner"


def _docker_orphans() -> list[str]:
    try:
        import docker
    except ImportError:
        return []
    try:
        client = docker.from_env(timeout=10)
        client.ping()
    except Exception:  # noqa: BLE001 - no engine here: nothing to reap
        return []
    stopped = []
    try:
        for container in client.containers.list(all=True, filters={"label": SANDBOX_LABEL}):
            owner = (container.labels or {}).get(OWNER_LABEL)
            if owner and not owner_alive(owner):
                with contextlib.suppress(Exception):
                    container.remove(force=True)
                    stopped.append(f"container {container.name}")
    finally:
        client.close()
    return stopped


def _cgroup_orphans() -> list[str]:
    """Groups ``stepwise/<pid>-…`` whose pid is gone: kill what is left inside, remove the groups."""
    if not cgroups.available():
        return []
    stopped = []
    by_name: dict[str, dict[str, Path]] = {}
    for controller in cgroups.CONTROLLERS:
        parent = cgroups.own_group(controller) / "stepwise"
        with contextlib.suppress(OSError):
            for child in parent.iterdir():
                if child.is_dir():
                    by_name.setdefault(child.name, {})[controller] = child
    for name, paths in by_name.items():
        owner = name.split("-", 1)[0]
        if not owner.isdigit() or Path(f"/proc/{owner}").exists() or set(paths) != set(cgroups.CONTROLLERS):
            continue
        group = cgroups.CgroupLimits(name=name, paths=paths, memory_mb=0, max_processes=0, cpu_seconds=0)
        had = bool(group.pids())
        group.destroy()
        if had:
            stopped.append(f"bwrap sandbox {name}")
    return stopped


def reap_orphaned_sandboxes() -> list[str]:
    """Stop the sandboxes of dead owners on this host; what was stopped, in words."""
    return _docker_orphans() + _cgroup_orphans() + release_orphaned_quotas()
