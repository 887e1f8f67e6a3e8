import pytest
from flag_store import FlagError, FlagStore
from rollout import enabled_share, is_enabled, settings_for

USERS = range(1000, 1400)


class HexColour(str):
    def __new__(cls, text):
        if len(text) != 7 or not text.startswith("#"):
            raise ValueError(f"not a #rrggbb colour: {text!r}")
        return super().__new__(cls, text.lower())


def production():
    store = FlagStore()
    store.define("new_checkout", "switch", True)
    store.define("dark_mode", "switch", False)
    store.define("search_v2", "percent", 25)
    store.define("beta_reports", "allow", [1001, 1002])
    store.define("upload_limit_mb", "setting", 250)
    store.define("accent", "setting", HexColour("#FF8800"))
    store.define("price_factor", "setting", 1.15)
    return store


def test_live_store_rollout():
    store = production()
    assert enabled_share(store, "new_checkout", USERS) == 1.0
    assert enabled_share(store, "dark_mode", USERS) == 0.0
    assert 0.15 < enabled_share(store, "search_v2", USERS) < 0.35
    assert [u for u in USERS if is_enabled(store, "beta_reports", u)] == [1001, 1002]


def test_export_text():
    lines = production().export().splitlines()
    assert "beta_reports = allow/list:int:1001,int:1002" in lines
    assert "upload_limit_mb = setting/int:250" in lines
    assert "accent = setting/str:#ff8800" in lines


def test_imported_store_keeps_percentages_and_settings():
    store = FlagStore.from_export(production().export())
    assert 0.15 < enabled_share(store, "search_v2", USERS) < 0.35
    assert store.get("upload_limit_mb") == 250 and store.get("price_factor") == 1.15


def test_imported_switches_are_on_for_everyone():
    store = FlagStore.from_export(production().export())
    assert enabled_share(store, "new_checkout", USERS) == 1.0
    assert enabled_share(store, "dark_mode", USERS) == 0.0


def test_front_end_settings_survive_a_staging_copy():
    live = production()
    staging = FlagStore.from_export(live.export())
    assert settings_for(staging, 1005) == settings_for(live, 1005)


def test_bool_settings_and_lists_of_bools():
    store = FlagStore()
    store.define("maintenance_banner", "setting", True)
    store.define("quiet_hours", "setting", [False, True, True])
    copy = FlagStore.from_export(store.export())
    assert copy.get("maintenance_banner") is True
    assert copy.get("quiet_hours") == [False, True, True]
    assert [type(v) for v in copy.get("quiet_hours")] == [bool, bool, bool]


def test_bad_definitions_and_exports():
    store = FlagStore()
    with pytest.raises(FlagError, match="is a switch; set it to True or False, not 'yes'"):
        store.define("x", "switch", "yes")
    with pytest.raises(FlagError, match="line 2: unknown type tag 'date'"):
        FlagStore.from_export("a = switch/bool:true\nb = setting/date:2025-01-01")
    with pytest.raises(FlagError, match="line 1: 'x' is not a valid int"):
        FlagStore.from_export("a = percent/int:x")
    with pytest.raises(FlagError, match="line 1: expected 'name = kind/tag:value'"):
        FlagStore.from_export("a switch true")
