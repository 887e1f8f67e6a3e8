import pytest
from compiler import to_sql
from helpdesk import TicketStore, dashboard, stale_tickets, team_load
from query import Query

TICKETS = [
    {"id": 1, "project": "web", "status": "open", "assignee": "ana", "priority": 2, "opened": 10},
    {"id": 2, "project": "web", "status": "open", "assignee": None, "priority": 4, "opened": 11},
    {"id": 3, "project": "web", "status": "closed", "assignee": "ana", "priority": 5, "opened": 3},
    {"id": 4, "project": "web", "status": "pending", "assignee": "ana", "priority": 3, "opened": 12},
    {"id": 5, "project": "app", "status": "open", "assignee": "ana", "priority": 4, "opened": 5},
    {"id": 6, "project": "web", "status": "open", "assignee": "raj", "priority": 3, "opened": 7},
    {"id": 7, "project": "web", "status": "open", "assignee": None, "priority": 1, "opened": 13},
]


def test_single_chain_compiles_to_sql():
    query = Query("tickets").where("project", "=", "web").exclude("status", "in", ["closed"]).order_by("-priority").limit(5)
    assert to_sql(query) == ("SELECT * FROM tickets WHERE project = 'web' AND NOT (status IN ('closed',)) "
                             "ORDER BY priority DESC LIMIT 5")


def test_single_chain_fetches_matching_rows():
    store = TicketStore(TICKETS)
    query = Query("tickets").where("assignee", "=", "ana").exclude("status", "=", "closed").order_by("opened")
    assert [t["id"] for t in store.fetch(query)] == [5, 1, 4]


def test_dashboard_for_an_agent():
    store = TicketStore(TICKETS)
    assert dashboard(store, "web", "ana") == {"open": 5, "mine": 2, "unassigned": 2, "next_up": [2, 6, 4]}


def test_dashboard_queries_in_the_log():
    store = TicketStore(TICKETS)
    dashboard(store, "app", "raj")
    assert store.log[1] == "SELECT * FROM tickets WHERE project = 'app' AND assignee = 'raj' AND NOT (status = 'closed')"


def test_team_load_per_agent():
    store = TicketStore(TICKETS)
    assert team_load(store, "web", ["ana", "raj", "kim"]) == {"ana": 1, "raj": 1, "kim": 0}


def test_team_load_for_one_agent_matches_the_dashboard():
    store = TicketStore(TICKETS)
    assert team_load(store, "app", ["ana"]) == {"ana": 1}
    assert dashboard(store, "app", "ana")["mine"] == 1


def test_stale_tickets_oldest_first():
    store = TicketStore(TICKETS)
    assert stale_tickets(store, "web", opened_before=12) == [
        {"id": 6, "age": 5}, {"id": 1, "age": 2}, {"id": 2, "age": 1}]


def test_unknown_operator_and_column():
    with pytest.raises(ValueError, match="unknown operator '=='"):
        Query("tickets").where("id", "==", 1)
    with pytest.raises(KeyError, match="no column 'owner'"):
        TicketStore(TICKETS).fetch(Query("tickets").where("owner", "=", "ana"))


def test_morning_mail():
    from report import morning_mail

    store = TicketStore(TICKETS)
    assert morning_mail(store, "web", "raj", ["ana", "raj"]).splitlines() == [
        "Good morning Raj,",
        "web: 5 open tickets, 1 yours, 2 waiting for an owner.",
        "Next up: #2, #6, #4",
        "Busiest on the team: Ana (1 ticket)",
    ]


def test_morning_mail_for_a_quiet_project():
    from report import morning_mail

    store = TicketStore(TICKETS)
    assert morning_mail(store, "docs", "kim", []) == "Good morning Kim,\ndocs: 0 open tickets, 0 yours, 0 waiting for an owner."
