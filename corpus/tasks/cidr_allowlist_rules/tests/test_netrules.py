import pytest
from netrules import Network, RuleError, decide, format_ipv4, parse_ipv4, parse_rules

RULES = """
allow 10.0.0.0/8          # office and VPN
deny  10.66.0.0/16        # contractors' VPN pool
allow 10.66.12.0/24       # except the build farm
deny  0.0.0.0/0
allow 203.0.113.7
"""


def test_addresses_round_trip():
    assert parse_ipv4("192.168.1.20") == 0xC0A80114
    assert format_ipv4(parse_ipv4("10.0.0.255")) == "10.0.0.255"
    assert parse_ipv4("255.255.255.255") == 0xFFFFFFFF


def test_malformed_addresses():
    for text in ("10.0.0", "10.0.0.256", "10.00.0.1", "10.0.0.x"):
        with pytest.raises(RuleError):
            parse_ipv4(text)


def test_networks_with_host_bits_mean_their_network():
    net = Network.parse("10.1.2.3/16")
    assert str(net) == "10.1.0.0/16"
    assert net.contains(parse_ipv4("10.1.200.9"))
    assert not net.contains(parse_ipv4("10.2.0.1"))


def test_prefix_lengths_from_zero_to_thirty_two():
    assert Network.parse("0.0.0.0/0").contains(parse_ipv4("8.8.8.8"))
    assert str(Network.parse("203.0.113.7")) == "203.0.113.7/32"
    with pytest.raises(RuleError, match="from 0 to 32"):
        Network.parse("10.0.0.0/33")
    with pytest.raises(RuleError, match="from 0 to 32"):
        Network.parse("10.0.0.0/-8")


def test_the_most_specific_rule_decides():
    rules = parse_rules(RULES)
    assert decide(rules, "10.1.2.3") == ("allow", 2)
    assert decide(rules, "10.66.5.5") == ("deny", 3)
    assert decide(rules, "10.66.12.40") == ("allow", 4)
    assert decide(rules, "203.0.113.7") == ("allow", 6)
    assert decide(rules, "198.51.100.1") == ("deny", 5)


def test_deny_wins_a_tie_and_bad_lines_are_named():
    rules = parse_rules("allow 192.168.0.0/16\ndeny 192.168.0.0/16\n")
    assert decide(rules, "192.168.3.3") == ("deny", 2)
    assert decide(parse_rules("deny 192.168.0.0/16\nallow 192.168.0.0/16\n"), "192.168.3.3") == ("deny", 1)
    assert decide(parse_rules(""), "192.168.3.3") == ("deny", None)
    with pytest.raises(RuleError, match="line 2: start with 'allow' or 'deny'"):
        parse_rules("allow 10.0.0.0/8\npermit 10.0.0.0/8")
