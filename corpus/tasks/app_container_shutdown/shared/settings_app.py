"""Wiring of the settings app. Services are listed alphabetically, as in the deployment file."""

from container import Container
from services import Database, Mailer, Outbox, SettingsCache


def build(disk):
    container = Container()
    container.register("mailer", Mailer, needs=("outbox", "settings"))
    container.register("outbox", Outbox, needs=("db",))
    container.register("settings", SettingsCache, needs=("db",))
    container.register("db", lambda: Database(disk))
    return container


def change_setting(container, user, key, value):
    container.get("settings").set(f"{key}:{user}", value)
    return container.get("mailer").notify(user, f"your setting {key} is now {value!r}")
