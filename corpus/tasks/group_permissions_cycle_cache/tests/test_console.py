import pytest
from access import AccessDenied, Console
from directory import Directory, DirectoryError


def company():
    d = Directory()
    d.add_group("staff", grants={"wiki.read"})
    d.add_group("dev", grants={"deploy.staging", "logs.read"}, includes=["staff"])
    d.add_group("ops", grants={"deploy.prod", "db.restart"}, includes=["dev", "oncall"])
    d.add_group("oncall", grants={"pager.ack", "db.failover"}, includes=["ops"])
    d.add_group("audit", grants={"logs.read", "billing.read"}, includes=["staff"])
    d.add_member("ana", "dev")
    d.add_member("raj", "ops")
    d.add_member("kim", "oncall")
    d.add_member("lee", "audit")
    return d


def test_plain_inheritance():
    console = Console(company())
    assert console.allowed("ana") == {"wiki.read", "deploy.staging", "logs.read"}
    assert console.run("ana", "deploy.staging", "web") == "deploy.staging web: ok"
    with pytest.raises(AccessDenied, match="ana may not deploy.prod"):
        console.run("ana", "deploy.prod", "web")


def test_groups_that_cover_for_each_other_share_everything():
    console = Console(company())
    assert console.allowed("raj") == console.allowed("kim") == {
        "wiki.read", "deploy.staging", "logs.read", "deploy.prod", "db.restart", "pager.ack", "db.failover"}


def test_oncall_can_restart_the_database_at_night():
    console = Console(company())
    console.run("raj", "pager.ack", "INC-1")
    assert console.run("kim", "db.restart", "orders-db") == "db.restart orders-db: ok"


def test_access_review_of_production_deploys():
    console = Console(company())
    console.run("ana", "deploy.staging", "api")
    assert console.review("deploy.prod") == {"kim": ["oncall"], "raj": ["ops"]}


def test_access_review_of_log_readers():
    console = Console(company())
    assert console.review("logs.read") == {"ana": ["dev"], "kim": ["oncall"], "lee": ["audit"], "raj": ["ops"]}


def test_denials_are_logged():
    console = Console(company())
    with pytest.raises(AccessDenied):
        console.run("lee", "db.restart", "orders-db")
    assert console.log == ["DENY lee db.restart orders-db"]


def test_unknown_groups_are_reported():
    d = company()
    with pytest.raises(DirectoryError, match="unknown group 'sre'; known groups: audit, dev, oncall, ops, staff"):
        d.add_member("max", "sre")
    d.add_group("broken", includes=["sre"])
    d.add_member("max", "broken")
    with pytest.raises(DirectoryError, match="unknown group 'sre'"):
        Console(d).allowed("max")


def test_access_review_of_database_failover():
    console = Console(company())
    assert console.review("db.failover") == {"kim": ["oncall"], "raj": ["ops"]}


def test_explain_a_permission():
    console = Console(company())
    assert console.explain("kim", "deploy.staging") == ["oncall", "ops", "dev"]
    assert console.explain("raj", "pager.ack") == ["ops", "oncall"]
    assert console.explain("lee", "deploy.prod") is None


def test_admin_overview_counts_effective_permissions():
    console = Console(company())
    assert console.group_sizes() == {"audit": 3, "dev": 3, "oncall": 7, "ops": 7}
