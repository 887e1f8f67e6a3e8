from play_queue import PlayQueue
from player import Player, Profile


def test_region_only_profile(tracks):
    player = Player(PlayQueue(tracks))
    player.apply_profile(Profile(region="DE"))
    assert player.up_next_card(2) == ["Skyline - Mira (3:21)", "Riot - Vex (3:08)"]
    assert player.toasts == ["Removed 2 tracks from your queue"]


def test_kids_mode_removes_every_explicit_track(tracks):
    player = Player(PlayQueue(tracks))
    player.apply_profile(Profile(kids_mode=True))
    assert player.up_next_card() == ["Skyline - Mira (3:21)", "Lullaby - Mira (2:56)"]
    assert player.remaining_time() == "6:17"
    assert player.toasts == ["Removed 4 tracks from your queue"]


def test_nothing_to_remove_means_no_toast(tracks):
    player = Player(PlayQueue(tracks[1:2]))
    assert player.apply_profile(Profile(kids_mode=True, region="FR")) == []
    assert player.toasts == []
