import pytest
from points import InsufficientPoints, PointsLedger
from statement import members_by_tier, statement
from tiers import next_tier, tier
from till import ring_up

MAYA_MARCH = [("2025-03-03", 450), ("2025-03-05", 1500), ("2025-03-09", 3560), ("2025-03-12", 1290),
              ("2025-03-17", 1290), ("2025-03-20", 450), ("2025-03-24", 700), ("2025-03-28", 760)]


def ledger_for(member, purchases, multiplier=1):
    ledger = PointsLedger(member)
    for day, cents in purchases:
        ledger.earn(day, cents, multiplier)
    return ledger


def test_tier_thresholds():
    assert [tier(b) for b in (0, 9.9, 10, 24.9, 25, 80)] == ["Bronze", "Bronze", "Silver", "Silver", "Gold", "Gold"]
    assert next_tier(7.5) == ("Silver", 2.5)
    assert next_tier(30) is None


def test_single_big_purchase():
    ledger = ledger_for("leo", [("2025-03-01", 12000)])
    assert statement(ledger, "2025-03")[-3:] == [
        "Balance: 12.0 points (Silver)", "13.0 points to Gold", "Your perks: free oat milk"]


def test_a_hundred_euros_over_the_month_reaches_silver():
    ledger = ledger_for("maya", MAYA_MARCH)
    assert statement(ledger, "2025-03")[-3:] == [
        "Balance: 10.0 points (Silver)", "15.0 points to Gold", "Your perks: free oat milk"]


def test_the_history_records_each_purchases_points():
    ledger = ledger_for("ana", [("2025-03-02", 990), ("2025-03-03", 1250)])
    assert ledger.history == [("2025-03-02", "earn", 0.99), ("2025-03-03", "earn", 1.25)]


def test_double_points_week():
    ledger = ledger_for("ines", MAYA_MARCH[:4], multiplier=2)
    assert ledger.balance == pytest.approx(13.6)
    assert tier(ledger.balance) == "Silver"


def test_free_drink_paid_with_points():
    ledger = ledger_for("maya", MAYA_MARCH)
    ledger.redeem("2025-03-30", 5)
    ledger.earn("2025-04-02", 500)
    assert statement(ledger, "2025-04") == [
        "Hello maya, your 2025-04 statement", "  2025-04-02 earn   +0.5",
        "Balance: 5.5 points (Bronze)", "4.5 points to Silver"]


def test_redeeming_exactly_the_balance():
    ledger = ledger_for("maya", MAYA_MARCH)
    ledger.redeem("2025-03-31", 10)
    with pytest.raises(InsufficientPoints, match="maya has 0.0 points, needs 0.5"):
        ledger.redeem("2025-04-01", 0.5)


def test_members_by_tier_for_the_newsletter():
    ledgers = [ledger_for("maya", MAYA_MARCH), ledger_for("leo", [("2025-03-01", 30000)]),
               ledger_for("ana", [("2025-03-02", 990)])]
    assert members_by_tier(ledgers) == {"Bronze": ["ana"], "Gold": ["leo"], "Silver": ["maya"]}


def test_purchases_must_be_positive():
    with pytest.raises(ValueError, match="leo: a purchase must be positive, got 0 cents"):
        PointsLedger("leo").earn("2025-03-01", 0)


def test_till_for_a_bronze_member():
    ledger = PointsLedger("ana")
    assert ring_up(ledger, "2025-03-04", ["flat white", "croissant"]) == [
        "flat white     3.60", "croissant      2.90", "TOTAL          6.50", "points +0.7 (normal)"]


def test_till_gives_silver_members_their_discount():
    ledger = ledger_for("maya", MAYA_MARCH)
    assert ring_up(ledger, "2025-03-31", ["beans 250g", "oat latte"]) == [
        "beans 250g    12.90", "oat latte      4.20", "Silver -5%    -0.85", "TOTAL         16.25",
        "points +3.2 (double)"]
    assert tier(ledger.balance) == "Silver"


def test_unknown_menu_item():
    with pytest.raises(KeyError, match="not on the menu: tea"):
        ring_up(PointsLedger("ana"), "2025-03-04", ["tea", "espresso"])


def test_expiry_reminder_counts_the_oldest_unspent_points():
    from expiry import expiring

    ledger = ledger_for("maya", MAYA_MARCH)
    ledger.redeem("2025-06-01", 2)
    ledger.earn("2025-09-10", 4000)
    assert expiring(ledger, "2026-02-20") == 6.5
    assert expiring(ledger, "2026-03-01") == 8.0
    assert expiring(ledger, "2026-09-01") == 4.0
