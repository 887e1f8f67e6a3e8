"""Upload manifests: what the client promises to send, checked against what arrived."""

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Manifest:
    name: str
    size: int
    sha256: str
    chunk_size: int

    @property
    def chunk_count(self):
        return -(-self.size // self.chunk_size)


def manifest_for(name, payload, chunk_size):
    return Manifest(name, len(payload), hashlib.sha256(payload).hexdigest(), chunk_size)


class ManifestMismatch(ValueError):
    pass


def verify(manifest, published):
    if len(published) != manifest.size:
        raise ManifestMismatch(f"{manifest.name}: expected {manifest.size} bytes, got {len(published)}")
    digest = hashlib.sha256(published).hexdigest()
    if digest != manifest.sha256:
        raise ManifestMismatch(f"{manifest.name}: content hash differs from the manifest")
    return True
