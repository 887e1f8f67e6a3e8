"""What the mirror already holds: path -> sha256 of the content it last accepted."""

import hashlib


def checksum(data):
    return hashlib.sha256(data).hexdigest()


def changed(files, manifest):
    """Paths whose local content differs from what the mirror holds, in path order."""
    return [path for path, data in sorted(files.items()) if manifest.get(path) != checksum(data)]


def removed(files, manifest):
    return sorted(set(manifest) - set(files))
