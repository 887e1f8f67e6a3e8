"""The default backend: bubblewrap namespaces around the debug service and every ``exec``.

Inside a bwrap sandbox:
- no network (a fresh network namespace with only loopback, where nothing listens),
- an empty root holding read-only binds of the system (/usr, a few /etc files), the host Python
  (the venv and its base interpreter, at their own paths, so pytest and pexpect exist) and the
  harness package (at /opt/stepwise/lib); the task's dependency folder read-only at
  /opt/stepwise/deps; the workspace read-write at /workspace; a private /tmp; nothing else of the host,
- its own PID, IPC and UTS namespaces; the whole tree dies with the host process (--die-with-parent),
- a clean environment: no host variable passes in (--clearenv, then a short fixed list),
- every process runs as the unprivileged uid 65534 (setpriv for exec; the service switches itself
  before it reads any request), with no capabilities and no_new_privs, so the
  root-owned read-only test files cannot be written or chmodded (see ``harness.sandbox.protect``),
- per-sandbox cgroups bound memory, process count and CPU time (``harness.sandbox.cgroups``); with no
  writable cgroups, rlimits are the fallback; the watchdog enforces the wall clock.
"""

from __future__ import annotations

import atexit
import compileall
import contextlib
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import uuid
from collections.abc import Sequence
from pathlib import Path

from harness.sandbox import paths, protect
from harness.sandbox.backends.base import ExecResult, Limits, SandboxError, SandboxSpec, interpreter_roots
from harness.sandbox.backends.contained import finish_contained
from harness.sandbox.backends.supervised import SupervisedBackend, SupervisedSandbox, pipe_fds, reap
from harness.sandbox.backends.warm_verifier import VERIFY_ENV, WARM_PYTEST, WarmVerifier
from harness.sandbox.cgroups import CgroupLimits
from harness.sandbox.client import ServiceClient
from harness.sandbox.deps import dependency_path
from harness.sandbox.paths import InsidePaths
from harness.sandbox.quota import WorkspaceQuota

HARNESS_DIR = Path(__file__).resolve().parents[2]  # .../harness
# The /etc entries programs in the sandbox need (copied, see etc_snapshot); the rest of the host's /etc
# stays out.
ETC_ENTRIES = ("passwd", "group", "hosts", "nsswitch.conf", "ld.so.cache", "ld.so.conf", "ld.so.conf.d",
               "localtime", "alternatives", "ssl", "ca-certificates", "mime.types", "bash.bashrc", "inputrc",
               "profile", "terminfo", "python3", "python3.11", "pdb.rc")
START_TIMEOUT_S = 30.0
_counter = itertools.count()


def _python_roots(python: str) -> list[str]:
    """The folders the interpreter needs: its venv (if any) and its base installation."""
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    if python != sys.executable:
        roots.add(str(Path(python).resolve().parent.parent))
    return sorted(r for r in roots if r and not r.startswith("/usr"))


