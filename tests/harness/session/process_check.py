"""Which processes are still alive in given sessions (the pdb and bash children each lead one)."""

from __future__ import annotations

from harness.debugger.process_tree import session_members


def processes_in_sessions(leaders) -> list[int]:
    alive = []
    for leader in leaders:
        for pid in session_members(leader):
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    state = stat.read().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                alive.append(pid)
    return alive
