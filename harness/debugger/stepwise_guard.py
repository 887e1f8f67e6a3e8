"""The debugger's own builtins while it works (a sibling of ``stepwise_pdb``: standard library only).

pdb, bdb and cmd look up ``print``, ``repr``, ``len``... in the builtins module at every call, and
``reprlib.repr`` in its module at every stop line they print, and write to ``sys.stdout``; the program
shares those modules: ``builtins.print = None`` or ``sys.stdout = None`` would break the debugger's next
answer. While the debugger stops
or runs a command, the values it started with are put back; the program's own changes return for
every expression the model evaluates and when the program runs on, so the program sees exactly what
it did.
"""

from __future__ import annotations

import builtins
import reprlib
import sys

# The modules' dicts themselves (the program cannot rebind these references), each with its values taken
# before the program runs.
_GUARDED = [(module.__dict__, dict(module.__dict__)) for module in (builtins, reprlib)]
_MISSING = object()
# sys.stdout and sys.stderr: pdb and pytest's --pdb banners write there; one the program set to None or closed
# is replaced by the one the debugger started with while the debugger works.
_SYS = sys.__dict__
_STREAMS = {name: _SYS.get(name) for name in ("stdout", "stderr")}
_NAMESPACES = [*(namespace for namespace, _ in _GUARDED), _SYS]


def _unusable(stream) -> bool:
    try:
        return stream is None or stream is _MISSING or stream.closed is True
    except Exception:  # the program's object: whatever its attribute does
        return True
_IGNORED = frozenset({"_"})  # the interactive "last value": the program's to keep


class BuiltinsGuard:
    def __init__(self):
        self.depth = 0
        self.program: list[dict[str, object]] = []  # per guarded module: the program's changed values (or _MISSING)

    def __enter__(self) -> BuiltinsGuard:
        if self.depth == 0:
            self.program = []
            for namespace, safe in _GUARDED:
                changed = {name: namespace.get(name, _MISSING) for name, value in safe.items()
                           if name not in _IGNORED and namespace.get(name, _MISSING) is not value}
                for name in changed:
                    namespace[name] = safe[name]
                self.program.append(changed)
            streams = {name: _SYS.get(name, _MISSING) for name, safe in _STREAMS.items()
                       if _unusable(_SYS.get(name, _MISSING)) and not _unusable(safe)}
            for name in streams:
                _SYS[name] = _STREAMS[name]
            self.program.append(streams)
        self.depth += 1
        return self

    def __exit__(self, *exc) -> None:
        self.depth -= 1
        if self.depth == 0:
            self._program_view()

    def _program_view(self) -> None:
        for index, changed in enumerate(self.program):  # no zip(strict=): the program's Python may be 3.7
            namespace = _NAMESPACES[index]
            for name, value in changed.items():
                if value is _MISSING:
                    namespace.pop(name, None)
                else:
                    namespace[name] = value

    def program_view(self) -> ProgramView:
        """For an expression the model evaluates: the program's builtins, then the debugger's again (and
        what the expression itself changed is kept as the program's)."""
        return ProgramView(self)


class ProgramView:
    def __init__(self, guard: BuiltinsGuard):
        self.guard = guard

    def __enter__(self) -> None:
        if self.guard.depth:
            self.guard._program_view()

    def __exit__(self, *exc) -> None:
        if self.guard.depth:
            depth, self.guard.depth = self.guard.depth, 0
            self.guard.__enter__()  # the program's values as they are now, the debugger's back in place
            self.guard.depth = depth


GUARD = BuiltinsGuard()
