"""Object storage stand-in: multipart uploads, with scripted transient failures per part."""

import hashlib


class Transient(Exception):
    """503 Slow Down and friends: the part may be sent again."""


class Rejected(Exception):
    """4xx: sending the part again will not help."""


class FakeStorage:
    def __init__(self, failures=None):
        self._failures = {key: list(errors) for key, errors in (failures or {}).items()}
        self.parts = {}
        self.objects = {}
        self.calls = []

    def put_part(self, key, number, data):
        self.calls.append((key, number))
        planned = self._failures.get((key, number))
        if planned:
            raise planned.pop(0)
        self.parts[(key, number)] = data
        return hashlib.md5(data).hexdigest()

    def complete(self, key, etags):
        numbers = sorted(etags)
        if numbers != list(range(1, len(numbers) + 1)):
            raise Rejected(f"parts of {key} are not contiguous: {numbers}")
        self.objects[key] = b"".join(self.parts.pop((key, n)) for n in numbers)
        return len(self.objects[key])