def sandbox_env(python: str, extra: dict | None = None, *, with_harness: bool = False) -> dict[str, str]:
    bindir = str(Path(python).parent)
    path = f"{bindir}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    pythonpath = [paths.LIB] if with_harness else []
    pythonpath.append(paths.DEPS)
    env = {"PATH": path, "HOME": "/tmp", "TMPDIR": "/tmp", "USER": "sandbox", "LOGNAME": "sandbox",
           "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "dumb", "SHELL": "/bin/bash",
           "PYTHONPATH": ":".join(pythonpath), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1",
           "PYTHONNOUSERSITE": "1", "PIP_NO_INDEX": "1",
           # The venv's pytest plugins (hypothesis, django) cost seconds per run and mean nothing to a
           # task; a task that needs one names it in its conftest (pytest_plugins = [...]).
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    env.update(extra or {})
    return env


_etc: Path | None = None
_etc_lock = threading.Lock()


def etc_snapshot() -> Path:
    """A copy of the /etc entries the sandbox needs, made once per process and mounted as one bind:
    every mount costs time at start and at teardown, and concurrent sandboxes contend on them."""
    global _etc
    with _etc_lock:
        if _etc is None or not _etc.is_dir():
            folder = Path(tempfile.mkdtemp(prefix=f"stepwise-etc-{os.getpid()}-"))
            for entry in ETC_ENTRIES:
                source = Path("/etc") / entry
                try:
                    if source.is_dir() and not source.is_symlink():
                        shutil.copytree(source, folder / entry, symlinks=True,
                                        ignore=shutil.ignore_patterns("private"))  # no keys
                    elif source.exists() or source.is_symlink():
                        shutil.copy2(source, folder / entry, follow_symlinks=not source.is_symlink())
                except OSError:
                    continue  # unreadable entries are left out, as if absent
            if (folder / "passwd").is_file():
                home_in_tmp(folder / "passwd")
            folder.chmod(0o755)
            atexit.register(shutil.rmtree, folder, True)
            _etc = folder
        return _etc


def home_in_tmp(passwd: Path) -> None:
    """The sandbox user's passwd home becomes /tmp (nobody's is /nonexistent), as $HOME already is: a program
    that resolves ``~`` without $HOME (thefuck's tests empty ``os.environ``) gets a folder it can write."""
    lines = []
    for line in passwd.read_text(errors="replace").splitlines():
        fields = line.split(":")
        if len(fields) == 7 and fields[2] == str(protect.SANDBOX_UID):
            fields[5] = "/tmp"
        lines.append(":".join(fields))
    passwd.write_text("\n".join(lines) + "\n")


def _parents(destinations: list[str]) -> list[str]:
    """Folders bwrap would create for the mount points; it makes them 0700, which hides what is
    mounted below from the sandbox uid, so they are made 0755 first."""
    seen: list[str] = []
    for dest in destinations:
        for parent in reversed(Path(dest).parents):
            text = str(parent)
            if text != "/" and text not in seen:
                seen.append(text)
    args = []
    for folder in seen:
        args += ["--perms", "0755", "--dir", folder]
    return args


def mount_args(workspace: Path, *, python: str, deps: Path | None, memory_mb: int,
               output_dir: Path | None = None, task_python: str | None = None) -> list[str]:
    roots = _python_roots(python)
    if task_python is not None:
        roots = sorted(set(roots) | set(interpreter_roots(task_python)))
    # The private /tmp comes first: a checkout or venv that lives under the host's /tmp (CI clones
    # anywhere) is bound on top of it, instead of being hidden by it.
    args = ["--perms", "1777", "--size", str(memory_mb * 1024 * 1024), "--tmpfs", "/tmp"]
    args += _parents([*roots, f"{paths.LIB}/harness", paths.DEPS, paths.OUTPUT, f"{paths.EXTRA}/0"])
    args += ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    args += ["--ro-bind", str(etc_snapshot()), "/etc"]
    for root in roots:
        args += ["--ro-bind", root, root]
    args += ["--ro-bind", str(HARNESS_DIR), f"{paths.LIB}/harness"]
    if deps is not None:
        args += ["--ro-bind", str(deps), paths.DEPS]
    else:
        args += ["--perms", "0755", "--dir", paths.DEPS]
    args += ["--bind", str(workspace), paths.WORKSPACE]
    if output_dir is not None:
        args += ["--bind", str(output_dir), paths.OUTPUT]
    args += ["--dev", "/dev", "--proc", "/proc",
             "--perms", "1777", "--tmpfs", "/dev/shm", "--remount-ro", "/"]
    return args


def bwrap_argv(workspace: Path, argv: Sequence[str], *, python: str, deps: Path | None, limits: Limits,
               cgroup: CgroupLimits | None, env: dict[str, str], output_dir: Path | None = None,
               extra_binds: dict[str, str] | None = None, drops_itself: bool = False,
               task_python: str | None = None) -> list[str]:
    """The full host command: join the cgroups, set the rlimits, enter bwrap, drop to the sandbox uid.

    ``drops_itself``: the command switches to the sandbox uid on its own before it reads any input
    (the debug service's ``--user``), which saves the setpriv exec on every cold start."""
    privileged = os.geteuid() == 0
    prelude = []
    if cgroup is not None:
        files = " ".join(str(p / "cgroup.procs") for p in cgroup.paths.values())
        prelude.append(f'for f in {files}; do echo $$ > "$f" || exit 125; done')
    # Per-process backstops; the cgroups (when present) bound the sandbox as a whole.
    prelude.append(f"ulimit -t {int(limits.cpu_seconds) + 5}")
    prelude.append("ulimit -f 524288")  # 256 MB per file (512-byte blocks): the workspace is on host disk
    if cgroup is None:
        prelude.append(f"ulimit -v {limits.memory_mb * 1024}")
        if privileged:
            prelude.append(f"ulimit -p {limits.max_processes}")  # dash's name for RLIMIT_NPROC
    shell = ["/bin/sh", "-c", "; ".join(prelude) + '; exec "$@"', "sh"]
    namespaces = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
                  "--hostname", "sandbox", "--die-with-parent", "--new-session"]
    if not privileged:
        namespaces = ["--unshare-user", "--uid", str(protect.SANDBOX_UID), "--gid", str(protect.SANDBOX_GID)] + namespaces
    env_args = ["--clearenv"]
    for key, value in env.items():
        env_args += ["--setenv", key, value]
    inner = list(argv)
    if privileged and not drops_itself:
        inner = ["setpriv", f"--reuid={protect.SANDBOX_UID}", f"--regid={protect.SANDBOX_GID}", "--clear-groups",
                 "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--", *inner]
    mounts = mount_args(workspace, python=python, deps=deps, memory_mb=limits.memory_mb, output_dir=output_dir,
                        task_python=task_python)
    for host, inside in (extra_binds or {}).items():
        mounts[-2:-2] = ["--ro-bind", host, inside]  # before the final --remount-ro /
    return [*shell, "bwrap", *namespaces, *mounts,
            *env_args, "--chdir", paths.WORKSPACE, "--", *inner]


