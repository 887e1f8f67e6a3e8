import threading

import pytest

from geocoder import Geocoder, normalize
from provider import ProviderError, ScriptedProvider

GAZETTEER = {"1 quay street dublin": (53.3447, -6.2674), "9 rue du bac paris": (48.8566, 2.3233)}


def two_callers(geocoder, address):
    outcomes = {}

    def call(who):
        try:
            outcomes[who] = geocoder.locate(address)
        except ProviderError as exc:
            outcomes[who] = exc

    threads = [threading.Thread(target=call, args=(who,)) for who in ("first", "second")]
    threads[0].start()
    return threads, outcomes


def joined_lookup(script):
    follower_waiting = threading.Event()
    provider = ScriptedProvider(GAZETTEER, script, before_answer=lambda q: follower_waiting.wait())
    geocoder = Geocoder(provider, on_wait=lambda key: follower_waiting.set())
    threads, outcomes = two_callers(geocoder, "1 Quay Street, Dublin")
    threads[1].start()
    for thread in threads:
        thread.join()
    return provider, geocoder, outcomes


def test_normalize_collapses_commas_and_case():
    assert normalize("  9, Rue du Bac,  PARIS ") == "9 rue du bac paris"
    with pytest.raises(ValueError):
        normalize(" , ")


def test_answers_are_cached():
    provider = ScriptedProvider(GAZETTEER)
    geocoder = Geocoder(provider)
    assert geocoder.locate("9 Rue du Bac, Paris") == (48.8566, 2.3233)
    assert geocoder.locate("9 rue du bac   paris") == (48.8566, 2.3233)
    assert provider.requests == ["9 rue du bac paris"]
    assert geocoder.forget("9 RUE DU BAC, PARIS") and not geocoder.forget("9 rue du bac paris")
    geocoder.locate("9 rue du bac paris")
    assert len(provider.requests) == 2


def test_unknown_addresses_are_listed_as_missing():
    geocoder = Geocoder(ScriptedProvider(GAZETTEER))
    found, missing = geocoder.locate_many(["1 Quay Street Dublin", "Nowhere 5"])
    assert list(found) == ["1 Quay Street Dublin"] and missing == ["Nowhere 5"]


def test_concurrent_callers_share_one_lookup():
    provider, geocoder, outcomes = joined_lookup([])
    assert outcomes == {"first": (53.3447, -6.2674), "second": (53.3447, -6.2674)}
    assert provider.requests == ["1 quay street dublin"]


def test_a_failed_shared_lookup_fails_every_caller_and_can_be_retried():
    provider, geocoder, outcomes = joined_lookup([ProviderError(429, "rate limited")])
    assert [str(outcomes[who]) for who in ("first", "second")] == ["429: rate limited"] * 2
    assert geocoder.failures == 2
    assert geocoder.locate("1 quay street, dublin") == (53.3447, -6.2674)
    assert len(provider.requests) == 2


def test_non_404_errors_stop_a_batch():
    provider = ScriptedProvider(GAZETTEER, [None, ProviderError(503, "maintenance")])
    geocoder = Geocoder(provider)
    with pytest.raises(ProviderError, match="503"):
        geocoder.locate_many(["9 rue du bac paris", "1 quay street dublin", "Nowhere 5"])
    assert provider.requests == ["9 rue du bac paris", "1 quay street dublin"]
    assert geocoder.failures == 1
    assert geocoder.locate("1 Quay Street Dublin") == (53.3447, -6.2674)
