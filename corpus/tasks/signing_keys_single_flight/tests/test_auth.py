import asyncio

import pytest
from gateway import Authenticator, GatewayTimeout, Unauthorized, authenticate
from idp import IdentityProvider
from keyset import KeySet
from tokens import BadToken, issue, verify

KEYS = {"k1": "s3cret-one"}


def token_for(user, key_id="k1", secret="s3cret-one"):
    return issue({"sub": user, "scope": "read"}, key_id, secret)


async def settle():
    for _ in range(5):
        await asyncio.sleep(0)


def test_tokens_are_checked_against_their_key():
    assert verify(token_for("ann"), KEYS) == {"scope": "read", "sub": "ann"}
    body, key_id, signature = token_for("ann").split(".")
    with pytest.raises(BadToken, match="signature does not match"):
        verify(f"{body}.{key_id}.{signature[::-1]}", KEYS)
    with pytest.raises(BadToken, match="three dot-separated parts"):
        verify("abc.def", KEYS)


def test_requests_arriving_together_share_one_fetch():
    async def main():
        gate = asyncio.Event()
        idp = IdentityProvider(KEYS, gate)
        auth = Authenticator(KeySet(idp))
        calls = [asyncio.ensure_future(authenticate(auth, token_for(u), 1.0)) for u in ("ann", "bob", "cy")]
        await settle()
        gate.set()
        return await asyncio.gather(*calls), idp.requests
    assert asyncio.run(main()) == (["ann", "bob", "cy"], 1)


def test_keys_are_kept_until_they_are_too_old():
    async def main():
        now = [1000.0]
        idp = IdentityProvider(KEYS)
        keyset = KeySet(idp, max_age_s=300, clock=lambda: now[0])
        await keyset.get()
        now[0] += 299
        await keyset.get()
        before = idp.requests
        now[0] += 2
        await keyset.get()
        return before, idp.requests
    assert asyncio.run(main()) == (1, 2)


def test_a_rotated_key_is_fetched_once_more():
    async def main():
        idp = IdentityProvider(KEYS)
        auth = Authenticator(KeySet(idp))
        first = await authenticate(auth, token_for("ann"), 1.0)
        idp.keys["k2"] = "s3cret-two"
        second = await authenticate(auth, token_for("bob", "k2", "s3cret-two"), 1.0)
        return first, second, idp.requests, auth.refetched
    assert asyncio.run(main()) == ("ann", "bob", 2, 1)


def test_a_token_from_an_unknown_key_is_refused():
    async def main():
        idp = IdentityProvider(KEYS)
        auth = Authenticator(KeySet(idp))
        with pytest.raises(Unauthorized, match="unknown key 'k9'"):
            await authenticate(auth, token_for("eve", "k9", "guess"), 1.0)
        return idp.requests
    assert asyncio.run(main()) == 2


def test_one_request_timing_out_does_not_fail_the_others():
    async def main():
        gate = asyncio.Event()
        idp = IdentityProvider(KEYS, gate)
        auth = Authenticator(KeySet(idp))
        hurried = asyncio.ensure_future(authenticate(auth, token_for("ann"), 0.01))
        patient = asyncio.ensure_future(authenticate(auth, token_for("bob"), 1.0))
        with pytest.raises(GatewayTimeout, match="longer than 0.01s"):
            await hurried
        gate.set()
        user = await patient
        later = await authenticate(auth, token_for("cy"), 1.0)
        return user, later, idp.requests, idp.aborted
    assert asyncio.run(main()) == ("bob", "cy", 1, 0)
