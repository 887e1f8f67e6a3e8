"""Generators for the in-process debugger (a mixin of ``StepwisePdb``; a sibling of ``stepwise_pdb``:
standard library only).

A ``yield`` hands a value to the generator's caller. pdb says nothing of it: ``next`` over a yield runs
the caller until it asks for the next value and pauses where the generator resumes, and ``step`` stops
at a "--Return--" whose "returning" is really the yielded value. The value of the yield the last step
went over is kept here and goes into the next stop record (``yielded``), so the harness can say it.
"""

from __future__ import annotations

import dis
import pdb

from stepwise_channel import shown_path
from stepwise_values import capped, safe_repr

_CO_GENERATOR = 0x20  # inspect.CO_GENERATOR (plain generators: a coroutine's awaits are not yields)
_YIELD_VALUE = dis.opmap["YIELD_VALUE"]


def is_yield(frame) -> bool:
    """Whether a return event of ``frame`` is a yield (the generator is suspended, not finished)."""
    code = frame.f_code
    if not code.co_flags & _CO_GENERATOR:
        return False
    try:
        return code.co_code[frame.f_lasti] == _YIELD_VALUE
    except (IndexError, TypeError, ValueError):
        return False


class StepwiseYields(pdb.Pdb):
    _yielded: dict | None = None  # the yield the last step went over, for the next stop record

    def dispatch_return(self, frame, arg):
        if is_yield(frame):
            over = frame is self.stopframe and self.stoplineno != -1  # next (or until) in the generator
            if over or frame is self.returnframe or (self.stopframe is None and self.stop_here(frame)):
                self._yielded = {"function": frame.f_code.co_name, "file": shown_path(frame.f_code.co_filename),
                                 "line": frame.f_lineno, "value": capped(safe_repr(arg)), "resumed": over}
        return super().dispatch_return(frame, arg)

    def take_yielded(self) -> dict:
        """The stop record's ``yielded`` entry (once), or nothing."""
        yielded, self._yielded = self._yielded, None
        return {"yielded": yielded} if yielded else {}
