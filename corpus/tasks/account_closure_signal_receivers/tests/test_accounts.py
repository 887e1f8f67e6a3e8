import pytest

from accounts import AccountError, AccountService
from events import AccountEvents
from outbox import AuditTrail, Billing, Mailer
from subscribers import AuditSubscriber, wire


def service():
    trail, mailer = AuditTrail(), Mailer()
    events = wire(AccountEvents(), trail, mailer)
    return AccountService(events), trail, mailer


def test_plan_changes_are_recorded_on_the_service():
    accounts, _, _ = service()
    account = accounts.open("kim@example.org")
    accounts.change_plan(account.id, "team")
    assert accounts.last_plan_change == (1, "free", "team")
    assert account.history == [("plan", "free", "team")]


def test_unknown_plans_are_refused():
    accounts, _, _ = service()
    with pytest.raises(AccountError, match="choose one of free, team, business"):
        accounts.open("lee@example.org", plan="gold")


def test_closing_twice_is_an_error():
    accounts, _, _ = service()
    account = accounts.open("max@example.org")
    accounts.close(account.id, "moved to a competitor")
    with pytest.raises(AccountError, match="already closed"):
        accounts.close(account.id, "again")
    with pytest.raises(AccountError, match="no account 7"):
        accounts.get(7)


def test_a_directly_connected_subscriber_hears_closures():
    events, trail = AccountEvents(), AuditTrail()
    audit = AuditSubscriber(trail)
    events.closed.connect(audit.on_closed)
    accounts = AccountService(events)
    account = accounts.open("ola@example.org")
    assert accounts.close(account.id, "duplicate") == 1
    assert trail.entries == [("closed", 1, "duplicate")]


def test_opening_welcomes_and_audits():
    accounts, trail, mailer = service()
    accounts.open("ana@example.org", plan="business")
    assert trail.entries == [("opened", 1, "business")]
    assert mailer.sent == [("ana@example.org", "Welcome aboard")]


def test_closing_notifies_audit_and_customer():
    accounts, trail, mailer = service()
    account = accounts.open("bo@example.org")
    assert accounts.close(account.id, "requested by customer") == 2
    assert trail.entries[-1] == ("closed", 1, "requested by customer")
    assert mailer.sent[-1] == ("bo@example.org", "Your account has been closed")


def test_closing_a_paid_account_cancels_billing():
    trail, mailer, billing = AuditTrail(), Mailer(), Billing()
    accounts = AccountService(wire(AccountEvents(), trail, mailer, billing))
    team = accounts.open("cy@example.org")
    accounts.open("dee@example.org")
    accounts.change_plan(team.id, "team")
    assert billing.subscriptions == {1: 49}
    accounts.close(team.id, "budget cuts")
    assert billing.cancelled == [1] and billing.subscriptions == {}
