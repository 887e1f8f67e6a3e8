import pytest
from clock import ManualClock
from orders import Decision, place, review_queue
from providers import Provider, Verified
from verification import AddressVerifier, Unverified

ADDRESS = "  12 high street , ab1 2cd, aberdeen"


def verifier(ups=None, postnl=None, here=None, budget_s=3.0):
    clock = ManualClock()
    providers = [Provider(name, clock, **(options or {}))
                 for name, options in (("ups", ups), ("postnl", postnl), ("here", here))]
    return AddressVerifier(providers, clock, budget_s), providers, clock


def test_the_preferred_provider_normalises_the_address():
    check, (ups, postnl, here), clock = verifier()
    assert check.verify(ADDRESS) == Verified("12 High Street", "AB12CD", "Aberdeen", "ups")
    assert (ups.calls, postnl.calls, clock.now()) == ([1.0], [], 0.2)


def test_a_verifier_needs_providers():
    with pytest.raises(ValueError, match="at least one provider"):
        AddressVerifier([], ManualClock())


def test_an_order_to_a_verified_address_ships():
    check, _, _ = verifier()
    decision = place("o-1", ADDRESS, check)
    assert decision == Decision("o-1", "ready to ship", "12 High Street\nAB12CD Aberdeen", "verified by ups")


def test_when_every_provider_refuses_a_person_checks_the_order():
    check, _, clock = verifier(ups={"down": True}, postnl={"down": True}, here={"down": True})
    decisions = [place("o-2", ADDRESS, check), place("o-3", ADDRESS, check)]
    assert review_queue(decisions) == ["o-2", "o-3"]
    assert decisions[0].note == ("address not verified: ups refused the connection; "
                                 "postnl refused the connection; here refused the connection")
    assert clock.now() == 0.0


def test_a_refusing_provider_leaves_its_time_to_the_next():
    check, (ups, postnl, here), clock = verifier(ups={"down": True}, postnl={"takes_s": 1.4},
                                                 here={"takes_s": 1.4})
    decision = place("o-4", ADDRESS, check)
    assert (decision.status, decision.note) == ("ready to ship", "verified by postnl")
    assert postnl.calls == [1.5]
    assert clock.now() <= 3.0


def test_the_budget_holds_when_every_provider_is_slow():
    check, (ups, postnl, here), clock = verifier(ups={"down": True}, postnl={"takes_s": 5}, here={"takes_s": 5})
    with pytest.raises(Unverified):
        check.verify(ADDRESS)
    assert clock.now() <= 3.0


def test_the_form_is_checked_before_any_provider_is_asked():
    from addresses import InvalidAddress, check_form

    assert check_form(" 12 high street", "ab1 2cd ", "Aberdeen") == "12 high street, ab1 2cd, Aberdeen"
    assert check_form("Damrak 1", "1012 LG", "Amsterdam", country="NL") == "Damrak 1, 1012 LG, Amsterdam"
    with pytest.raises(InvalidAddress, match="postcode: '1012' is not a GB postcode"):
        check_form("12 high street", "1012", "Aberdeen")
    with pytest.raises(InvalidAddress, match="street: give the street and house number"):
        check_form("high street", "AB1 2CD", "Aberdeen")
    with pytest.raises(InvalidAddress, match="country: we do not deliver to 'FR' yet"):
        check_form("1 rue X", "75001", "Paris", country="FR")
    with pytest.raises(InvalidAddress, match="city: the city is missing"):
        check_form("Hauptstr. 5", "10115", " ", country="DE")


def test_the_budget_runs_from_when_verification_starts():
    check, (ups, postnl, here), clock = verifier(ups={"down": True}, postnl={"takes_s": 1.4})
    clock.advance(50.0)
    assert check.verify(ADDRESS).provider == "postnl"
    assert postnl.calls == [1.5]


def test_the_last_provider_gets_the_last_second():
    check, (ups, postnl, here), clock = verifier(ups={"takes_s": 5}, postnl={"takes_s": 5}, here={"takes_s": 0.5})
    assert check.verify(ADDRESS).provider == "here"
    assert (ups.calls, postnl.calls, here.calls) == ([1.0], [1.0], [1.0])


def test_with_no_budget_no_provider_is_asked():
    check, (ups, postnl, here), clock = verifier(budget_s=0)
    with pytest.raises(Unverified, match="^no time left for ups$"):
        check.verify(ADDRESS)
    assert ups.calls == []
