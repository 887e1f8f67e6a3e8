import sys

import pytest
from packages import RequirementError, registry
from resolver import CycleError, MissingPackage, Resolver

INDEX = {
    "app": ("1.0", ["web>=2.0", "db", "log"]),
    "web": ("2.3", ["http-core>=1.1", "log"]),
    "http-core": ("1.4", ["log"]),
    "db": ("0.9", ["log==1.0"]),
    "log": ("1.0", []),
}


@pytest.fixture(autouse=True)
def short_stack():
    # A runaway recursion stops after a few hundred frames instead of a thousand: its report stays short.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    yield
    sys.setrecursionlimit(limit)


def test_dependencies_come_before_dependents():
    assert Resolver(registry(INDEX)).install_order(["app"]) == ["log", "http-core", "web", "db", "app"]


def test_shared_dependency_installed_once():
    order = Resolver(registry(INDEX)).install_order(["web", "db"])
    assert order.count("log") == 1


def test_version_conflict_is_reported():
    index = dict(INDEX, db=("0.9", ["log>=2"]))
    with pytest.raises(MissingPackage, match="db needs log>=2, index has 1.0"):
        Resolver(registry(index)).install_order(["app"])


def test_bad_requirement_names_its_owner():
    with pytest.raises(RequirementError, match="web: cannot read"):
        registry({"web": ("1.0", ["http core"])})


def test_cycle_is_reported_with_its_path():
    index = dict(INDEX, log=("1.0", ["web"]))
    with pytest.raises(CycleError) as info:
        Resolver(registry(index)).install_order(["app"])
    assert info.value.path == ["web", "http-core", "log", "web"]


def test_self_dependency_is_a_cycle():
    with pytest.raises(CycleError, match="solo -> solo"):
        Resolver(registry({"solo": ("1.0", ["solo"])})).install_order(["solo"])


def test_lockfile_round_trip():
    from lockfile import read, render

    packages = registry(INDEX)
    text = render(Resolver(packages).install_order(["web"]), packages)
    assert "web==2.3  # needs http-core>=1.1, log" in text
    assert read(text) == [("log", "1.0"), ("http-core", "1.4"), ("web", "2.3")]


def test_edited_lockfile_is_refused():
    from lockfile import LockfileError, read, render

    packages = registry(INDEX)
    text = render(["log"], packages).replace("log==1.0", "log==9.9")
    with pytest.raises(LockfileError, match="edited by hand"):
        read(text)
