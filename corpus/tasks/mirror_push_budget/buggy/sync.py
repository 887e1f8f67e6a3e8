"""Push changed files to the mirror, retrying transient failures within each file's budget."""

import asyncio

from manifest import changed, checksum, removed
from mirror import PermanentError, TransientError


class SyncFailed(Exception):
    pass


class MirrorSync:
    def __init__(self, mirror, policy, manifest=None):
        self.mirror = mirror
        self.policy = policy
        self.manifest = dict(manifest or {})
        self.retries = []
        self.failed = {}

    async def _push(self, path, data):
        loop = asyncio.get_running_loop()
        started = loop.time()
        deadline = started + self.policy.budget_s
        attempt = 0
        now = started
        while now < deadline:
            attempt += 1
            try:
                return await self.mirror.put(path, data)
            except TransientError as exc:
                self.retries.append((path, attempt, str(exc)))
                await asyncio.sleep(self.policy.delay(attempt))
        raise SyncFailed(f"{path}: still failing after {attempt} attempts in {self.policy.budget_s:g}s")

    async def _sync_one(self, path, data):
        try:
            etag = await self._push(path, data)
        except (PermanentError, SyncFailed) as exc:
            self.failed[path] = str(exc)
            return None
        self.manifest[path] = checksum(data)
        return etag

    async def sync(self, files):
        """Push every changed file concurrently; returns {path: etag} for the ones the mirror took."""
        paths = changed(files, self.manifest)
        etags = await asyncio.gather(*(self._sync_one(path, files[path]) for path in paths))
        return {path: etag for path, etag in zip(paths, etags) if etag is not None}

    async def prune(self, files):
        """Delete from the mirror what no longer exists locally; returns the paths deleted."""
        deleted = []
        for path in removed(files, self.manifest):
            try:
                await self.mirror.delete(path)
            except PermanentError as exc:
                self.failed[path] = str(exc)
                continue
            del self.manifest[path]
            deleted.append(path)
        return deleted
