"""The tenant the current request acts for, kept per thread."""

import threading
from contextlib import contextmanager

_state = threading.local()


def current_tenant():
    return getattr(_state, "tenant", None)


@contextmanager
def using_tenant(tenant):
    previous = current_tenant()
    _state.tenant = tenant
    try:
        yield tenant
    finally:
        _state.tenant = previous
