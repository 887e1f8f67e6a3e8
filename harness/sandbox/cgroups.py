"""Per-sandbox resource limits through the cgroup v1 controllers (pids, memory, cpuacct, freezer).

Rlimits alone are not enough here: the harness runs as root and RLIMIT_NPROC counts per user across
every sandbox, so a fork bomb would either be ignored or starve its neighbours. Each sandbox gets its
own group under ``/sys/fs/cgroup/<controller>/<the harness's own group>/stepwise/<id>``; a process joins by writing its pid to
``cgroup.procs`` before it execs (see ``join_command``), and everything it forks stays inside.

``breach()`` reads the controllers' own counters (pids.events, memory.oom_control, cpuacct.usage)
so the host can say in plain words which limit stopped the sandbox. Where the controllers are
missing or not writable ``CgroupLimits.create`` returns None and the backend falls back to rlimits.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(os.environ.get("STEPWISE_CGROUP_ROOT", "/sys/fs/cgroup"))
CONTROLLERS = ("pids", "memory", "cpuacct", "freezer")


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def _read_int(path: Path) -> int:
    text = _read(path).strip()
    return int(text) if text.lstrip("-").isdigit() else 0


def own_group(controller: str) -> Path:
    """This process's own group in ``controller``'s hierarchy: sandboxes nest below it, so whatever
    bounds the harness (a container, a job) still bounds its sandboxes."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        lines = []
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return ROOT / controller / path.lstrip("/")
    return ROOT / controller


def available() -> bool:
    """True when every controller is mounted and this process may make groups in it."""
    return all(os.access(own_group(c), os.W_OK) and (own_group(c) / "cgroup.procs").exists() for c in CONTROLLERS)


_pruned = False


def prune_stale() -> None:
    """Remove empty groups left by harness processes that died without closing their sandboxes
    (group names start with the owning process's pid)."""
    for controller in CONTROLLERS:
        parent = own_group(controller) / "stepwise"
        try:
            children = list(parent.iterdir())
        except OSError:
            continue
        for child in children:
            owner = child.name.split("-", 1)[0]
            if not child.is_dir() or not owner.isdigit() or Path(f"/proc/{owner}").exists():
                continue
            try:
                child.rmdir()  # fails, harmlessly, while a process is still inside
            except OSError:
                pass


@dataclass
class CgroupLimits:
    name: str
    paths: dict[str, Path]
    memory_mb: int
    max_processes: int
    cpu_seconds: float

    @classmethod
    def create(cls, name: str, *, memory_mb: int, max_processes: int, cpu_seconds: float) -> CgroupLimits | None:
        global _pruned
        if not available():
            return None
        if not _pruned:
            _pruned = True
            prune_stale()
        paths = {}
        try:
            for controller in CONTROLLERS:
                path = own_group(controller) / "stepwise" / name
                path.mkdir(parents=True, exist_ok=True)
                paths[controller] = path
            (paths["pids"] / "pids.max").write_text(str(max_processes))
            (paths["memory"] / "memory.limit_in_bytes").write_text(str(memory_mb * 1024 * 1024))
            # No swap here, but where there is some the hog must not hide in it.
            memsw = paths["memory"] / "memory.memsw.limit_in_bytes"
            if memsw.exists():
                try:
                    memsw.write_text(str(memory_mb * 1024 * 1024))
                except OSError:
                    pass
        except OSError:
            for path in paths.values():
                try:
                    path.rmdir()
                except OSError:
                    pass
            return None
        return cls(name=name, paths=paths, memory_mb=memory_mb, max_processes=max_processes,
                   cpu_seconds=cpu_seconds)

    def join_command(self) -> list[str]:
        """A prefix that moves the process into every group and then execs the rest of the argv."""
        files = " ".join(str(p / "cgroup.procs") for p in self.paths.values())
        return ["/bin/sh", "-c", f'for f in {files}; do echo $$ > "$f" || exit 125; done; exec "$@"', "sh"]

    def pids(self) -> list[int]:
        return [int(x) for x in _read(self.paths["pids"] / "cgroup.procs").split() if x.isdigit()]

    def cpu_used_s(self) -> float:
        return _read_int(self.paths["cpuacct"] / "cpuacct.usage") / 1e9

    def breach(self) -> str | None:
        """The limit the sandbox ran into, in plain words, or None."""
        events = _read(self.paths["pids"] / "pids.events")
        for line in events.splitlines():
            key, _, value = line.partition(" ")
            if key == "max" and value.strip() not in ("", "0"):
                return (f"process limit reached: the sandbox tried to run more than {self.max_processes} "
                        "processes at once (a fork bomb?); everything in it was stopped")
        for line in _read(self.paths["memory"] / "memory.oom_control").splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill" and value.strip() not in ("", "0"):
                return (f"memory limit reached: the sandbox used more than {self.memory_mb} MB and the "
                        "kernel killed the process that was allocating")
        if self.cpu_seconds and self.cpu_used_s() > self.cpu_seconds:
            return (f"CPU-time limit reached: the sandbox's processes used more than {self.cpu_seconds:g} s "
                    "of CPU (an endless loop?)")
        return None

    def kill_all(self, timeout_s: float = 5.0) -> bool:
        """Freeze the group (so nothing forks while we kill), SIGKILL everyone, thaw. True when empty."""
        freezer = self.paths["freezer"] / "freezer.state"
        deadline = time.monotonic() + timeout_s
        while True:
            pids = self.pids()
            if not pids:
                return True
            try:
                freezer.write_text("FROZEN")
            except OSError:
                pass
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            try:
                freezer.write_text("THAWED")
            except OSError:
                pass
            if time.monotonic() > deadline:
                return not self.pids()
            time.sleep(0.01)

    def destroy(self) -> None:
        self.kill_all()
        for path in self.paths.values():
            for _ in range(50):
                try:
                    path.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)  # the last processes are still being reaped
