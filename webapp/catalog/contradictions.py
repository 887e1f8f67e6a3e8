"""Where a task's label and what eval runs measured on it disagree (a flag for a reviewer to look at)."""

from __future__ import annotations


def contradiction(preference: str, *, base_rate: float | None, dbg_rate: float | None) -> str:
    """A plain-words reason when the label contradicts the solve rates, else "".

    - "avoid" (the debugger should not be needed) yet the debugger arm solves the task and the base
      arm does not: the debugger seems to be what makes it solvable.
    - "recommended" yet the debugger arm never beats the base arm.
    A rate is the verified share of an arm's measured trajectories; both arms must have been measured.
    """
    if base_rate is None or dbg_rate is None:
        return ""
    if preference == "avoid" and dbg_rate >= 0.5 and base_rate < 0.5:
        return (f"labelled avoid, yet the debugger arm solves it ({dbg_rate:.0%}) "
                f"and the base arm does not ({base_rate:.0%})")
    if preference == "recommended" and dbg_rate <= base_rate:
        return (f"labelled recommended, yet the debugger arm ({dbg_rate:.0%}) "
                f"never beats the base arm ({base_rate:.0%})")
    return ""
