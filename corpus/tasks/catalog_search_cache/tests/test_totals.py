import pytest
from basket import Basket, BasketError
from shop import handle_search


def test_basket_from_search_results():
    _, body = handle_search("?q=hoodie&size=L")
    basket = Basket()
    for sku in body["results"]:
        basket.add(sku, 2)
    assert basket.total() == 98


def test_discount_codes():
    basket = Basket()
    basket.add("S-300")
    basket.apply_code("welcome10")
    assert basket.total() == 80.1
    basket.apply_code("FIVEOFF")
    assert basket.total() == 84


def test_basket_errors():
    basket = Basket()
    with pytest.raises(BasketError):
        basket.add("X-999")
    with pytest.raises(BasketError):
        basket.apply_code("FREE")
