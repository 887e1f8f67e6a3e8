"""Release manifests: a digest per file, computed in parallel, and verification against them."""

from dataclasses import dataclass

from checksums import digest
from parallel import ParallelMap


@dataclass(frozen=True)
class Entry:
    path: str
    size: int
    digest: str


def build_manifest(files, workers=2):
    """files: {path: text}. Entries come back sorted by path."""
    paths = sorted(files)
    digests = ParallelMap(digest, workers=workers, buffer=len(paths) or 1).run([files[p] for p in paths])
    return [Entry(path, len(files[path]), value) for path, value in zip(paths, digests)]


def verify(files, manifest):
    """Paths whose content no longer matches, plus those missing or unexpected."""
    expected = {entry.path: entry for entry in manifest}
    problems = []
    for path in sorted(set(expected) | set(files)):
        if path not in files:
            problems.append((path, "missing"))
        elif path not in expected:
            problems.append((path, "unexpected"))
        elif digest(files[path]) != expected[path].digest or len(files[path]) != expected[path].size:
            problems.append((path, "changed"))
    return problems


def render(manifest):
    return "\n".join(f"{e.digest}  {e.size:>6}  {e.path}" for e in manifest)
