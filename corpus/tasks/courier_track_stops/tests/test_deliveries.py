import pytest
from deliveries import distance_m, proof_of_delivery
from stops import find_stops
from track_codec import TrackError, decode

ROUND = """K,0,52.370216,4.895168
D,40,0.000120,0.000310
D,40,0.000045,0.000122
D,40,0.000310,-0.000051
D,40,-0.000075,0.000090
D,40,0.000204,0.000017
D,30,0,0
D,30,0,0
K,290,52.370820,4.895656
D,30,0,0
D,30,0,0
D,40,0.000500,0.000200
D,40,0.000410,0.000260
D,30,0,0
D,30,0,0
D,30,0,0
D,30,0,0
D,30,0,0
D,60,0.000300,0.000300
K,700,52.372330,4.896716
"""

PARCELS = {"P-1": ("Keizersgracht 12", 52.370820, 4.895656), "P-2": ("Herengracht 80", 52.371730, 4.896116)}


def test_decoding_keyframes_and_deltas():
    fixes = decode(ROUND)
    assert len(fixes) == 20
    assert (fixes[5].t, round(fixes[5].lat, 6), round(fixes[5].lon, 6)) == (200, 52.37082, 4.895656)
    assert (fixes[-1].t, fixes[-1].lat, fixes[-1].lon) == (700, 52.37233, 4.896716)


def test_stop_without_a_keyframe_inside():
    fixes = decode(ROUND)
    stops = find_stops(fixes)
    assert [(s.start, s.end) for s in stops][-1:] == [(430, 580)]


def test_stop_that_spans_a_keyframe():
    stops = find_stops(decode(ROUND))
    assert [(s.start, s.end) for s in stops] == [(200, 350), (430, 580)]


def test_proof_of_delivery_report():
    assert proof_of_delivery(ROUND, PARCELS) == [
        "P-1 Keizersgracht 12: stopped 09:03:20-09:05:50",
        "P-2 Herengracht 80: stopped 09:07:10-09:09:40",
        "driving 6 min, 2 stop(s)"]


def test_short_wait_at_a_traffic_light_is_not_a_stop():
    track = "K,0,52.0,4.0\nD,30,0,0\nD,30,0,0\nD,20,0.0001,0\n"
    assert find_stops(decode(track)) == []


def test_distances():
    assert distance_m(52.370820, 4.895656, 52.370820, 4.895656) == 0
    assert round(distance_m(52.370820, 4.895656, 52.371730, 4.896116)) == 106


def test_bad_tracks_are_reported():
    with pytest.raises(TrackError, match="line 1: a delta before the first keyframe"):
        decode("D,10,0,0")
    with pytest.raises(TrackError, match="line 2: not numbers"):
        decode("K,0,52.0,4.0\nD,10,north,0")
    with pytest.raises(TrackError, match="line 1: expected 'K,t,lat,lon'"):
        decode("X,1,2")


def test_lunch_break_is_an_unplanned_stop():
    from deliveries import unplanned_stops

    assert unplanned_stops(ROUND, {"P-2": PARCELS["P-2"]}) == [("09:03:20", 2)]
    assert unplanned_stops(ROUND, PARCELS) == []


def test_keyframe_matching_the_current_position():
    track = "K,0,48.856600,2.352200\nD,60,0.000013,-0.000021\nD,60,0,0\nK,180,48.856613,2.352179\nD,60,0,0\n"
    stops = find_stops(decode(track), min_seconds=180)
    assert [(s.start, s.end) for s in stops] == [(60, 240)]


def test_driving_time_excludes_stops():
    from stops import moving_seconds

    fixes = decode(ROUND)
    assert moving_seconds(fixes, []) == 700
    assert moving_seconds(fixes, find_stops(fixes)) == 400
