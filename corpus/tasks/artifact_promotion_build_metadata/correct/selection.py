"""Choosing artifacts: the newest release of a service, one artifact per version, and what a
channel may run."""

from semver import Version


def build_number(version):
    """17 for '1.4.0+build.17', 0 when there is no build metadata."""
    build = version.build or ""
    digits = build.rsplit(".", 1)[-1]
    return int(digits) if digits.isdigit() else 0


def release_key(artifact):
    # semver ignores build metadata when comparing and hashing, so the CI build number is added
    # explicitly: 1.4.0+build.17 is newer than 1.4.0+build.9.
    version = Version.parse(artifact.version)
    return version, build_number(version)


def version_key(artifact):
    return Version.parse(artifact.version).to_tuple()[:4]


def newest(artifacts, include_prereleases=False):
    candidates = [a for a in artifacts if include_prereleases or not a.is_prerelease]
    if not candidates:
        return None
    return max(candidates, key=release_key)


def one_per_version(artifacts):
    """Collapse re-uploads: for each version keep the artifact of its latest CI build."""
    latest = {}
    for artifact in sorted(artifacts, key=release_key):
        latest[version_key(artifact)] = artifact
    return [latest[key] for key in sorted(latest, key=lambda k: release_key(latest[k]))]
