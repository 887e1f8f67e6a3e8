"""Build artifacts as CI uploads them: a semantic version with the CI build number as build metadata
(1.4.0+build.17), and the image digest."""

from dataclasses import dataclass

from semver import Version


@dataclass(frozen=True)
class Artifact:
    service: str
    version: str
    digest: str

    def __post_init__(self):
        if not Version.is_valid(self.version):
            raise ValueError(f"{self.service}: {self.version!r} is not a semantic version")

    @property
    def semver(self):
        return Version.parse(self.version)

    @property
    def is_prerelease(self):
        return self.semver.prerelease is not None
