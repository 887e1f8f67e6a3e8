import pytest
from dag import GraphError, check_graph, dependents, find_cycle
from jobs import JobSpec


def test_a_valid_graph_passes():
    check_graph([JobSpec("a", 1), JobSpec("b", 1, after=("a",))])


def test_unknown_dependency_is_named():
    with pytest.raises(GraphError, match="'b' waits for 'z', which is not a job in this batch"):
        check_graph([JobSpec("a", 1), JobSpec("b", 1, after=("z",))])


def test_duplicates_and_self_loops_are_refused():
    with pytest.raises(GraphError, match="'a' is defined twice"):
        check_graph([JobSpec("a", 1), JobSpec("a", 2)])
    with pytest.raises(GraphError, match="waits for itself"):
        check_graph([JobSpec("a", 1, after=("a",))])


def test_a_cycle_is_reported_as_a_path():
    specs = [JobSpec("a", 1, after=("c",)), JobSpec("b", 1, after=("a",)), JobSpec("c", 1, after=("b",))]
    assert find_cycle(specs) == ["a", "c", "b", "a"]
    with pytest.raises(GraphError, match="dependency cycle: a -> c -> b -> a"):
        check_graph(specs)


def test_dependents_are_transitive_and_in_definition_order():
    specs = [JobSpec("root", 1), JobSpec("x", 1, after=("root",)), JobSpec("y", 1, after=("x",)),
             JobSpec("other", 1), JobSpec("z", 1, after=("root", "other"))]
    assert dependents(specs, "root") == ["x", "y", "z"]
    assert dependents(specs, "y") == []


def test_bad_specs_are_refused():
    with pytest.raises(ValueError, match="duration must be at least 1 tick"):
        JobSpec("a", 0)
    with pytest.raises(ValueError, match="retries cannot be negative"):
        JobSpec("a", 1, retries=-1)
