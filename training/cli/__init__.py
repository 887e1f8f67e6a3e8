"""The ``python -m training`` subcommands, one module each."""
