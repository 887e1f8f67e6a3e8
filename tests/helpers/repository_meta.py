"""A valid repository task's meta.json, for tests that change one field of it."""

from __future__ import annotations

GOOD = {
    "name": "demo-1", "category": "real-bug", "preference": "recommended", "description": "d",
    "repo": {"name": "demo", "url": "https://example.org/demo", "license": "MIT", "buggy_commit": "a" * 40,
             "fixed_commit": "b" * 40, "source": "demo.bundle"},
    "environment": {"python": "3.8", "requirements": ["six==1.16.0"], "install": {"path": "."}, "env": {"LC_ALL": "C"}},
    "tests": {"fail_to_pass": ["tests/test_a.py::test_b"], "pass_to_pass": [], "files": ["tests/test_a.py"]},
}
