"""The refusal every debugger tool raises: its message says what to do instead."""


class DebuggerError(ValueError):
    """A debugger call that cannot be done as asked; the message says what to do instead."""
