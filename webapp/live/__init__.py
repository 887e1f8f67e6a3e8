"""Live updates that cannot be lost.

The database holds every turn and every job update as it happens; the channel layer only rings a
doorbell (``doorbell.ring``) that wakes the websocket followers of a topic, and each follower then
reads what it has not seen yet from the database (``follow.FollowConsumer``). A follower that joins
late, reconnects or misses a ring reads the same rows, so nothing shown live can be lost. The same
code runs on Redis (channels_redis) and on the embedded default (``layers.LocalSocketChannelLayer``:
a doorbell between the processes of one machine, without a server).
"""
