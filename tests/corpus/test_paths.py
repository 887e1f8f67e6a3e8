"""corpus.paths.confine: the one rule for paths from the web."""

from __future__ import annotations

import pytest

from corpus.paths import PathNotAllowed, confine


@pytest.fixture()
def roots(tmp_path):
    data, corpus = tmp_path / "var", tmp_path / "corpus"
    data.mkdir()
    corpus.mkdir()
    return [data, corpus]


def test_a_path_under_a_root_is_returned_resolved(roots):
    (roots[1] / "tasks").mkdir()
    assert confine(roots[1] / "tasks", roots) == (roots[1] / "tasks").resolve()
    assert confine("exports/run-1", roots) == roots[0].resolve() / "exports" / "run-1"  # relative: the first root


@pytest.mark.parametrize("value", ["../../../../../etc", "/etc", "/", "~", "exports/../../.."])
def test_a_path_outside_the_roots_is_refused_naming_the_roots_and_nothing_else(roots, value):
    with pytest.raises(PathNotAllowed) as refused:
        confine(value, roots, what="corpus root")
    message = str(refused.value)
    assert str(roots[0].resolve()) in message and str(roots[1].resolve()) in message
    assert "passwd" not in message and "ssl" not in message


def test_a_link_out_of_a_root_is_refused_by_its_target(roots, tmp_path):
    (roots[0] / "escape").symlink_to("/etc", target_is_directory=True)
    with pytest.raises(PathNotAllowed):
        confine(roots[0] / "escape", roots)


def test_a_sandbox_workspace_is_refused_even_inside_a_root(roots):
    workspace = roots[0] / "stepwise-pool-123-abc" / "ws-1" / "tasks"
    workspace.mkdir(parents=True)
    with pytest.raises(PathNotAllowed, match="sandbox workspace"):
        confine(workspace, roots)
    with pytest.raises(PathNotAllowed, match="sandbox workspace"):
        confine(roots[0] / "sessions", roots, excluded=[roots[0] / "sessions"])


def test_no_roots_means_nothing_is_allowed(tmp_path):
    with pytest.raises(PathNotAllowed, match="STEPWISE_DATA_ROOTS"):
        confine(tmp_path, [])
