"""The archive manifest: what was stored, and a verification pass over it."""

from codec import UnreadableLog, restore


def build_manifest(entries, failed):
    stored = sorted(entries, key=lambda e: e["name"])
    return {"files": [{"name": e["name"], "size": e["size"], "sha256": e["sha256"]} for e in stored],
            "bytes_in": sum(e["size"] for e in stored),
            "bytes_out": sum(len(e["blob"]) for e in stored),
            "failed": sorted(failed)}


def verify(entries):
    problems = []
    for entry in entries:
        try:
            restore(entry)
        except UnreadableLog as exc:
            problems.append(str(exc))
    return problems


def safe_to_delete(manifest, names):
    """Originals that may be removed: stored in the archive and not reported as failed."""
    stored = {f["name"] for f in manifest["files"]}
    return sorted(n for n in names if n in stored and n not in manifest["failed"])


def restore_all(entries, names=None):
    """{name: original bytes} for the stored files (all, or just ``names``)."""
    wanted = None if names is None else set(names)
    return {e["name"]: restore(e) for e in entries if wanted is None or e["name"] in wanted}
