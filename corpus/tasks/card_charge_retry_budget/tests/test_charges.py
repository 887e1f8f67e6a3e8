import pytest
from backoff import pause_after
from charges import ChargeClient, ChargeFailed
from clock import ManualClock
from gateway import Receipt, ScriptedGateway


def client(outcomes, latency_s=0.2, **options):
    clock = ManualClock()
    gateway = ScriptedGateway(clock, outcomes, latency_s)
    return ChargeClient(gateway, clock, **options), gateway, clock


def test_pauses_double_up_to_a_cap():
    assert [pause_after(n) for n in range(1, 6)] == [0.5, 1.0, 2.0, 4.0, 4.0]
    assert pause_after(400, first_s=0.1, cap_s=30) == 30
    with pytest.raises(ValueError):
        pause_after(0)


def test_a_healthy_gateway_charges_at_once():
    charges, gateway, clock = client(["ok"])
    assert charges.charge(1999, "order-1") == Receipt("ch_1", 1999)
    assert (gateway.attempts, charges.durations) == ([(0.0, 1.0)], [0.2])


def test_a_refused_card_is_not_retried():
    charges, gateway, _ = client(["refused"])
    with pytest.raises(ChargeFailed, match="card refused for 500 cents"):
        charges.charge(500, "order-2")
    assert len(gateway.attempts) == 1


def test_amounts_must_be_positive():
    charges, gateway, _ = client(["ok"])
    with pytest.raises(ValueError, match="amount must be positive, got 0"):
        charges.charge(0, "order-3")
    assert gateway.attempts == []


def test_a_busy_gateway_is_retried_and_the_whole_charge_is_timed():
    charges, gateway, clock = client(["503", "503", "ok"])
    assert charges.charge(2500, "order-4") == Receipt("ch_3", 2500)
    assert clock.slept == [0.5, 1.0]
    assert charges.durations == [2.1]


def test_a_silent_gateway_is_given_up_on_within_the_budget():
    charges, gateway, clock = client(["hang"], budget_s=3.0, attempt_timeout_s=1.0)
    with pytest.raises(ChargeFailed) as failure:
        charges.charge(2500, "order-5")
    assert str(failure.value) == "out of time after 2 attempts (2.5s): no answer within 1s"
    assert gateway.attempts == [(0.0, 1.0), (1.5, 1.0)]
    assert clock.now() <= 3.0


def test_amounts_and_notes_for_people():
    from statement import customer_line, money, support_note

    assert money(123456) == "€1,234.56"
    assert money(5, "CHF") == "0.05 CHF"
    with pytest.raises(ValueError, match="negative amount"):
        money(-1)
    charges, _, _ = client(["ok"])
    receipt = charges.charge(1999, "order-6")
    assert customer_line(receipt, "GBP") == "Charged £19.99 (reference ch_1)"
    assert support_note(charges, receipt) == "ch_1: ok after 1 attempt(s), customer waited 0.2s"
    refused, _, _ = client(["refused"])
    with pytest.raises(ChargeFailed):
        refused.charge(500, "order-7")
    assert support_note(refused) == "failed after 0 attempt(s); last error: no attempt made"


def test_the_budget_runs_from_the_start_of_the_charge_on_a_running_clock():
    clock = ManualClock(start=1000.0)
    gateway = ScriptedGateway(clock, ["hang"])
    charges = ChargeClient(gateway, clock, budget_s=3.0, attempt_timeout_s=2.0)
    with pytest.raises(ChargeFailed) as failure:
        charges.charge(2500, "order-8")
    assert str(failure.value) == "out of time after 2 attempts (3.0s): no answer within 0.5s"
    assert gateway.attempts == [(1000.0, 2.0), (1002.5, 0.5)]


def test_durations_are_kept_to_the_microsecond_on_a_running_clock():
    clock = ManualClock(start=1000.0)
    charges = ChargeClient(ScriptedGateway(clock, ["503", "ok"], 0.2000014), clock)
    charges.charge(1999, "order-9")
    assert charges.durations == [0.900003]
