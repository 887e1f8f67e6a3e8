"""Command-line entry points of the corpus tools, one module per subcommand."""
