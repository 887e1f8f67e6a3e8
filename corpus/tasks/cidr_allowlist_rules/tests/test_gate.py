from gate import AdminGate

RULES = "allow 192.168.10.0/24\nallow 10.20.0.0/16\n"


def test_direct_clients():
    gate = AdminGate(RULES)
    assert gate.check("192.168.10.77")
    assert not gate.check("172.16.0.4")
    assert gate.summary() == {"allow": 1, "deny": 1}


def test_forwarded_for_is_only_believed_from_our_proxies():
    gate = AdminGate(RULES, trusted_proxies=("10.99.0.0/16",))
    assert gate.client_address("10.99.1.1", "203.0.113.9, 192.168.10.5") == "192.168.10.5"
    assert gate.client_address("10.99.1.1", "192.168.10.5, 10.99.3.3") == "192.168.10.5"
    assert gate.client_address("172.16.0.4", "192.168.10.5") == "172.16.0.4"
    assert gate.check("10.99.1.1", "192.168.10.5")
    assert not gate.check("172.16.0.4", "192.168.10.5")


def test_every_decision_is_logged_with_its_rule_line():
    gate = AdminGate(RULES)
    gate.check("10.20.3.4")
    gate.check("10.21.3.4")
    assert [(d.client, d.action, d.line) for d in gate.log] == [
        ("10.20.3.4", "allow", 2), ("10.21.3.4", "deny", None)]
