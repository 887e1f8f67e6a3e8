"""Command-line entry points of the harness, one module per subcommand."""
