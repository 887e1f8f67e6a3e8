"""Helpers every test suite may use: small task folders, waiting on a condition, finding processes.

Only ``conftest.py`` files and test modules import from here; nothing here imports a test module, and
nothing imports Django at module level (the harness and corpus tests run without the web app), so a
helper that touches the web app's models imports them inside the function.
"""
