"""Autoplay: when the queue runs low, top it up from the recommendations."""

MIN_QUEUE = 4


def top_up(queue, recommendations, profile, played_ids=(), target=MIN_QUEUE):
    """Append recommended tracks until the queue holds ``target`` tracks. Skips tracks already
    queued or played, tracks the profile would remove, and a third track in a row by one artist."""
    if len(queue.items) >= target:
        return []
    seen = {t.id for t in queue.items} | set(played_ids)
    added = []
    for track in recommendations:
        if len(queue.items) >= target:
            break
        if track.id in seen or (profile.kids_mode and track.explicit) or profile.region in track.blocked_in:
            continue
        last_two = [t.artist for t in queue.items[-2:]]
        if last_two == [track.artist, track.artist]:
            continue
        queue.items.append(track)
        seen.add(track.id)
        added.append(track)
    return added


def session_summary(played, queue):
    artists = sorted({t.artist for t in played})
    return {"played": len(played), "queued": len(queue.items), "artists": artists,
            "queued_seconds": sum(t.seconds for t in queue.items)}
