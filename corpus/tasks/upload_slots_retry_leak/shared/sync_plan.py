"""Sync planning: compare a local folder listing with the bucket and decide what to send."""

import hashlib
from dataclasses import dataclass, field


@dataclass
class Plan:
    upload: list = field(default_factory=list)
    delete: list = field(default_factory=list)
    unchanged: list = field(default_factory=list)

    def summary(self):
        return f"{len(self.upload)} to upload, {len(self.delete)} to delete, {len(self.unchanged)} unchanged"


def fingerprint(data):
    return hashlib.md5(data).hexdigest()


def plan_sync(local, remote, delete_extra=False, ignore=(".tmp", "~")):
    """local: {key: bytes}; remote: {key: fingerprint}. Keys ending in an ignored suffix are skipped."""
    plan = Plan()
    for key in sorted(local):
        if key.endswith(tuple(ignore)):
            continue
        if remote.get(key) == fingerprint(local[key]):
            plan.unchanged.append(key)
        else:
            plan.upload.append(key)
    if delete_extra:
        plan.delete = sorted(k for k in remote if k not in local and not k.endswith(tuple(ignore)))
    return plan


def run_sync(uploader, storage, local, remote, delete_extra=False):
    plan = plan_sync(local, remote, delete_extra)
    sizes = uploader.upload_many([(key, local[key]) for key in plan.upload])
    for key in plan.delete:
        storage.objects.pop(key, None)
    return plan, sizes
