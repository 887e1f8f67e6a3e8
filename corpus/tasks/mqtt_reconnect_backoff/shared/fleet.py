"""Why the jitter exists: after a broker restart, how many sensors knock in the same second?"""

import random
from collections import Counter

from backoff import Backoff


def first_retry_times(sensor_ids, restart_at, seed=0, **backoff_options):
    """When each sensor first retries after being refused at ``restart_at``."""
    times = {}
    for index, sensor_id in enumerate(sorted(sensor_ids)):
        backoff = Backoff(rng=random.Random(seed * 100_003 + index), **backoff_options)
        times[sensor_id] = restart_at + backoff.delay(0)
    return times


def peak_per_second(times):
    """The largest number of retries that fall into one whole second."""
    per_second = Counter(int(t) for t in times.values())
    return max(per_second.values(), default=0)
