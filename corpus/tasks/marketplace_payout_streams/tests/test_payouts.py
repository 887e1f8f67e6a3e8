from decimal import Decimal

import pytest
from fx import RateTable, UnknownCurrency
from payouts import ledger, payout_run
from sales import Sale, group_by_currency

RATES = RateTable(to_eur={"GBP": "1.17", "USD": "0.92", "SEK": "0.088"},
                  fees={"GBP": "0.02", "USD": "0.03", "SEK": "0.025"})


def sale(order, seller, currency, amount, at):
    return Sale(order, seller, currency, Decimal(amount), at)


def test_grouping_keeps_time_order_per_currency():
    sales = [sale("o2", "ana", "GBP", "10", 50), sale("o1", "ben", "USD", "5", 10), sale("o3", "ana", "GBP", "7", 20)]
    groups = group_by_currency(sales)
    assert list(groups) == ["GBP", "USD"]
    assert [s.order_id for s in groups["GBP"]] == ["o3", "o2"]


def test_ledger_interleaves_currencies_by_time():
    sales = [sale("o1", "ana", "USD", "40", 30), sale("o2", "ben", "SEK", "900", 10), sale("o3", "cy", "GBP", "100", 20)]
    assert [p.order_id for p in ledger(sales, RATES)] == ["o2", "o3", "o1"]


def test_each_sale_is_converted_at_its_own_currency_rate():
    sales = [sale("o1", "ana", "USD", "100.00", 30), sale("o2", "ben", "SEK", "900.00", 10),
             sale("o3", "cy", "GBP", "40.00", 20)]
    by_order = {p.order_id: p for p in ledger(sales, RATES)}
    assert by_order["o1"].gross_eur == Decimal("92.00")
    assert by_order["o1"].fee_eur == Decimal("2.76")
    assert by_order["o2"].gross_eur == Decimal("79.20")
    assert by_order["o3"].gross_eur == Decimal("46.80")


def test_mixed_currency_run_totals_and_minimum():
    sales = [sale("o1", "ana", "USD", "100.00", 1), sale("o2", "ana", "GBP", "10.00", 2),
             sale("o3", "ben", "GBP", "15.00", 3)]
    paid, held = payout_run(sales, RATES)
    assert paid["ana"].net == Decimal("100.71")
    assert held == ["ben"]


def test_unknown_currency_is_named():
    with pytest.raises(UnknownCurrency, match="no EUR rate for CHF"):
        ledger([sale("o1", "ana", "CHF", "10", 1)], RATES)
    assert RATES.fee_rate("NOK") == Decimal("0.029")
