from autoplay import session_summary, top_up
from play_queue import PlayQueue
from player import Player, Profile
from tracks import Track

RECS = [Track("r1", "Dawn", "Mira", 200), Track("r2", "Dusk", "Mira", 210), Track("r3", "Noon", "Mira", 190),
        Track("r4", "Bang", "Ode", 120, explicit=True), Track("r5", "Tide", "Lune", 230)]


def test_top_up_skips_what_the_profile_removes(tracks):
    queue = PlayQueue(tracks[1:2])
    added = top_up(queue, RECS, Profile(kids_mode=True), played_ids=["r1"])
    assert [t.id for t in added] == ["r2", "r5"]
    assert [t.artist for t in queue.items] == ["Mira", "Mira", "Lune"]


def test_full_queue_is_left_alone(tracks):
    queue = PlayQueue(tracks)
    assert top_up(queue, RECS, Profile()) == []
    assert len(queue.items) == 6


def test_profile_then_top_up_then_summary(tracks):
    queue = PlayQueue(tracks)
    player = Player(queue)
    player.apply_profile(Profile(kids_mode=True, region="DE"))
    top_up(queue, RECS, Profile(kids_mode=True, region="DE"))
    # two Mira tracks are left, so Mira's recommendations would make three in a row
    assert [t.id for t in queue.items] == ["t2", "t5", "r5"]
    summary = session_summary(tracks[:1], queue)
    assert summary == {"played": 1, "queued": 3, "artists": ["Vex"], "queued_seconds": 607}
    assert player.toasts == ["Removed 4 tracks from your queue"]
