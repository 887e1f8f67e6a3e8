"""The pdb side of a session: the controller (tools → pdb commands), the debugged process, the
in-process debugger (``stepwise_pdb``), its terminal text made into the model's, breakpoints and observation filtering."""

from harness.debugger.controller import DebuggerError, PdbController

__all__ = ["DebuggerError", "PdbController"]
