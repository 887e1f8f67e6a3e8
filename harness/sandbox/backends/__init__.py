"""Sandbox backends behind one interface: bwrap (default), docker, local (development only)."""
