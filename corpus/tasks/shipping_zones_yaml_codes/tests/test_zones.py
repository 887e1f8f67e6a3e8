import pytest

from labels import make_label, manifest
from quotes import Quote, cheapest_zone, quote
from zones import ZoneFileError, ZoneTable
from zones_config import ZONES_YAML


def test_domestic_and_european_quotes():
    table = ZoneTable(ZONES_YAML)
    assert quote(table, "se", 0.8, 120) == Quote("domestic", 49)
    assert quote(table, "SE", 3, 600) == Quote("domestic", 0, "free shipping")
    assert quote(table, "DE", 12, 2000) == Quote("europe", 399)
    assert quote(table, "DE", 25, 10).note == "over 20 kg: freight only"


def test_unknown_country_ships_as_world():
    table = ZoneTable(ZONES_YAML)
    assert quote(table, "JP", 1, 50) == Quote("world", 249)
    assert cheapest_zone(table) == "domestic"
    assert table.default == "world" and len(table.zones) == 4
    assert table.tracking_required is True


def test_bad_zone_files():
    with pytest.raises(ZoneFileError, match="needs 'zones'"):
        ZoneTable("zones_missing: 1")
    with pytest.raises(ZoneFileError, match="DK is in both a and b"):
        ZoneTable("default_zone: a\nzones:\n  a: {countries: [DK], bands: {1: 1}}\n  b: {countries: [DK], bands: {1: 2}}")
    with pytest.raises(ValueError):
        quote(ZoneTable(ZONES_YAML), "SE", 0, 1)


def test_nordic_countries():
    table = ZoneTable(ZONES_YAML)
    assert len(table.zones["nordic"].countries) == 4
    assert quote(table, "DK", 2, 100) == Quote("nordic", 159)
    assert quote(table, "IS", 2, 100) == Quote("nordic", 309, "remote area")


def test_norwegian_customer_gets_the_nordic_rate():
    table = ZoneTable(ZONES_YAML)
    assert quote(table, "NO", 2, 100) == Quote("nordic", 159)
    assert quote(table, "no", 4, 1200) == Quote("nordic", 0, "free shipping")
    assert table.zone_for("No").name == "nordic"
    assert table.zone_for("FR").name == "europe"
    assert table.zone_for("IS").remote == frozenset({"IS"})


def test_labels_and_customs():
    table = ZoneTable(ZONES_YAML)
    label = make_label(table, "o-1", " Ane Berg ", "Storgata 1", "oslo", "no", 2.25)
    assert label.customs and label.lines[-1] == "2.2 kg CN22"
    assert label.service == "PostNord Nordic"
    dk = make_label(table, "o-2", "Mads", "Vesterbro 3", "Aarhus", "DK", 1)
    assert (dk.service, dk.customs, dk.lines[2]) == ("PostNord Nordic", False, "AARHUS DK")


def test_manifest_groups_by_service():
    table = ZoneTable(ZONES_YAML)
    labels = [make_label(table, f"o-{n}", "x", "y", "z", c, 1) for n, c in enumerate(["SE", "JP", "SE", "US"])]
    assert manifest(labels) == {"DHL Express": {"orders": ["o-1", "o-3"], "customs": 2},
                                "PostNord Varubrev": {"orders": ["o-0", "o-2"], "customs": 0}}
