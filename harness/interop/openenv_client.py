"""Clients of a ``harness serve-env`` server (openenv-core's ``EnvClient``) that send its token.

``StepwiseEnvClient`` is the typed client of the OpenEnv package (``openenv.yaml``): actions are
``StepwiseAction``, observations ``StepwiseObservation``, the state ``StepwiseState``.
``StepwiseGenericClient`` speaks the same protocol with plain dicts (as openenv's
``GenericEnvClient``), for callers that must not depend on this package's models (the trl adapter).
The token is ``token=`` or ``$STEPWISE_ENV_TOKEN``; it goes in the ``Authorization`` header of the
WebSocket handshake, never in the URL (which error messages show).

    with StepwiseEnvClient(base_url="http://127.0.0.1:8000").sync() as env:
        first = env.reset(task="running_average", arm="dbg")
        result = env.step(StepwiseAction(name="done", arguments={}))
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlparse

from openenv.core.client_types import StepResult
from openenv.core.env_client import EnvClient
from openenv.core.generic_client import GenericEnvClient
from websockets.asyncio.client import connect as ws_connect

from harness.interop.openenv_guard import TOKEN_ENV
from harness.interop.openenv_models import StepwiseAction, StepwiseObservation, StepwiseState

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


class _TokenConnection:
    """Opens the WebSocket with ``Authorization: Bearer TOKEN``; loopback servers never via a proxy."""

    _token: str | None = None

    def _set_token(self, token: str | None) -> None:
        self._token = token if token is not None else os.environ.get(TOKEN_ENV)

    async def connect(self):
        if self._ws is not None:  # pyright: ignore[reportAttributeAccessIssue]
            return self
        url = self._ws_url  # pyright: ignore[reportAttributeAccessIssue]
        headers = {"Authorization": f"Bearer {self._token}"} if self._token else {}
        try:
            self._ws = await ws_connect(
                url, open_timeout=self._connect_timeout,  # pyright: ignore[reportAttributeAccessIssue]
                max_size=self._max_message_size,  # pyright: ignore[reportAttributeAccessIssue]
                additional_headers=headers, proxy=None if urlparse(url).hostname in LOOPBACK_HOSTS else True)
        except Exception as exc:
            hint = "" if self._token else f" (no token was given: pass token= or set ${TOKEN_ENV})"
            raise ConnectionError(f"Failed to connect to {url}: {exc}{hint}") from exc
        return self


class StepwiseEnvClient(_TokenConnection, EnvClient[StepwiseAction, StepwiseObservation, StepwiseState]):
    """The typed client of a Stepwise environment."""

    def __init__(self, base_url: str, *, token: str | None = None, **kwargs: Any):
        super().__init__(base_url, **kwargs)
        self._set_token(token)

    def _step_payload(self, action: StepwiseAction) -> dict[str, Any]:
        if isinstance(action, dict):
            action = StepwiseAction.model_validate(action)
        return action.model_dump(exclude={"metadata"})

    def _parse_result(self, payload: dict[str, Any]) -> StepResult[StepwiseObservation]:
        observation = StepwiseObservation.model_validate(
            {**(payload.get("observation") or {}), "done": payload.get("done", False),
             "reward": payload.get("reward")})
        return StepResult(observation=observation, reward=payload.get("reward"), done=bool(payload.get("done")))

    def _parse_state(self, payload: dict[str, Any]) -> StepwiseState:
        return StepwiseState.model_validate(payload)


class StepwiseGenericClient(_TokenConnection, GenericEnvClient):
    """openenv's dict client with the token."""

    def __init__(self, base_url: str, *, token: str | None = None, **kwargs: Any):
        super().__init__(base_url, **kwargs)
        self._set_token(token)
