import pytest
from store import Ticket, TicketStore


def team_of(ticket_id):
    if ticket_id <= 5 or 31 <= ticket_id <= 40:
        return "billing"
    if 16 <= ticket_id <= 25:
        return "billing" if ticket_id % 2 == 0 else "support"
    return "support"


@pytest.fixture
def store():
    return TicketStore(Ticket(i, team_of(i), f"ticket {i}", confidential=26 <= i <= 30) for i in range(1, 43))
