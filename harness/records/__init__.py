"""The records every part of Stepwise writes and reads, on the ground floor (standard library only):
a tool call and its observation (``observation``), what the debugger and the shell knew after a call
(``debugger``, ``shell``), a step and how an episode ended (``step``, ``exit_reasons``), the typed quality
record (``quality``), the episode's events (``events``) and the tool catalogue (``catalogue``: names,
kinds, flags and schemas, no handlers; ``groups`` derive from it). ``legacy`` reads the records of a
step recorded before steps carried them from its text: the one place that parses an answer.

Nothing here imports tools, the debugger, scoring, sandboxes or Django (an import-linter contract):
reading a trajectory never loads pexpect.
"""