class BwrapSandbox(SupervisedSandbox):
    backend_name = "bwrap"

    def __init__(self, spec: SandboxSpec, *, python: str, session_factory: str | None = None,
                 service_paths: Sequence[str | Path] = (), warm_start: bool = True):
        # The host's interpreter is bound at its own path, so it has the same name inside.
        super().__init__(spec, InsidePaths(workspace=paths.WORKSPACE, python=python))
        self.python = python
        self.session_factory = session_factory
        self.warm_start = warm_start
        self.service_paths = [Path(p).resolve() for p in service_paths]
        self.id = f"{os.getpid()}-{next(_counter)}-{uuid.uuid4().hex[:6]}"
        self.state_dir = Path(tempfile.mkdtemp(prefix=f"stepwise-bwrap-{self.id}-"))
        self.deps = dependency_path(spec.dependencies) if spec.dependencies else None
        self.cgroup = CgroupLimits.create(self.id, memory_mb=spec.limits.memory_mb,
                                          max_processes=spec.limits.max_processes,
                                          cpu_seconds=spec.limits.cpu_seconds)
        self.process: subprocess.Popen | None = None
        self.warm_verifier: WarmVerifier | None = None  # started with the service (_park_verifier)
        self._exec_counter = itertools.count()

    @contextlib.contextmanager
    def paused(self):
        """Freeze the episode's processes (the service and all it started) for the duration, so
        nothing the agent left running can act while the verifier runs."""
        freezer = self.cgroup.paths["freezer"] / "freezer.state" if self.cgroup is not None else None
        try:
            if freezer is not None:
                freezer.write_text("FROZEN")
        except OSError:
            freezer = None
        try:
            yield
        finally:
            if freezer is not None:
                try:
                    freezer.write_text("THAWED")
                except OSError:
                    pass

    # -- start ------------------------------------------------------------------------------------
    def start_service(self) -> None:
        # -P: the workspace (the service's cwd) must not shadow the modules the service imports.
        argv = [self.python, "-P", "-m", "harness.sandbox.service", "--workspace", paths.WORKSPACE]
        privileged = os.geteuid() == 0
        if privileged:
            argv += ["--user", f"{protect.SANDBOX_UID}:{protect.SANDBOX_GID}"]
        if self.session_factory:
            argv += ["--session", self.session_factory]
        if not self.warm_start:
            argv += ["--cold"]
        extra = {str(p): f"{paths.EXTRA}/{i}" for i, p in enumerate(self.service_paths)}
        env = sandbox_env(self.python, with_harness=True)
        if extra:
            env["PYTHONPATH"] = ":".join([*extra.values(), env["PYTHONPATH"]])
        command = bwrap_argv(self.workspace, argv, python=self.python, deps=self.deps, limits=self.limits,
                             cgroup=self.cgroup, env=env, extra_binds=extra, drops_itself=privileged,
                             task_python=self.spec.python)
        with open(self.state_dir / "service.log", "wb") as log:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                                            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
                                            start_new_session=True, close_fds=True)
        self._connect(ServiceClient(*pipe_fds(self.process)), START_TIMEOUT_S)
        if self.warm_start:
            self._park_verifier()

    # -- the warm verifier ------------------------------------------------------------------------
    def _park_verifier(self) -> None:
        """Start the verifier's pytest now, contained like ``exec``'s, so verification does not wait for
        its imports (``harness.sandbox.backends.warm_verifier``); without one, verify runs cold."""
        group = CgroupLimits.create(f"{self.id}-v", memory_mb=self.limits.memory_mb,
                                    max_processes=self.limits.max_processes, cpu_seconds=self.limits.cpu_seconds)

        def command(workspace: Path, output: Path) -> list[str]:
            return bwrap_argv(workspace, [self.python, "-P", "-B", "-c", WARM_PYTEST], python=self.python,
                              deps=self.deps, limits=self.limits, cgroup=group,
                              env=sandbox_env(self.python, VERIFY_ENV), output_dir=output)

        try:
            self.warm_verifier = WarmVerifier.start(command, group)
        except OSError:
            self.warm_verifier = None

    def take_warm_verifier(self) -> WarmVerifier | None:
        verifier, self.warm_verifier = self.warm_verifier, None
        if verifier is not None and not verifier.alive:
            verifier.close()
            return None
        return verifier

    # -- supervision hooks ------------------------------------------------------------------------
    def _limit_breach(self) -> str | None:
        return self.cgroup.breach() if self.cgroup is not None else None

    def _exit_detail(self) -> str:
        parts = []
        if self.process is not None and self.process.poll() is not None:
            code = self.process.returncode
            parts.append(f"exit status {code}" if code >= 0 else f"killed by signal {-code}")
        try:
            tail = (self.state_dir / "service.log").read_text(errors="replace").strip().splitlines()[-3:]
        except OSError:
            tail = []
        if tail:
            parts.append("last output: " + " | ".join(tail))
        return "; ".join(parts)

    def _stop_processes(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                self.process.kill()  # the outer bwrap: its PID namespace goes with it
            except ProcessLookupError:
                pass
        if self.cgroup is not None:
            self.cgroup.kill_all()
        reap(self.process)

    def _release(self) -> None:
        if self.warm_verifier is not None:
            self.warm_verifier.close()
            self.warm_verifier = None
        if self.cgroup is not None:
            self.cgroup.destroy()
        shutil.rmtree(self.state_dir, ignore_errors=True)

    # -- exec -------------------------------------------------------------------------------------
    def exec(self, argv: Sequence[str], *, timeout_s: float = 60.0, env: dict | None = None,
             output_dir: Path | None = None, workspace: Path | None = None) -> ExecResult:
        """A fresh process in a fresh namespace set over the same workspace (or ``workspace``), with
        its own limits.

        ``output_dir`` (a host folder) is mounted read-write at ``paths.OUTPUT`` for this process
        only, so results written there cannot be touched by the episode's own processes.
        """
        if self.closed:
            raise SandboxError("the sandbox is closed; exec needs a running sandbox")
        argv = [str(a) for a in argv]
        if not argv:
            raise SandboxError("exec needs a command, e.g. ['python', '-m', 'pytest', '-q']")
        group = CgroupLimits.create(f"{self.id}-x{next(self._exec_counter)}", memory_mb=self.limits.memory_mb,
                                    max_processes=self.limits.max_processes, cpu_seconds=self.limits.cpu_seconds)
        task_python = self.spec.python
        command = bwrap_argv(Path(workspace or self.workspace), argv, python=self.python, deps=self.deps,
                             limits=self.limits, cgroup=group, env=sandbox_env(task_python or self.python, env),
                             output_dir=output_dir, task_python=task_python)
        return run_contained(command, group, timeout_s)


def run_contained(command: list[str], group: CgroupLimits | None, timeout_s: float) -> ExecResult:
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, start_new_session=True)
    return finish_contained(process, group, timeout_s)


