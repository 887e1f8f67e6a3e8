import pytest
from export import export_events, import_events
from grid import bar_ticks
from patterns import Pattern, parse_pattern
from timeline import step_seconds

GROOVE = parse_pattern("""
kick : x...x...x...x...
snare: ....x.......x...
hat  : x.x.x.x.x.x.x.x.
""")


def test_events_land_on_sixteenth_ticks():
    events = export_events(GROOVE, bpm=140)
    assert [tick for tick, name in events if name == "hat"] == [0, 48, 96, 144, 192, 240, 288, 336]
    assert [tick for tick, name in events if name == "snare"] == [96, 288]


def test_round_trip_at_100_bpm():
    back = import_events(export_events(GROOVE, bpm=100), steps=16)
    assert back == GROOVE


def test_swung_hats_stay_on_their_steps():
    hats = Pattern({"hat": tuple(range(16))}, 16)
    events = export_events(hats, bpm=100, swing=0.5)
    assert [tick for tick, _ in events][:4] == [0, 36, 48, 84]
    assert import_events(events, steps=16) == hats


def test_imports_check_the_bar_length():
    assert bar_ticks(16) == 384
    assert import_events([(0, "kick"), (383, "kick")], steps=16).tracks == {"kick": (0, 15)}
    with pytest.raises(ValueError, match="outside the bar \\(0..383\\)"):
        import_events([(384, "kick")], steps=16)


def test_tempo_must_be_positive():
    assert step_seconds(120) == 0.125
    with pytest.raises(ValueError, match="tempo must be positive"):
        step_seconds(0)


def test_every_step_of_two_bars_at_170_bpm_lands_on_its_tick():
    hats = Pattern({"hat": tuple(range(32))}, 32)
    assert [tick for tick, _ in export_events(hats, bpm=170)] == [24 * i for i in range(32)]


def test_hit_times_come_from_the_step_index():
    from timeline import hit_times

    step = step_seconds(100)
    assert hit_times(range(16), 16, bpm=100) == [i * step for i in range(16)]
    assert hit_times([-1, 0, 16], 16, bpm=100) == [0.0]
