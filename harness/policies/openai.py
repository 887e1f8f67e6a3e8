"""``openai:MODEL`` — any OpenAI-compatible chat-completions endpoint (``vllm serve``, hosted APIs).

The base URL comes from ``STEPWISE_OPENAI_BASE_URL`` or ``OPENAI_BASE_URL`` (default
``https://api.openai.com/v1``), the key from ``STEPWISE_OPENAI_API_KEY`` or ``OPENAI_API_KEY``.
Tools are offered natively; a reply that writes ``<tool_call>{…}</tool_call>`` in its text instead is
parsed the same way. Rate limits (429) and server errors (5xx), timeouts and dropped connections are
retried with exponential backoff; any other HTTP error ends the episode with a clear reason.
"""

from __future__ import annotations

import os
import random
import time

import httpx

from harness.policies.base import Policy, PolicyError, PolicyInfo, PolicyTurn
from harness.policies.parsing import turn_from_reply

DEFAULT_BASE_URL = "https://api.openai.com/v1"
RETRY_STATUS = {408, 409, 429, 500, 502, 503, 504}
# Keys an OpenAI endpoint accepts in a message; anything else a trajectory carries is stripped.
MESSAGE_KEYS = ("role", "content", "tool_calls", "tool_call_id", "name")


def _env(*names: str, default: str | None = None) -> str | None:
    for name in names:
        if os.environ.get(name):
            return os.environ[name]
    return default


class OpenAIPolicy(Policy):
    shareable = True  # stateless between calls; httpx.Client is thread-safe
    def __init__(self, model: str, *, base_url: str | None = None, api_key: str | None = None,
                 temperature: float = 0.0, max_tokens: int = 2048, max_retries: int = 6,
                 backoff_s: float = 1.0, timeout_s: float = 300.0, client: httpx.Client | None = None):
        if not model:
            raise PolicyError("openai: give a model name, e.g. openai:gpt-4o or openai:Qwen/Qwen3-Coder")
        self.model = model
        self.base_url = (base_url or _env("STEPWISE_OPENAI_BASE_URL", "OPENAI_BASE_URL",
                                          default=DEFAULT_BASE_URL)).rstrip("/")
        self.api_key = api_key if api_key is not None else _env("STEPWISE_OPENAI_API_KEY", "OPENAI_API_KEY")
        self.temperature, self.max_tokens = temperature, max_tokens
        self.max_retries, self.backoff_s = max_retries, backoff_s
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        self._client = client or httpx.Client(timeout=timeout_s, headers=headers)

    def info(self) -> PolicyInfo:
        return PolicyInfo("openai", self.model, {"base_url": self.base_url, "temperature": self.temperature,
                                                 "max_tokens": self.max_tokens})

    def _post(self, body: dict) -> dict:
        url = f"{self.base_url}/chat/completions"
        last = ""
        for attempt in range(self.max_retries + 1):
            try:
                response = self._client.post(url, json=body)
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                last = f"{type(exc).__name__}: {exc}"
            else:
                if response.status_code == 200:
                    try:
                        return response.json()
                    except ValueError:
                        raise PolicyError(f"openai: {url} answered 200 with a body that is not JSON") from None
                last = f"HTTP {response.status_code}: {response.text[:300]}"
                if response.status_code not in RETRY_STATUS:
                    raise PolicyError(f"openai: {url} refused the request ({last}); check the model name, "
                                      "the base URL and the API key")
                retry_after = response.headers.get("retry-after")
                if retry_after and retry_after.replace(".", "", 1).isdigit() and attempt < self.max_retries:
                    time.sleep(min(float(retry_after), 60.0))
                    continue
            if attempt < self.max_retries:
                time.sleep(self.backoff_s * (2 ** attempt) * (1 + random.random() * 0.25))
        raise PolicyError(f"openai: {url} still failing after {self.max_retries} retries ({last})")

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        body = {
            "model": self.model,
            "messages": [{k: m[k] for k in MESSAGE_KEYS if k in m} for m in messages],
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        if tools:
            body["tools"], body["tool_choice"] = tools, "auto"
        data = self._post(body)
        try:
            message = data["choices"][0]["message"]
        except (KeyError, IndexError, TypeError):
            raise PolicyError(f"openai: the reply has no choices[0].message: {str(data)[:300]}") from None
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else None
        if usage:
            usage = {k: usage[k] for k in ("prompt_tokens", "completion_tokens", "total_tokens") if k in usage}
        content = message.get("content")
        if isinstance(content, list):  # some endpoints send content as typed parts
            content = "".join(part.get("text", "") for part in content if isinstance(part, dict))
        return turn_from_reply(content, message.get("tool_calls"), usage)

    def close(self) -> None:
        self._client.close()
