import pytest

from cabling import Link, check_plan, parse_end, ports_in_use
from devices import Device, hostname_for
from inventory import Inventory
from registry import DeviceRegistry

SURVEY = [Device("SN-1001", "AMS1", "R12A", "switch"), Device("SN-1002", "AMS1", "R12A", "pdu"),
          Device("SN-2001", "FRA2", "R3", "router"), Device("SN-1003", "AMS1", "r12-a", "switch")]


def test_hostnames_are_slugged():
    assert hostname_for(Device("X", "Ams 1", "R 12A", "firewall")) == "ams1-r12a-fw"
    with pytest.raises(ValueError, match="unknown role 'toaster'"):
        Device("Y", "AMS1", "R1", "toaster")


def test_lookup_both_ways():
    registry = DeviceRegistry()
    Inventory(registry).load(SURVEY[:3])
    assert registry.hostname("SN-2001") == "fra2-r3-rt"
    assert registry.serial("ams1-r12a-pdu") == "SN-1002"


def test_moving_a_device_renames_it():
    registry = DeviceRegistry()
    inventory = Inventory(registry)
    inventory.load(SURVEY[:3])
    assert inventory.move("SN-2001", "R4") == "fra2-r4-rt"
    assert registry.hostnames() == ["ams1-r12a-pdu", "ams1-r12a-sw", "fra2-r4-rt"]
    assert len(registry) == 3


def test_decommissioned_devices_free_their_name():
    registry = DeviceRegistry()
    Inventory(registry).load(SURVEY[:2])
    assert registry.decommission("SN-1002") == "ams1-r12a-pdu"
    assert registry.hostnames() == ["ams1-r12a-sw"]
    with pytest.raises(KeyError):
        registry.serial("ams1-r12a-pdu")


def test_registering_the_same_device_again_keeps_its_name():
    registry = DeviceRegistry()
    assert registry.register(SURVEY[0]) == "ams1-r12a-sw"
    assert registry.register(SURVEY[0]) == "ams1-r12a-sw"
    assert len(registry) == 1


def test_every_surveyed_device_is_in_the_inventory():
    registry = DeviceRegistry()
    inventory = Inventory(registry)
    names = inventory.load(SURVEY)
    assert len(set(names)) == 4
    assert inventory.per_site() == {"AMS1": 3, "FRA2": 1}
    assert registry.serial(names[0]) == "SN-1001"


def test_zone_file_has_a_record_per_managed_device():
    registry = DeviceRegistry()
    inventory = Inventory(registry)
    inventory.load(SURVEY)
    lines = inventory.zone_lines({"SN-1001": "10.0.12.1", "SN-1003": "10.0.12.2"})
    assert len(lines) == 2 and len({line.split()[0] for line in lines}) == 2
    assert lines[0] == "ams1-r12a-sw. IN A 10.0.12.1"


def test_cable_ends_are_validated():
    assert parse_end(" AMS1-R12A-SW:ge0/1 ") == ("ams1-r12a-sw", "ge0/1")
    with pytest.raises(ValueError, match="bad cable end 'sw1 port 3'"):
        parse_end("sw1 port 3")


def test_cable_plan_for_a_rack_with_two_switches():
    registry = DeviceRegistry()
    names = Inventory(registry).load(SURVEY)
    links = [Link(f"{names[0]}:xe0/48", f"{names[3]}:xe0/48"), Link(f"{names[1]}:psu1", f"{names[0]}:psu1"),
             Link("ams1-r99-sw:ge0/1", f"{names[3]}:ge0/1")]
    problems, orders = check_plan(registry, links)
    assert problems == ["ams1-r99-sw:ge0/1 <-> " + names[3] + ":ge0/1: unknown host ams1-r99-sw"]
    assert orders == [("SN-1001", "xe0/48", "SN-1003", "xe0/48"), ("SN-1002", "psu1", "SN-1001", "psu1")]


def test_ports_in_use_are_grouped_by_host():
    links = [Link("a-sw:ge0/2", "b-rt:eth0"), Link("a-sw:ge0/1", "c-fw:eth1")]
    assert ports_in_use(links) == {"a-sw": ["ge0/1", "ge0/2"], "b-rt": ["eth0"], "c-fw": ["eth1"]}


def test_devices_sharing_a_name_are_numbered_and_keep_their_numbers():
    registry = DeviceRegistry()
    twins = [Device(f"SN-30{n}", "AMS1", "R12A", "switch") for n in range(1, 4)]
    assert [registry.register(d) for d in twins] == ["ams1-r12a-sw", "ams1-r12a-sw--2", "ams1-r12a-sw--3"]
    assert registry.register(twins[1]) == "ams1-r12a-sw--2"
    assert len(registry) == 3
    registry.decommission("SN-301")
    assert registry.register(twins[1]) == "ams1-r12a-sw--2"
