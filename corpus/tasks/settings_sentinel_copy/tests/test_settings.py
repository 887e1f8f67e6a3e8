import pytest
from layers import MissingSetting, Settings


def test_absent_required_setting_raises():
    settings = Settings().load_file({"database_url": "postgres://db/app"})
    with pytest.raises(MissingSetting):
        settings.resolve("secret_key")


def test_environment_overrides_file():
    settings = Settings().load_file({"workers": 2, "debug": False}).load_env({"APP_WORKERS": "8", "APP_DEBUG": "yes"})
    assert settings.resolve("workers") == 8
    assert settings.resolve("debug") is True
    assert settings.source("workers") == "env"


def test_none_is_a_legal_value():
    settings = Settings()
    assert settings.resolve("log_file") is None


def test_list_defaults_are_not_shared():
    first, second = Settings(), Settings()
    first.resolve("allowed_hosts").append("example.org")
    assert second.resolve("allowed_hosts") == ["localhost"]


def test_get_falls_back_for_unset_required_setting():
    assert Settings().get("database_url", "sqlite://") == "sqlite://"


def test_missing_lists_required_settings_not_given():
    settings = Settings().load_env({"APP_SECRET_KEY": "s3cret"})
    assert settings.missing() == ["database_url"]
