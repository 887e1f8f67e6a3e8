"""The remote mirror, reduced to what the sync needs. Tests script its answers per path."""

import asyncio


class TransientError(Exception):
    """The mirror was busy or the connection dropped: trying again may work."""


class PermanentError(Exception):
    """The mirror refused the file (permissions, quota): trying again will not help."""


class ScriptedMirror:
    def __init__(self, script=None):
        self.script = {path: list(outcomes) for path, outcomes in (script or {}).items()}
        self.stored = {}
        self.calls = []

    async def put(self, path, data):
        await asyncio.sleep(0)
        self.calls.append(path)
        outcomes = self.script.get(path)
        outcome = (outcomes.pop(0) if len(outcomes) > 1 else outcomes[0]) if outcomes else "ok"
        if outcome == "busy":
            raise TransientError(f"503 busy while storing {path}")
        if outcome == "denied":
            raise PermanentError(f"403 no write access to {path}")
        self.stored[path] = data
        return f"etag-{len(self.stored)}"

    async def delete(self, path):
        await asyncio.sleep(0)
        self.calls.append(f"delete {path}")
        if self.script.get(path) == ["denied"]:
            raise PermanentError(f"403 no delete access to {path}")
        self.stored.pop(path, None)
