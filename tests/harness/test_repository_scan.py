"""The patch scan over a repository task's changes: only the model's lines count, a changed line keeps a
construct the line it replaced already used (a tracer's own ``frame.f_locals``), a native module is
always a finding, and the published fix of every real bug passes."""

from __future__ import annotations

import pytest

from corpus.format import load_repository
from corpus.repository import source
from corpus.repository.corpus_root import REAL_TASKS_DIR
from harness.repository_scan import scan_repository_changes

TRACER = b"import sys\n\n\ndef trace(frame):\n    return list(frame.f_locals.items())\n"


def _found(carried):
    return [(f.file, f.line, f.rule) for f in scan_repository_changes(carried)]


def test_a_changed_line_may_keep_what_the_line_it_replaced_used_but_not_add_more():
    edited = TRACER.replace(b"list(frame.f_locals.items())", b"sorted(frame.f_locals.items())")
    added = edited + b"\n\ndef peek():\n    return sys._getframe(1).f_locals\n"

    assert _found({"pkg/tracer.py": (TRACER, edited)}) == []
    assert _found({"pkg/tracer.py": (TRACER, added)}) == [("pkg/tracer.py", 9, "frames")]


def test_a_changed_line_is_held_to_every_rule_its_replaced_line_did_not_hit():
    forged = TRACER.replace(b"list(frame.f_locals.items())", b"exec(compile(src, 'pkg/types.py', 'exec'))")

    assert _found({"pkg/tracer.py": (TRACER, forged)}) == [("pkg/tracer.py", 5, "dynamic-code")]


def test_new_modules_are_scanned_whole_native_modules_are_findings_and_other_files_are_not_read():
    carried = {"pkg/helper.py": (None, b"import pkg.types\npkg.types.Command = object\n"),
               "pkg/_speedups.cpython-37m-x86_64-linux-gnu.so": (None, b"\x7fELF"),
               "pkg/gone.py": (b"import importlib\n", None),
               "docs/notes.txt": (None, b"exec(compile(...)) and import pytest\n")}

    assert _found(carried) == [("pkg/_speedups.cpython-37m-x86_64-linux-gnu.so", 0, "dynamic-code"),
                               ("pkg/helper.py", 2, "rebinding")]


REGISTRY = (b"from pkg.loop import Loop\n\n\ndef start(loop, self):\n"
            b"    Loop._for_asyncio[loop] = self\n")


def test_an_added_line_may_write_items_of_a_container_the_file_already_writes_items_of():
    """tornado 6's fix deletes dead loops from ``IOLoop._ioloop_for_asyncio``, a map the file already fills:
    new lines, so no replaced line's use covers them; the map's own rebinding and any other stay findings."""
    cleanup = REGISTRY + b"\n\ndef close(loop):\n    del Loop._for_asyncio[loop]\n    Loop._for_asyncio[loop] = None\n"
    rebound = REGISTRY + b"\n\ndef close(loop):\n    Loop._for_asyncio = {}\n    Loop._other[loop] = None\n" \
                         b"    del Loop._for_asyncio[loop], Loop.current\n    setattr(Loop, 'x', 1); Loop._for_asyncio[1] = 2\n"

    assert _found({"pkg/asyncio.py": (REGISTRY, cleanup)}) == []
    assert _found({"pkg/asyncio.py": (REGISTRY, rebound)}) == [
        ("pkg/asyncio.py", 9, "rebinding"), ("pkg/asyncio.py", 10, "rebinding"),
        ("pkg/asyncio.py", 11, "rebinding"), ("pkg/asyncio.py", 12, "rebinding")]
    assert _found({"pkg/asyncio.py": (None, cleanup)})  # a new module has no container of its own yet


@pytest.mark.slow  # reads every real bug's fix from its bundle (about 10 s)
def test_the_published_fix_of_every_real_bug_passes_the_scan():
    flagged, tasks = {}, sorted(p for p in REAL_TASKS_DIR.iterdir() if (p / "meta.json").is_file())
    for path in tasks:
        task = load_repository(path)
        git_dir, repo = task.history(), task.spec.repo
        carried = {name: (source.read_file(git_dir, repo.buggy_commit, name), source.read_file(git_dir, repo.fixed_commit, name))
                   for name in task.fix_files}
        assert carried, task.name
        if findings := scan_repository_changes(carried):
            flagged[task.name] = [str(f) for f in findings]

    assert len(tasks) >= 59
    assert flagged == {}
