"""The Docker backend: the debug service in a container of the project's own image.

The image (``stepwise-sandbox:latest``) is built by ``harness/sandbox/docker/build-offline.sh``
(debootstrap + ``docker import``, no registry needed) or from the Dockerfile next to it. Each sandbox
is a container with ``network_mode="none"``, memory, pids and CPU-time limits, no capabilities,
no-new-privileges, a read-only root with a private /tmp, running as uid 65534 (the service keeps
a real uid of its own, so the model's processes cannot signal it); the workspace is
bind-mounted read-write at /workspace (tests stay root-owned and read-only, see
``harness.sandbox.protect``), the harness package read-only at /opt/stepwise/lib/harness. The
service listens on a Unix socket in a bind-mounted host folder. ``exec`` runs a fresh container over
the same workspace. Containers are removed when the sandbox closes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import tempfile
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from harness.sandbox import cgroups, paths, protect
from harness.sandbox.backends.base import ExecResult, Limits, SandboxError, SandboxSpec, interpreter_roots
from harness.sandbox.backends.bwrap import etc_snapshot, precompile_harness
from harness.sandbox.backends.supervised import SupervisedBackend, SupervisedSandbox
from harness.sandbox.client import ServiceClient
from harness.sandbox.deps import dependency_path
from harness.sandbox.orphans import OWNER_LABEL, SANDBOX_LABEL
from harness.sandbox.owner import owner_id
from harness.sandbox.paths import InsidePaths
from harness.sandbox.quota import WorkspaceQuota

if TYPE_CHECKING:
    from docker.models.containers import Container

IMAGE = os.environ.get("STEPWISE_SANDBOX_IMAGE", "stepwise-sandbox:latest")
HARNESS_DIR = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60.0
PYTHON = "python3"  # the image's interpreter (Debian's)
LABEL = SANDBOX_LABEL


def _docker():
    try:
        import docker.errors  # binds ``docker`` too; the submodules named so the checker knows them
        import docker.types
    except ImportError:
        raise SandboxError("the docker SDK is not installed; pip install 'stepwise[sandbox]'") from None
    return docker


def _connect_unix(path: Path) -> socket.socket | None:
    """A socket connected to the Unix socket at ``path``, or None while nothing listens there yet."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(path))
    except OSError:
        sock.close()
        return None
    return sock


def _container_cgroup(container_id: str, limits: Limits) -> cgroups.CgroupLimits | None:
    """The container's own cgroup v1 groups (cgroupfs driver), read for breach reasons."""
    paths = {c: cgroups.ROOT / c / "docker" / container_id for c in cgroups.CONTROLLERS}
    if not all(p.is_dir() for p in paths.values()):
        return None
    return cgroups.CgroupLimits(name=container_id, paths=paths, memory_mb=limits.memory_mb,
                                max_processes=limits.max_processes, cpu_seconds=limits.cpu_seconds)


