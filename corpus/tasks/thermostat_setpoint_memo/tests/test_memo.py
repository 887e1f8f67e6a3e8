from memo import Memo


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_repeated_calls_are_served_from_the_memo():
    calls = []
    memo = Memo(lambda a, b=0: calls.append((a, b)) or a + b)
    assert [memo(1), memo(1), memo(1, b=2), memo(1, b=2)] == [1, 1, 3, 3]
    assert (len(calls), memo.hits, memo.misses) == (2, 2, 2)


def test_entries_expire():
    clock = FakeClock()
    memo = Memo(lambda x: x * 2, ttl=60, clock=clock)
    memo(4)
    clock.now = 59.0
    memo(4)
    clock.now = 61.0
    memo(4)
    assert (memo.hits, memo.misses) == (1, 2)


def test_oldest_entry_makes_room_and_invalidate():
    memo = Memo(lambda x: x, max_entries=2)
    memo(1), memo(2), memo(3)
    memo(1)
    assert memo.misses == 4
    memo.invalidate(3)
    memo(3)
    assert memo.misses == 5


def test_refreshing_an_expired_entry_in_a_full_memo_evicts_nothing():
    clock = FakeClock()
    memo = Memo(lambda x: x, ttl=10, clock=clock, max_entries=3)
    for now, x in ((0.0, 1), (1.0, 2), (10.5, 1), (10.6, 3), (11.0, 2), (12.0, 1)):
        clock.now = now
        memo(x)
    assert (memo.hits, memo.misses) == (1, 5)
