import pytest
from container import Container, ContainerError, ShutdownError
from services import Database, SettingsCache
from settings_app import build, change_setting


def test_services_are_built_once_after_what_they_need():
    container = build({})
    mailer = container.get("mailer")
    assert container.get("mailer") is mailer
    assert mailer.outbox.db is mailer.settings.db is container.get("db")


def test_circular_needs_are_reported():
    container = Container()
    container.register("a", lambda b: b, needs=("b",))
    container.register("b", lambda a: a, needs=("a",))
    with pytest.raises(ContainerError, match="a -> b -> a"):
        container.get("a")


def test_unknown_service():
    with pytest.raises(ContainerError, match="no service 'cache'; registered: db, mailer, outbox, settings"):
        build({}).get("cache")


def test_cache_writes_reach_the_database_on_shutdown():
    disk = {}
    container = build(disk)
    settings = container.get("settings")
    settings.set("theme:ana", "dark")
    container.shutdown()
    assert disk["settings"] == {"theme:ana": "dark"}


def test_setting_changed_by_the_app_survives_a_restart():
    disk = {}
    first = build(disk)
    assert change_setting(first, "ana", "theme", "dark") is True
    first.shutdown()
    second = build(disk)
    assert second.get("settings").get("theme:ana") == "dark"


def test_notifications_are_kept_across_a_restart():
    disk = {}
    app = build(disk)
    change_setting(app, "ana", "mute", True)
    change_setting(app, "ana", "theme", "light")
    change_setting(app, "raj", "theme", "dark")
    app.shutdown()
    assert disk["outbox"]["pending"] == ["to raj: your setting theme is now 'dark'", "to ops: mailer stopped"]


def test_failing_close_is_reported_after_the_others_close():
    class Exploding:
        def close(self):
            raise RuntimeError("disk full")

    disk = {}
    container = Container()
    container.register("db", lambda: Database(disk))
    container.register("broken", Exploding)
    container.register("settings", SettingsCache, needs=("db",))
    container.get("broken")
    container.get("settings").set("lang:kim", "fr")
    with pytest.raises(ShutdownError, match="broken: RuntimeError\\('disk full'\\)"):
        container.shutdown()
    assert disk["settings"] == {"lang:kim": "fr"}
