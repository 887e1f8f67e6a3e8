import pytest
from lockfile import Drift, check_lock, parse_manifest

MANIFEST = """
# runtime
http-client: ^2.1.0
colour-names: 1.4.x   # pinned minor
"""


def test_manifest_parsing_and_errors():
    assert parse_manifest(MANIFEST) == {"http-client": "^2.1.0", "colour-names": "1.4.x"}
    with pytest.raises(ValueError, match="manifest line 2"):
        parse_manifest("ok: 1.x\nbroken line\n")


def test_lock_drift_suggests_the_newest_allowed():
    registry = {"http-client": ["2.0.9", "2.1.0", "2.7.3", "3.0.0"], "colour-names": ["1.4.0", "1.4.2"]}
    locked = {"http-client": "2.0.9", "colour-names": "1.4.0"}
    assert check_lock(parse_manifest(MANIFEST), locked, registry) == [
        Drift("http-client", "2.0.9", "^2.1.0", "2.7.3")]
