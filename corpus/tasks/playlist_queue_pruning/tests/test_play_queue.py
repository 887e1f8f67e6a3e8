from play_queue import PlayQueue


def ids(queue):
    return [t.id for t in queue.items]


def test_pruning_scattered_tracks(tracks):
    queue = PlayQueue(tracks)
    removed = queue.prune(lambda t: "DE" in t.blocked_in, "not available in DE")
    assert [t.id for t in removed] == ["t1", "t4"]
    assert ids(queue) == ["t2", "t3", "t5", "t6"]


def test_hiding_an_artist_with_back_to_back_tracks(tracks):
    queue = PlayQueue(tracks)
    queue.remove_artist("Vex")
    assert ids(queue) == ["t2", "t5", "t6"]
    assert queue.log == [("hide artist Vex", ["t1", "t3", "t4"])]


def test_play_next_keeps_the_requested_order(tracks):
    queue = PlayQueue(tracks)
    queue.play_next(["t3", "t5"])
    assert ids(queue) == ["t3", "t5", "t1", "t2", "t4", "t6"]


def test_play_next_ignores_unknown_ids(tracks):
    queue = PlayQueue(tracks)
    queue.play_next(["t9", "t6"])
    assert ids(queue)[:2] == ["t6", "t1"]
