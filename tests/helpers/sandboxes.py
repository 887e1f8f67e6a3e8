"""The sandbox backends a test module runs on, as one fixture factory.

``backend_fixture(params, scope)`` makes the module's ``backend`` fixture: one backend object per
parameter (bwrap, docker where the engine runs, local where the test allows it), closed after.
"""

from __future__ import annotations

import pytest

# The backends that isolate; the hostile-model tests run on each (docker where the engine runs).
ISOLATING_BACKENDS = [pytest.param("bwrap"), pytest.param("docker", marks=pytest.mark.docker)]
# Every backend, the unisolated ``local`` one included (for the contract every backend keeps).
ALL_BACKENDS = [*ISOLATING_BACKENDS, pytest.param("local")]


def backend_fixture(params=ISOLATING_BACKENDS, scope: str = "module"):
    """A ``backend`` fixture over ``params``; assign it in a test module as ``backend = backend_fixture()``."""
    @pytest.fixture(scope=scope, params=params, name="backend")
    def backend(request):
        from harness.sandbox.backends import get_backend

        opened = get_backend(request.param)
        yield opened
        opened.close()

    return backend
