"""The debugger's own builtins while it works (a sibling of ``stepwise_pdb``: standard library only).

pdb, bdb and cmd look up ``print``, ``repr``, ``len``... in the builtins module at every call, and the
program shares that module: ``builtins.print = None`` would break the debugger's next answer. While the
debugger runs a command, the builtins it started with are put back; the program's own changes return
for every expression the model evaluates and when the program runs on, so the program sees exactly what
it did.
"""

from __future__ import annotations

import builtins

_namespace = builtins.__dict__  # the module's dict itself: the program cannot rebind this reference
_SAFE = dict(_namespace)  # taken before the program runs
_MISSING = object()
_IGNORED = frozenset({"_"})  # the interactive "last value": the program's to keep


class BuiltinsGuard:
    def __init__(self):
        self.depth = 0
        self.program: dict[str, object] = {}  # the program's values of the names it changed (or _MISSING)

    def __enter__(self) -> BuiltinsGuard:
        if self.depth == 0:
            self.program = {name: _namespace.get(name, _MISSING) for name, safe in _SAFE.items()
                            if name not in _IGNORED and _namespace.get(name, _MISSING) is not safe}
            for name in self.program:
                _namespace[name] = _SAFE[name]
        self.depth += 1
        return self

    def __exit__(self, *exc) -> None:
        self.depth -= 1
        if self.depth == 0:
            self._program_view()

    def _program_view(self) -> None:
        for name, value in self.program.items():
            if value is _MISSING:
                _namespace.pop(name, None)
            else:
                _namespace[name] = value

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