class DockerSandbox(SupervisedSandbox):
    backend_name = "docker"

    def __init__(self, spec: SandboxSpec, *, client, image: str, session_factory: str | None = None,
                 service_paths: Sequence[str | Path] = ()):
        super().__init__(spec, InsidePaths(workspace=paths.WORKSPACE, python=PYTHON))
        self.docker = client
        self.image = image
        self.session_factory = session_factory
        self.service_paths = [Path(p).resolve() for p in service_paths]
        self.id = uuid.uuid4().hex[:12]
        self.deps = dependency_path(spec.dependencies) if spec.dependencies else None
        self.control_dir = Path(tempfile.mkdtemp(prefix=f"stepwise-docker-{self.id}-"))
        self.control_dir.chmod(0o1777)
        self.container: Container | None = None
        self.cgroup: cgroups.CgroupLimits | None = None
        self.socket: socket.socket | None = None
        self._removal_lock = threading.Lock()
        self._removed = False
        self.skeleton: Path | None = None  # see _interpreter_volumes

    # -- containers -------------------------------------------------------------------------------
    def _run_options(self, *, output_dir: Path | None = None, extra_env: dict | None = None,
                     workspace: Path | None = None) -> dict:
        docker = _docker()
        limits = self.limits
        volumes = {str(workspace or self.workspace): {"bind": paths.WORKSPACE, "mode": "rw"},
                   str(HARNESS_DIR): {"bind": f"{paths.LIB}/harness", "mode": "ro"}}
        if self.deps is not None:
            volumes[str(self.deps)] = {"bind": paths.DEPS, "mode": "ro"}
        if output_dir is not None:
            volumes[str(output_dir)] = {"bind": paths.OUTPUT, "mode": "rw"}
        # The sandbox user's passwd home is /tmp, as in bwrap (harness.sandbox.backends.bwrap.home_in_tmp).
        volumes[str(etc_snapshot() / "passwd")] = {"bind": "/etc/passwd", "mode": "ro"}
        # exec: docker's tmpfs is noexec by default; bwrap's /tmp is not, and real projects run scripts they
        # write there (cookiecutter's hooks).
        tmpfs = {"/tmp": f"size={limits.memory_mb}m,mode=1777,exec"}
        if self.spec.python is not None:  # a task environment: its venv and base installation, read-only
            volumes.update(self._interpreter_volumes(self.spec.python))
        env = {"HOME": "/tmp", "LANG": "C.UTF-8", "PYTHONPATH": paths.DEPS, "PYTHONDONTWRITEBYTECODE": "1",
               "PYTHONUNBUFFERED": "1", "TERM": "dumb", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
        env.update(extra_env or {})
        return dict(
            image=self.image, detach=True, network_mode="none", user=f"{protect.SANDBOX_UID}:{protect.SANDBOX_GID}",
            working_dir=paths.WORKSPACE, volumes=volumes, environment=env,
            mem_limit=f"{limits.memory_mb}m", memswap_limit=f"{limits.memory_mb}m", pids_limit=limits.max_processes,
            cap_drop=["ALL"], security_opt=["no-new-privileges"], read_only=True,
            tmpfs=tmpfs,
            # An init as PID 1 (docker's tini), as bwrap has one: the command is its child, so code that asks
            # for its parent process (thefuck's shell detection) finds one.
            init=True,
            ulimits=[docker.types.Ulimit(name="cpu", soft=int(limits.cpu_seconds) + 5, hard=int(limits.cpu_seconds) + 5),
                     docker.types.Ulimit(name="fsize", soft=256 * 2**20, hard=256 * 2**20)],
            labels={LABEL: self.id, OWNER_LABEL: owner_id()}, hostname="sandbox")

    def _interpreter_volumes(self, python: str) -> dict:
        """The interpreter's folders at their host paths. The image's folder above them (``/root`` is
        0700) is covered by a read-only skeleton of traversable folders, so the sandbox uid reaches them."""
        volumes = {}
        if self.skeleton is None:
            self.skeleton = Path(tempfile.mkdtemp(prefix=f"stepwise-docker-{self.id}-skel-"))
            self.skeleton.chmod(0o755)
        for root in interpreter_roots(python):
            volumes[root] = {"bind": root, "mode": "ro"}
            top = Path(root).parts[1]
            if f"/{top}" in ("/usr", "/opt", "/tmp", paths.WORKSPACE):
                continue
            (self.skeleton / root.lstrip("/")).mkdir(parents=True, exist_ok=True)
            for folder in [self.skeleton / root.lstrip("/"), *(self.skeleton / root.lstrip("/")).parents]:
                if folder == self.skeleton or not folder.is_relative_to(self.skeleton):
                    break
                folder.chmod(0o755)
            volumes[str(self.skeleton / top)] = {"bind": f"/{top}", "mode": "ro"}
        return volumes

    def start_service(self) -> None:
        options = self._run_options()
        options["volumes"][str(self.control_dir)] = {"bind": paths.CONTROL, "mode": "rw"}
        extra_paths = []
        for index, path in enumerate(self.service_paths):
            options["volumes"][str(path)] = {"bind": f"{paths.EXTRA}/{index}", "mode": "ro"}
            extra_paths.append(f"{paths.EXTRA}/{index}")
        options["environment"]["PYTHONPATH"] = ":".join([*extra_paths, paths.LIB, paths.DEPS])
        command = [PYTHON, "-P", "-m", "harness.sandbox.service", "--workspace", paths.WORKSPACE,
                   "--socket", f"{paths.CONTROL}/service.sock",
                   "--user", f"{protect.SANDBOX_UID}:{protect.SANDBOX_GID}"]
        # Started as root with only the two capabilities it needs to take its own real uid apart from
        # the model's (harness.identity); it drops them, and root, before it reads any request.
        options.update(user="0:0", cap_add=["SETUID", "SETGID"])
        if self.session_factory:
            command += ["--session", self.session_factory]
        try:
            self.container = self.docker.containers.run(command=command, name=f"stepwise-{self.id}", **options)
        except Exception as exc:  # noqa: BLE001 - docker.errors.* all mean "did not start"
            raise SandboxError(f"the docker sandbox did not start: {exc}") from None
        container_id = self.container.id if self.container is not None else None
        if container_id is None:  # detach=True: the engine answers with the started container
            self._stop_processes()
            raise SandboxError("the docker sandbox did not start: the engine returned no container")
        self.cgroup = _container_cgroup(container_id, self.limits)
        sock_path = self.control_dir / "service.sock"
        deadline = time.monotonic() + START_TIMEOUT_S
        next_check = time.monotonic() + 0.25
        while True:
            if sock_path.exists() and (connected := _connect_unix(sock_path)) is not None:
                self.socket = connected
                break
            now = time.monotonic()
            exited = False
            if now > next_check:  # asking the engine is costly; the socket file is not
                next_check = now + 0.25
                exited = self._exited()
            if now > deadline or exited:
                detail = self._exit_detail()
                self._stop_processes()
                raise SandboxError(f"the docker sandbox's service did not come up{'; ' + detail if detail else ''}")
            time.sleep(0.005)
        self._connect(ServiceClient(connected.fileno(), connected.fileno()), START_TIMEOUT_S)

    def _exited(self) -> bool:
        if self.container is None:
            return True
        try:
            self.container.reload()
            return self.container.status in ("exited", "dead")
        except Exception:  # noqa: BLE001
            return True

    # -- supervision hooks ------------------------------------------------------------------------
    def _limit_breach(self) -> str | None:
        return self.cgroup.breach() if self.cgroup is not None else None

    def _exit_detail(self) -> str:
        if self.container is None:
            return ""
        try:
            self.container.reload()
            state = self.container.attrs.get("State", {})
            if state.get("OOMKilled"):
                return f"memory limit reached: the container used more than {self.limits.memory_mb} MB"
            tail = self.container.logs(tail=3).decode(errors="replace").strip().replace("\n", " | ")
            return f"container {self.container.status}, exit code {state.get('ExitCode')}" + (
                f"; last output: {tail}" if tail else "")
        except Exception:  # noqa: BLE001 - already gone
            return "the container is gone"

    def _stop_processes(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(OSError):
                self.socket.close()
            self.socket = None
        # The watchdog and close() may both get here; the second waits for the first removal to end.
        with self._removal_lock:
            if self.container is not None and not self._removed:
                with contextlib.suppress(Exception):
                    self.container.remove(force=True)
                self._removed = True

    def _release(self) -> None:
        shutil.rmtree(self.control_dir, ignore_errors=True)
        if self.skeleton is not None:
            shutil.rmtree(self.skeleton, ignore_errors=True)

    @contextlib.contextmanager
    def paused(self):
        paused = False
        container = self.container
        if container is not None and not self.crashed:
            try:
                container.pause()
                paused = True
            except Exception:  # noqa: BLE001 - not running: nothing to pause
                paused = False
        try:
            yield
        finally:
            if container is not None and paused:
                with contextlib.suppress(Exception):
                    container.unpause()

    # -- exec -------------------------------------------------------------------------------------
    def exec(self, argv: Sequence[str], *, timeout_s: float = 60.0, env: dict | None = None,
             output_dir: Path | None = None, workspace: Path | None = None) -> ExecResult:
        """A fresh container over the same workspace (or ``workspace``) with the same image and limits."""
        if self.closed:
            raise SandboxError("the sandbox is closed; exec needs a running sandbox")
        argv = [str(a) for a in argv]
        if not argv:
            raise SandboxError("exec needs a command, e.g. ['python3', '-m', 'pytest', '-q']")
        if argv[0] == "python":
            argv[0] = PYTHON
        if output_dir is not None:
            Path(output_dir).chmod(0o777)
        try:
            options = self._run_options(output_dir=output_dir, extra_env=env, workspace=workspace)
            container = self.docker.containers.run(command=argv, **options)
        except Exception as exc:  # noqa: BLE001
            raise SandboxError(f"could not run {argv[0]!r} in a docker sandbox: {exc}") from None
        timed_out = False
        try:
            try:
                status = container.wait(timeout=timeout_s)
                code = int(status.get("StatusCode", -1))
            except Exception:  # noqa: BLE001 - requests' read timeout: the command ran too long
                timed_out = True
                with contextlib.suppress(Exception):
                    container.kill()
                code = -9
            container.reload()
            oom = container.attrs.get("State", {}).get("OOMKilled")
            stdout = container.logs(stdout=True, stderr=False).decode(errors="replace")
            stderr = container.logs(stdout=False, stderr=True).decode(errors="replace")
        finally:
            with contextlib.suppress(Exception):
                container.remove(force=True)
        reason = None
        if oom:
            reason = f"memory limit reached: the process used more than {self.limits.memory_mb} MB"
        elif timed_out:
            reason = f"timed out after {timeout_s:g} s and was stopped"
        return ExecResult(returncode=code, stdout=stdout, stderr=stderr, timed_out=timed_out, reason=reason)


class DockerBackend(SupervisedBackend):
    name = "docker"

    def __init__(self, *, image: str = IMAGE, session_factory: str | None = None,
                 service_paths: Sequence[str | Path] = (), client=None):
        docker = _docker()
        try:
            self.client = client or docker.from_env(timeout=120)
            self.client.ping()
        except Exception as exc:  # noqa: BLE001
            raise SandboxError(f"cannot reach the Docker engine ({exc}); start it with scripts/services") from None
        try:
            self.client.images.get(image)
        except docker.errors.ImageNotFound:
            raise SandboxError(f"the sandbox image {image} is missing; build it with "
                               "harness/sandbox/docker/build-offline.sh (or docker build harness/sandbox/docker)") from None
        self.image = image
        self.session_factory = session_factory
        self.service_paths = tuple(service_paths)
        precompile_harness()  # the image's python is 3.11 too: the host's .pyc files serve it

    def prepare(self, spec: SandboxSpec) -> DockerSandbox:
        workspace = Path(spec.workspace)
        if not workspace.is_dir():
            raise SandboxError(f"the workspace {workspace} does not exist; materialize the task first")
        quota = WorkspaceQuota.mount(workspace, spec.limits.disk_mb)
        try:
            protect.protect_workspace(workspace, spec.protected_files)
            sandbox = DockerSandbox(spec, client=self.client, image=self.image, session_factory=self.session_factory,
                             service_paths=self.service_paths)
        except BaseException:
            if quota is not None:
                quota.release()
            raise
        sandbox.quota = quota
        return sandbox


    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.client.close()
