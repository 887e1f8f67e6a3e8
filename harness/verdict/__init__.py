"""The verdict guard: what keeps the verifier's pytest run from being talked into a pass by the code it
judges (docs/harness/verification.md). ``judge`` decides an assertion on plain data, ``rewrite`` routes
the task's assertions through it, ``plugin`` is the pytest plugin the verifier loads, ``record`` the
result it hands the host. Stdlib and pytest only: it runs inside the sandbox."""
