"""The help desk's ticket store and the per-agent dashboard built from one base query."""

from compiler import predicate, sort_key, to_sql
from query import Query


class TicketStore:
    def __init__(self, rows):
        self.rows = [dict(r) for r in rows]
        self.log = []

    def fetch(self, query):
        self.log.append(to_sql(query))
        found = [r for r in self.rows if predicate(query)(r)]
        if query.ordering:
            found.sort(key=sort_key(query))
        return found if query.max_rows is None else found[:query.max_rows]

    def count(self, query):
        return len(self.fetch(query))


def dashboard(store, project, agent):
    base = Query("tickets").where("project", "=", project).exclude("status", "=", "closed")
    mine = base.where("assignee", "=", agent)
    unassigned = base.where("assignee", "=", None)
    urgent = base.where("priority", ">=", 3).order_by("-priority", "opened")
    return {
        "open": store.count(base),
        "mine": store.count(mine),
        "unassigned": store.count(unassigned),
        "next_up": [t["id"] for t in store.fetch(urgent.limit(3))],
    }


def open_in(project):
    return Query("tickets").where("project", "=", project).exclude("status", "in", ("closed", "pending"))


def team_load(store, project, agents):
    """Open tickets per agent; one base query refined per agent."""
    base = open_in(project)
    return {agent: store.count(base.where("assignee", "=", agent)) for agent in agents}


def stale_tickets(store, project, opened_before):
    base = open_in(project).where("opened", "<", opened_before)
    oldest = base.order_by("opened")
    return [{"id": t["id"], "age": opened_before - t["opened"]} for t in store.fetch(oldest)]
