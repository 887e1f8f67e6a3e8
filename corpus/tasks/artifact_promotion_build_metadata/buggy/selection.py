"""Choosing artifacts: the newest release of a service, one artifact per version, and what a
channel may run."""

from semver import Version


def release_key(artifact):
    return Version.parse(artifact.version)


def newest(artifacts, include_prereleases=False):
    candidates = [a for a in artifacts if include_prereleases or not a.is_prerelease]
    if not candidates:
        return None
    return max(candidates, key=release_key)


def one_per_version(artifacts):
    """Collapse re-uploads: for each version keep the artifact of its latest CI build."""
    latest = {}
    for artifact in sorted(artifacts, key=release_key):
        latest[release_key(artifact)] = artifact
    return [latest[key] for key in sorted(latest)]
