import pytest

from artifacts import Artifact
from channels import Channels
from manifest import changes, manifest, render
from selection import newest, one_per_version

UPLOADS = [
    Artifact("checkout", "1.3.2+build.4", "sha256:aa"),
    Artifact("checkout", "1.4.0+build.9", "sha256:b9"),
    Artifact("checkout", "1.5.0-rc.2+build.12", "sha256:c2"),
    Artifact("checkout", "1.4.0+build.17", "sha256:b17"),
    Artifact("checkout", "1.5.0-rc.10+build.21", "sha256:c10"),
]


def test_versions_must_be_semantic():
    with pytest.raises(ValueError, match="'v1.2' is not a semantic version"):
        Artifact("checkout", "v1.2", "sha256:00")


def test_prereleases_order_numerically():
    beta = newest(UPLOADS, include_prereleases=True)
    assert beta.digest == "sha256:c10"
    assert newest([]) is None
    assert newest(UPLOADS[2:3]) is None
    assert UPLOADS[2].is_prerelease and not UPLOADS[0].is_prerelease


def test_one_per_version_keeps_distinct_versions():
    kept = one_per_version(UPLOADS[:3])
    assert [a.digest for a in kept] == ["sha256:aa", "sha256:b9", "sha256:c2"]


def test_beta_channel_and_rollback():
    channels = Channels({"checkout": UPLOADS[:3]})
    assert channels.promote("checkout", "beta").version == "1.5.0-rc.2+build.12"
    channels._registry["checkout"] = UPLOADS
    assert channels.promote("checkout", "beta").digest == "sha256:c10"
    assert channels.rollback("checkout", "beta").digest == "sha256:c2"
    with pytest.raises(ValueError, match="use beta or stable"):
        channels.promote("checkout", "canary")


def test_stable_gets_the_latest_build_of_the_newest_release():
    channels = Channels({"checkout": UPLOADS})
    chosen = channels.promote("checkout", "stable")
    assert (chosen.version, chosen.digest) == ("1.4.0+build.17", "sha256:b17")


def test_release_notes_list_each_version_once_with_its_latest_build():
    channels = Channels({"checkout": UPLOADS})
    assert channels.release_notes("checkout") == [
        "1.3.2+build.4", "1.4.0+build.17", "1.5.0-rc.2+build.12", "1.5.0-rc.10+build.21"]


def test_rollback_without_history():
    channels = Channels({"checkout": UPLOADS[:1]})
    with pytest.raises(LookupError, match="nothing to roll back"):
        channels.rollback("checkout", "stable")
    channels.promote("checkout", "stable")
    assert channels.rollback("checkout", "stable") is None and channels.running == {}


def test_late_reupload_of_an_old_build():
    late = [Artifact("search", "2.0.1+build.40", "sha256:e40"), Artifact("search", "2.0.1+build.38", "sha256:e38")]
    assert Channels({"search": late}).release_notes("search") == ["2.0.1+build.40"]


def test_a_version_without_build_metadata_counts_as_build_zero():
    plain_last = [Artifact("search", "2.0.1+build.1", "sha256:f1"), Artifact("search", "2.0.1", "sha256:f0")]
    assert Channels({"search": plain_last}).release_notes("search") == ["2.0.1+build.1"]
    # Build 0 twice: of two uploads of one build, the later one is kept.
    same_build = [Artifact("search", "2.0.1+build.0", "sha256:g0"), Artifact("search", "2.0.1", "sha256:g1")]
    assert Channels({"search": same_build}).release_notes("search") == ["2.0.1"]


def test_manifest_and_change_lines():
    channels = Channels({"checkout": UPLOADS[:1], "search": [Artifact("search", "2.0.0+build.3", "sha256:d3")]})
    channels.promote("checkout", "stable")
    before = manifest(channels, "stable")
    channels.promote("search", "stable")
    channels._registry["checkout"] = UPLOADS[:2]
    channels.promote("checkout", "stable")
    after = manifest(channels, "stable")
    assert changes(before, after) == ["~ checkout 1.3.2+build.4 -> 1.4.0+build.9", "+ search 2.0.0+build.3"]
    assert changes(after, before)[-1] == "- search 2.0.0+build.3"
    assert '"digest": "sha256:d3"' in render(after)


def test_rebuild_shows_as_a_digest_change():
    old = {"checkout": {"version": "1.4.0+build.9", "digest": "sha256:b9"}}
    new = {"checkout": {"version": "1.4.0+build.9", "digest": "sha256:bX"}}
    assert changes(old, new) == ["~ checkout 1.4.0+build.9 rebuilt (sha256:b9 -> sha256:bX)"]
    assert changes(old, old) == []
    assert changes({}, {}) == []
