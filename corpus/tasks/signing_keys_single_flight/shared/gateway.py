"""The API gateway's authentication step: every request has its own deadline."""

import asyncio

from tokens import BadToken, verify


class Unauthorized(Exception):
    pass


class GatewayTimeout(Exception):
    pass


class Authenticator:
    def __init__(self, keyset):
        self.keyset = keyset
        self.refetched = 0

    async def claims(self, token):
        keys = await self.keyset.get()
        try:
            return verify(token, keys)
        except BadToken as exc:
            if "unknown key" not in str(exc) or self.refetched:
                raise
        # The identity provider may have rotated its keys since we fetched them: ask once more.
        self.refetched += 1
        self.keyset.forget()
        return verify(token, await self.keyset.get())


async def authenticate(authenticator, token, deadline_s):
    try:
        claims = await asyncio.wait_for(authenticator.claims(token), deadline_s)
    except asyncio.TimeoutError:
        raise GatewayTimeout(f"authentication took longer than {deadline_s:g}s") from None
    except BadToken as exc:
        raise Unauthorized(str(exc)) from None
    return claims["sub"]
