import pytest
from catalog import Catalog
from inventory import Inventory

CSV = """sku,name,price
ACME:BOLT-10/M,Hex bolt M10 (medium),0.40
ACME:NUT-10,Hex nut M10,0.10
GRIP:GLOVE/L,Work gloves (large),6.50
"""


@pytest.fixture
def shop():
    catalog, inventory = Catalog(CSV), Inventory()
    for sku in catalog.products:
        inventory.receive(sku, 40)
    return catalog, inventory
