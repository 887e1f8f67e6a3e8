import threading

import pytest
from catalog import PluginCatalog
from plugins import CsvExport, PdfExport, SpellCheck
from registry import DuplicatePlugin, PluginRegistry


def in_thread(fn, *args):
    """Run fn in a daemon thread; return (finished, result) after at most one second."""
    box = {}
    worker = threading.Thread(target=lambda: box.setdefault("result", fn(*args)), daemon=True)
    worker.start()
    worker.join(timeout=1)
    return not worker.is_alive(), box.get("result")


def test_catalog_indexes_registered_plugins():
    registry = PluginRegistry()
    catalog = PluginCatalog(registry)
    finished, _ = in_thread(lambda: [registry.register(p.name, p) for p in (CsvExport("csv"), PdfExport("pdf"))])
    assert finished, "registering a plugin did not return"
    assert catalog.providers("export") == ["csv", "pdf"]
    assert catalog.providers("print") == ["pdf"]


def test_catalog_follows_unregister():
    registry = PluginRegistry()
    registry.register("spell", SpellCheck("spell"))
    catalog = PluginCatalog(registry)
    finished, _ = in_thread(registry.unregister, "spell")
    assert finished, "unregistering a plugin did not return"
    assert catalog.providers("lint") == []
    assert catalog.events == [("unregistered", "spell")]


def test_registry_without_listeners():
    registry = PluginRegistry()
    registry.register("csv", CsvExport("csv"))
    registry.register("spell", SpellCheck("spell"))
    assert registry.names() == ["csv", "spell"]
    assert registry.get("spell").capabilities == ("lint",)


def test_duplicate_names_are_refused():
    registry = PluginRegistry()
    registry.register("csv", CsvExport("csv"))
    with pytest.raises(DuplicatePlugin):
        registry.register("csv", CsvExport("csv"))
