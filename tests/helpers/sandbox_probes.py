"""What the sandbox tests run inside a sandbox, or wait on, to see what it lets through."""

from __future__ import annotations

from tests.helpers.waiting import poll_until

# A bash command that tries to reach a loopback port ({port}); prints CONNECTED, or BLOCKED and why.
CONNECT = ("python -c \"import socket, sys\n"
           "s = socket.socket(); s.settimeout(3)\n"
           "try:\n    s.connect(('127.0.0.1', int(sys.argv[1]))); print('CONNECTED')\n"
           "except OSError as exc:\n    print('BLOCKED', exc)\" {port}")


def wait_for_crash(sandbox, within_s: float = 60.0) -> None:
    """The watchdog stops a sandbox a moment after the breach; a backgrounded bomb returns first."""
    poll_until(lambda: sandbox.crashed, within_s, interval_s=0.05)
