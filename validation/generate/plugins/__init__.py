"""Standalone pytest plugins, copied into the workspace and loaded there; they import nothing from the
project."""
