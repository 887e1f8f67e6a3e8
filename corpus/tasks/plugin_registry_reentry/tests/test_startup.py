import pytest
from registry import PluginRegistry
from startup import PluginConfigError, load_order, load_plugins


def test_dependencies_load_first():
    assert load_order({"pdf": ["csv"], "csv": [], "spell": []}) == ["csv", "pdf", "spell"]


def test_cycles_are_reported_with_the_chain():
    with pytest.raises(PluginConfigError, match="csv -> pdf -> csv"):
        load_order({"csv": ["pdf"], "pdf": ["csv"]})


def test_missing_dependency_is_named():
    with pytest.raises(PluginConfigError, match="pdf needs plugin 'fonts'"):
        load_order({"pdf": ["fonts"]})


def test_load_into_a_registry():
    assert load_plugins(PluginRegistry(), {"spell": [], "csv": []}) == ["csv", "spell"]
