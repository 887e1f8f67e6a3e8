"""Sandboxes: a fresh isolated workspace per episode, the in-sandbox debug service, verification."""
