"""The morning e-mail each agent gets: their queue, the team's load and what to pick up next."""

from helpdesk import dashboard, team_load


def plural(count, word):
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def morning_mail(store, project, agent, team):
    board = dashboard(store, project, agent)
    load = team_load(store, project, team)
    busiest = max(sorted(load), key=load.get) if load else None
    lines = [
        f"Good morning {agent.title()},",
        f"{project}: {plural(board['open'], 'open ticket')}, {board['mine']} yours, "
        f"{board['unassigned']} waiting for an owner.",
    ]
    if board["next_up"]:
        lines.append("Next up: " + ", ".join(f"#{ticket_id}" for ticket_id in board["next_up"]))
    if busiest is not None and load[busiest]:
        lines.append(f"Busiest on the team: {busiest.title()} ({plural(load[busiest], 'ticket')})")
    return "\n".join(lines)
