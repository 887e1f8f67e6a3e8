import pytest
from tracks import Track


@pytest.fixture
def tracks():
    return [
        Track("t1", "Intro", "Vex", 95, explicit=True, blocked_in=frozenset({"DE"})),
        Track("t2", "Skyline", "Mira", 201),
        Track("t3", "Riot", "Vex", 188, explicit=True),
        Track("t4", "Riot (Remix)", "Vex", 240, explicit=True, blocked_in=frozenset({"DE"})),
        Track("t5", "Lullaby", "Mira", 176),
        Track("t6", "Static", "Ode", 150, explicit=True),
    ]
