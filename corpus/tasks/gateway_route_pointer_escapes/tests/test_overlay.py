import pytest

from gateway_config import BASE, check
from overlay import apply, describe, diff, leaves
from pointers import from_pointer, to_pointer
from rollout import Rollout, revert


def test_simple_overrides_and_report():
    config, changes = apply(BASE, [(["listen", "port"], 8443), (["listen", "tls"], True)])
    assert config["listen"] == {"port": 8443, "tls": True}
    assert changes == [("/listen/port", 8080, 8443), ("/listen/tls", False, True)]
    assert BASE["listen"] == {"port": 8080, "tls": False}


def test_unknown_setting_is_refused():
    with pytest.raises(KeyError, match="/listen/host names a setting"):
        apply(BASE, [(["listen", "host"], "0.0.0.0")])


def test_list_items_can_be_overridden():
    config, changes = apply(BASE, [(["cors", "origins", 0], "https://staging.example.com")])
    assert config["cors"]["origins"] == ["https://staging.example.com"]
    assert changes[0][0] == "/cors/origins/0"


def test_pre_deploy_checks():
    config, _ = apply(BASE, [(["routes", "health", "timeout_ms"], 20)])
    assert check(config) == ["route health: timeout 20 ms out of range"]
    assert check(BASE) == []


def test_route_overrides_by_url_path():
    overrides = [(["routes", "/users/{id}", "timeout_ms"], 900), (["routes", "/billing/~invoices", "auth"], False)]
    config, changes = apply(BASE, overrides)
    assert config["routes"]["/users/{id}"]["timeout_ms"] == 900
    assert changes == [("/routes/~1users~1{id}/timeout_ms", 1500, 900),
                       ("/routes/~1billing~1~0invoices/auth", True, False)]
    assert check(config) == ["route /billing/~invoices: public route to billing-svc"]
    assert describe(changes[0][0]) == "routes > /users/{id} > timeout_ms"


def test_diff_lists_changed_leaves():
    config, _ = apply(BASE, [(["listen", "port"], 9000)])
    assert diff(BASE, config) == [("/listen/port", 8080, 9000)]
    assert ("/routes/health/auth", False) in list(leaves(BASE))
    assert ("/listen/tls", False) in list(leaves(BASE))
    assert len(list(leaves(BASE))) == 12


def test_environments_inherit_overrides():
    rollout = Rollout(BASE, {"dev": [(["listen", "port"], 9000)], "prod": [(["listen", "tls"], True)]})
    assert rollout.overrides_for("staging") == [(["listen", "port"], 9000)]
    config, _ = rollout.deploy("prod")
    assert config["listen"] == {"port": 9000, "tls": True}
    assert rollout.log == ["prod: listen > port: 8080 -> 9000", "prod: listen > tls: False -> True"]
    with pytest.raises(ValueError, match="unknown environment"):
        Rollout(BASE, {"qa": []})


def test_revert_restores_the_base():
    rollout = Rollout(BASE, {"staging": [(["routes", "health", "auth"], True), (["listen", "port"], 8081)]})
    config, changes = rollout.deploy("staging")
    assert revert(config, changes) == BASE


def test_route_deploy_is_logged_and_reverted():
    rollout = Rollout(BASE, {"prod": [(["routes", "/users/{id}", "upstream"], "users-v2")]})
    config, changes = rollout.deploy("prod")
    assert rollout.log == ["prod: routes > /users/{id} > upstream: 'users-svc' -> 'users-v2'"]
    assert revert(config, changes)["routes"]["/users/{id}"]["upstream"] == "users-svc"


def test_plain_pointers():
    assert to_pointer(["listen", "port"]) == "/listen/port"
    assert to_pointer([]) == "" and from_pointer("") == []
    assert from_pointer("/cors/origins/0") == ["cors", "origins", "0"]
    with pytest.raises(ValueError, match="must start with '/'"):
        from_pointer("listen/port")


def test_diff_of_route_changes():
    config, _ = apply(BASE, [(["routes", "health", "timeout_ms"], 250)])
    config["routes"]["/users/{id}"]["auth"] = False
    assert diff(BASE, config) == [("/routes/health/timeout_ms", 200, 250), ("/routes/~1users~1{id}/auth", True, False)]
