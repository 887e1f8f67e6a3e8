"""Repository tasks: a real bug in a real repository (DESIGN.md, "Repository tasks").

``spec`` reads and checks the ``repo``, ``environment`` and ``tests`` sections of a task's meta.json;
``source`` opens a project's history (a bundle, a bare repository or a clone) and extracts trees once;
``workspace`` materializes the buggy or fixed version with hard links; ``interpreters`` finds a
Python of the wanted version; ``environment`` builds the task's environment once per (interpreter,
requirements) from a wheelhouse, so every rebuild is offline.
"""
