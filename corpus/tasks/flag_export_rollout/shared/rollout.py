"""Deciding, per user, whether a feature is on."""

import hashlib


def bucket(flag, user_id):
    """A stable number 0-99 for this user and flag."""
    digest = hashlib.sha256(f"{flag}:{user_id}".encode()).hexdigest()
    return int(digest[:8], 16) % 100


def is_enabled(store, flag, user_id):
    kind, value = store.kinds[flag], store.get(flag)
    if kind == "allow":
        return user_id in value
    if kind == "percent":
        return bucket(flag, user_id) < value
    if kind == "switch" and type(value) is not bool:
        return bucket(flag, user_id) < value
    return value is True


def enabled_share(store, flag, user_ids):
    users = list(user_ids)
    return sum(is_enabled(store, flag, u) for u in users) / len(users)


def settings_for(store, user_id):
    """What the front end receives: every flag resolved for this user."""
    return {name: (store.get(name) if store.kinds[name] == "setting" else is_enabled(store, name, user_id))
            for name in sorted(store.values)}
