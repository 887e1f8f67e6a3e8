"""Breakpoints on a comprehension's line, for the in-process debugger (a sibling of ``stepwise_pdb``:
standard library only).

Before Python 3.12 a list, set or dict comprehension and a generator expression run in a frame of their
own, on the line of the frame that runs them: pdb stops there once, then once more for every item. A
breakpoint on such a line stops once, in the enclosing frame; one with a condition is asked in the
comprehension's frames too (the condition may name the comprehension's variable, which the enclosing
frame does not have).
"""

from __future__ import annotations

import bdb

_eval = eval  # a private reference: the program may rebind builtins

COMPREHENSIONS = frozenset({"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"})  # their own frames (3.11-)


def same_line_as_outer(frame) -> bool:
    """A comprehension's frame on the line its enclosing frame is on (not a line inside a multi-line one)."""
    outer = frame.f_back
    return outer is not None and outer.f_code.co_filename == frame.f_code.co_filename and \
        outer.f_lineno == frame.f_lineno


def owns_comprehension(code, line: int) -> bool:
    return any(getattr(const, "co_name", None) in COMPREHENSIONS and getattr(const, "co_firstlineno", None) == line
               for const in code.co_consts)


def enabled_here(filename: str, line: int) -> list:
    return [bp for bp in bdb.Breakpoint.bplist.get((filename, line), ()) if bp.enabled]


def conditional(filename: str, line: int) -> bool:
    """A breakpoint on a comprehension's line stops once, in the enclosing frame; one with a condition
    is asked in the comprehension's frames too (the condition may name its variable)."""
    return any(bp.cond for bp in enabled_here(filename, line))


def conditions_need_items(frame, filename: str) -> bool:
    """Every breakpoint on this line has a condition that names something this frame does not have (a
    comprehension's variable, or the comprehension before its first item): bdb would stop here on the
    NameError; the frames where the name is bound decide."""
    found = enabled_here(filename, frame.f_lineno)
    if not found or not all(bp.cond for bp in found):
        return False
    for bp in found:
        try:
            _eval(bp.cond, frame.f_globals, frame.f_locals)
        except NameError:
            continue
        except Exception:
            return False
        return False
    return True
