import pytest
from admin import FlagAdmin
from flags import FlagClient
from flagstore import FlagStore


def make_setup():
    store = FlagStore()
    admin = FlagAdmin(store)
    return store, admin, FlagClient(store, "prod")


def test_kill_switch_on_mixed_case_flag():
    _, admin, client = make_setup()
    admin.set_rollout("prod", "NewCheckout", True)
    assert client.is_enabled("NewCheckout", 7)
    admin.kill("prod", "NewCheckout")
    assert not client.is_enabled("NewCheckout", 7)


def test_unknown_flag_is_off():
    _, _, client = make_setup()
    assert client.is_enabled("nothing", 1) is False


def test_percentage_rollout():
    _, admin, client = make_setup()
    admin.set_rollout("prod", "search", True, 30)
    assert [client.is_enabled("search", uid) for uid in (5, 29, 30, 99)] == [True, True, False, False]


def test_reads_are_cached():
    store, admin, client = make_setup()
    admin.set_rollout("prod", "search", True)
    client.is_enabled("search", 1)
    client.is_enabled("Search ", 2)
    assert store.reads == 1


def test_lower_case_flag_change_is_seen():
    _, admin, client = make_setup()
    admin.set_rollout("prod", "beta", True)
    assert client.is_enabled("beta", 1)
    admin.kill("prod", "beta")
    assert not client.is_enabled("beta", 1)


def test_other_environment_changes_keep_cache():
    store, admin, client = make_setup()
    admin.set_rollout("prod", "beta", True)
    client.get("beta")
    admin.set_rollout("staging", "beta", False)
    assert client.get("beta").enabled and store.reads == 1


def test_bad_percent_is_rejected():
    with pytest.raises(ValueError, match="0..100"):
        make_setup()[1].set_rollout("prod", "x", True, 150)


def test_targeting_rules():
    from targeting import parse_targeting

    rules = parse_targeting("allow=1,2; deny=9; plan=pro")
    assert [rules.decide(1), rules.decide(9), rules.decide(5, {"plan": "pro"}), rules.decide(5, {"plan": "free"})] == [
        True, False, True, None]


def test_targeting_errors():
    from targeting import parse_targeting

    with pytest.raises(ValueError, match="allow needs user ids"):
        parse_targeting("allow=a,b")
    with pytest.raises(ValueError, match="write name=value"):
        parse_targeting("plan")
