from layers import Settings
from report import describe, env_file, mask


def test_secrets_are_masked():
    assert mask("secret_key", "hunter2") == "hu*****"
    assert mask("workers", 4) == 4


def test_describe_shows_sources():
    settings = Settings().load_file({"database_url": "postgres://db/app", "secret_key": "abcdef"})
    lines = describe(settings.load_env({"APP_WORKERS": "6"}))
    assert lines[0].split()[:3] == ["database_url", "'postgres://db/app'", "(file)"]
    assert lines[1].split()[1] == "'ab****'"
    assert lines[2].split() == ["workers", "6", "(env)"]


def test_env_file_lists_file_settings():
    settings = Settings().load_file({"database_url": "postgres://db/app", "allowed_hosts": ["a", "b"]})
    assert env_file(settings) == ["APP_DATABASE_URL=postgres://db/app", "APP_ALLOWED_HOSTS=a,b"]