_precompiled = False


def precompile_harness() -> None:
    """Write the harness's .pyc files on the host once per process: the sandbox mounts the package
    read-only, so a stale or missing .pyc would be recompiled at every sandbox start."""
    global _precompiled
    if not _precompiled:
        _precompiled = True
        compileall.compile_dir(str(HARNESS_DIR), quiet=2)


class BwrapBackend(SupervisedBackend):
    name = "bwrap"

    def __init__(self, *, python: str | None = None, session_factory: str | None = None,
                 service_paths: Sequence[str | Path] = (), warm_start: bool = True):
        """``session_factory`` ("module:Class") replaces harness.session.DebugSession inside the
        service; ``service_paths`` are host folders put (read-only) on the service's import path.
        ``warm_start=False``: no warm verifier and no debugger interpreter prepared ahead (each starts
        cold when first needed, as before either existed; for measuring what they save)."""
        self.python = python or sys.executable
        self.session_factory = session_factory
        self.service_paths = tuple(service_paths)
        self.warm_start = warm_start
        precompile_harness()
        if shutil.which("bwrap") is None:
            raise SandboxError("bubblewrap is not installed; install it (Debian: apt-get install bubblewrap) "
                               "or choose another backend")

    def prepare(self, spec: SandboxSpec) -> BwrapSandbox:
        workspace = Path(spec.workspace)
        if not workspace.is_dir():
            raise SandboxError(f"the workspace {workspace} does not exist; materialize the task first")
        quota = WorkspaceQuota.mount(workspace, spec.limits.disk_mb)
        try:
            protect.protect_workspace(workspace, spec.protected_files)
            sandbox = BwrapSandbox(spec, python=self.python, session_factory=self.session_factory,
                                   service_paths=self.service_paths, warm_start=self.warm_start)
        except BaseException:
            if quota is not None:
                quota.release()
            raise
        sandbox.quota = quota
        return sandbox

