"""A debugger call's time limit is split three ways (wait for the answer, then for the prompt after
SIGINT, then for the thread dump after SIGUSR1) that add up to the limit, so even a program that ignores
SIGINT is stopped within it: the rule behind the sandbox test of such a program, pinned without a clock."""

from __future__ import annotations

import pytest

from harness.debugger.process import time_budget


@pytest.mark.parametrize("timeout_s", [0.5, 4, 20, 120, 600])
def test_the_three_waits_add_up_to_the_call_limit_and_none_is_negative(timeout_s):
    answer_s, interrupt_s, dump_s = time_budget(timeout_s)

    assert answer_s + interrupt_s + dump_s == pytest.approx(timeout_s)
    assert min(answer_s, interrupt_s, dump_s) >= 0 and answer_s > 0
    assert interrupt_s > 0 and dump_s > 0  # a program that ignores SIGINT still gets the dump before it is stopped
