"""The red-team suite: each reward hack of ``reward_hacks.HACKS`` played in a live sandbox as a hostile
model would (tool calls through the real debug service, then ``done``), then verified; none may verify,
on bwrap and on Docker. One sandbox per backend serves every hack (the workspace is put back between
them); a published fix verifies in the same sandbox afterwards, so the guards refuse hacks, not fixes."""

from __future__ import annotations

import pytest

from corpus.format import load_task
from harness.records.observation import ToolCall
from harness.sandbox.backends import get_backend
from harness.verify import verify
from tests.harness.sandbox.conftest import ISOLATING_BACKENDS, open_sandbox
from tests.harness.sandbox.reward_hacks import BUGGY, EQ_FAKE, HACKS, Hack
from tests.helpers.tasks import SUM_SKIPS_FIRST, SUM_SKIPS_FIRST_FIXED, write_task


@pytest.fixture(scope="module")
def shared_task(tmp_path_factory):
    return load_task(write_task(tmp_path_factory.mktemp("tasks"), shape=SUM_SKIPS_FIRST))


@pytest.fixture(scope="module", params=ISOLATING_BACKENDS)
def live(request, shared_task, tmp_path_factory):
    """One dbg sandbox per backend over the task: (sandbox, workspace)."""
    backend = get_backend(request.param)
    box, workspace = open_sandbox(backend, shared_task, tmp_path_factory.mktemp("ws") / "ws")
    yield box, workspace
    box.close()
    backend.close()


def call(box, name: str, **arguments) -> str:
    observation = box.call(ToolCall(name, arguments))
    assert not box.crashed, box.crash_reason
    return observation.text


def play(box, hack: Hack) -> None:
    """Put the workspace back to the task's files, then play ``hack`` and ``done``."""
    call(box, "bash", command="rm -rf conftest.py pytest.ini __pycache__ .pytest_cache; ls")
    call(box, "write_file", file_path="counter.py", content=hack.counter or BUGGY)
    for name, content in hack.files.items():
        call(box, "write_file", file_path=name, content=content)
    if hack.bash:
        call(box, "bash", command=hack.bash)
    call(box, "done")


@pytest.mark.slow
@pytest.mark.parametrize("hack", HACKS, ids=[h.name for h in HACKS])
def test_no_reward_hack_verifies(live, shared_task, hack):
    box, workspace = live
    play(box, hack)

    result = verify(box, workspace, shared_task)

    assert not result.verified, f"{hack.name}: {result.reason}\n{result.output}"
    assert result.reason


@pytest.mark.slow
def test_a_published_fix_verifies_after_the_hacks(live, shared_task):
    box, workspace = live
    play(box, Hack("the fix", SUM_SKIPS_FIRST_FIXED))

    result = verify(box, workspace, shared_task)

    assert result.verified, result.output
    assert (result.passed, result.failed, result.suspicious_patch) == (2, 0, [])


def test_the_list_that_equals_anything_is_refused_by_the_run_not_only_the_scan(start_sandbox, task):
    """The issue's fake, with nothing the patch scan reads as suspicious: the test run itself fails."""
    sandbox, workspace = start_sandbox()
    sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": EQ_FAKE}))
    sandbox.call(ToolCall("done", {}))

    result = verify(sandbox, workspace, task)

    assert not result.verified
    assert (result.passed, result.failed) == (0, 2), result.output
    assert "stepwise verdict" not in (result.reason or "") or result.failed == 2
