import pytest
from skus import Sku, SkuError


def test_parse_and_label():
    sku = Sku.parse(" acme : bolt-10 / m ")
    assert (sku.vendor, sku.code, sku.size) == ("ACME", "BOLT-10", "M")
    assert sku.label() == "ACME:BOLT-10/M"
    assert repr(Sku.parse("ACME:NUT-10")) == "Sku('ACME', 'NUT-10', None)"
    with pytest.raises(SkuError, match="like ACME:BOLT-10"):
        Sku.parse("bolt 10")


def test_sizes_are_optional_and_normalised():
    assert Sku("grip", "glove", "l").label() == "GRIP:GLOVE/L"
    assert Sku("acme", "nut-10").size is None
