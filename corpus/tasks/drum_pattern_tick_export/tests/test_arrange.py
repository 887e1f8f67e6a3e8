import pytest
from arrange import doubled_hits, export_song, hits_per_bar
from patterns import parse_pattern

VERSE = parse_pattern("kick: x...x...x...x...\nhat: xxxxxxxxxxxxxxxx")
FILL = parse_pattern("kick: x.x.x.x.xxxxxxxx\nhat: ................")


def test_sections_follow_each_other():
    events = export_song([(VERSE, 2), (FILL, 1)], bpm=120)
    assert events[-1] == (1128, "kick")
    bars = hits_per_bar(events)
    assert bars[0] == bars[1] == {"kick": 4, "hat": 16}
    assert bars[2] == {"kick": 12}


def test_every_hit_in_a_long_song_stays_in_its_bar():
    events = export_song([(VERSE, 4)], bpm=100)
    assert [bars["hat"] for bars in hits_per_bar(events).values()] == [16, 16, 16, 16]
    assert doubled_hits(events) == []


def test_doubled_hits_and_empty_sections():
    assert doubled_hits([(0, "kick"), (0, "kick"), (24, "hat")]) == [(0, "kick")]
    with pytest.raises(ValueError, match="at least once"):
        export_song([(VERSE, 0)], bpm=120)
