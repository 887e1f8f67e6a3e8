"""``openai:MODEL`` — any OpenAI-compatible chat-completions endpoint (``vllm serve``, hosted APIs).

The base URL comes from ``STEPWISE_OPENAI_BASE_URL`` or ``OPENAI_BASE_URL`` (default
``https://api.openai.com/v1``), the key from ``STEPWISE_OPENAI_API_KEY`` or ``OPENAI_API_KEY``; a model
config file (``harness.policies.model_config``) names its own. Tools are offered natively
(``tool_call_format="native"``), or explained in the system prompt and read from the reply's
``<tool_call>`` text (``"text"``, for servers without tool calling); a native reply that writes the
text format anyway is parsed too. Failures are sorted by ``harness.policies.endpoint``: transient ones
retried (honouring Retry-After), the rest raised as EndpointError (the episode's ``infra_error``) or
ContextExhausted (``context_exhausted``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from harness.policies.base import EndpointCheck, EndpointError, Policy, PolicyError, PolicyInfo, PolicyTurn
from harness.policies.endpoint import DEFAULT_BASE_URL, ChatEndpoint, RetryPolicy, resolve_settings
from harness.policies.parsing import turn_from_reply
from harness.policies.preflight import check_chat_endpoint
from harness.records.groups import toolset

__all__ = ["DEFAULT_BASE_URL", "OpenAIPolicy", "TOOL_CALL_FORMATS"]

TOOL_CALL_FORMATS = ("native", "text")
# Keys an OpenAI endpoint accepts in a message; anything else a trajectory carries is stripped.
MESSAGE_KEYS = ("role", "content", "tool_calls", "tool_call_id", "name")
USAGE_KEYS = ("prompt_tokens", "completion_tokens", "total_tokens")
OUTPUT_LIMIT_HINT = ("your reply was cut off at the output token limit before it was complete, so nothing "
                     "was run (this turn is used up); think less at length and call one tool")
PREFLIGHT_MESSAGES = [{"role": "user", "content": "Reply with the single word OK."}]


class OpenAIPolicy(Policy):
    shareable = True  # stateless between calls; the endpoint's client is thread-safe

    def __init__(self, model: str, *, base_url: str | None = None, api_key: str | None = None,
                 temperature: float | None = 0.0, top_p: float | None = None, max_tokens: int = 2048,
                 seed: int | None = None, tool_call_format: str = "native", max_retries: int = 6,
                 backoff_s: float = 1.0, max_retry_after_s: float = 120.0, timeout_s: float = 300.0,
                 max_concurrent_requests: int | None = None, base_url_env: str | None = None,
                 api_key_env: str | None = None, extra_body: dict | None = None, prices: dict | None = None,
                 origin: str | None = None, client: httpx.Client | None = None,
                 sleep: Callable[[float], None] = time.sleep, error_bodies: bool = True):
        if not model:
            raise PolicyError("openai: give a model name, e.g. openai:gpt-4o or openai:Qwen/Qwen3-Coder")
        if tool_call_format not in TOOL_CALL_FORMATS:
            raise PolicyError(f"openai: tool_call_format must be one of {', '.join(TOOL_CALL_FORMATS)}, "
                              f"got {tool_call_format!r}")
        self.model = model
        self.settings = resolve_settings(model, base_url=base_url, api_key=api_key, base_url_env=base_url_env,
                                         api_key_env=api_key_env, origin=origin)
        self.temperature, self.top_p, self.max_tokens, self.seed = temperature, top_p, max_tokens, seed
        self.tool_call_format = tool_call_format
        self.text_tool_calls = tool_call_format == "text"
        self.extra_body = dict(extra_body or {})
        self.prices = dict(prices) if prices else None
        self.max_concurrent_requests = max_concurrent_requests
        self.origin = origin
        self.endpoint = ChatEndpoint(
            self.settings, timeout_s=timeout_s, client=client, sleep=sleep, max_concurrent=max_concurrent_requests,
            retry=RetryPolicy(max_retries=max_retries, backoff_s=backoff_s, max_wait_s=max_retry_after_s),
            error_bodies=error_bodies)

    @property
    def base_url(self) -> str | None:
        return self.settings.base_url.value

    def info(self) -> PolicyInfo:
        """What the trajectory records: every setting that shapes a request, never the key (only the
        name of the variable it came from)."""
        params: dict = {"base_url": self.base_url, "temperature": self.temperature, "max_tokens": self.max_tokens,
                        "tool_call_format": self.tool_call_format}
        optional = {"top_p": self.top_p, "seed": self.seed, "max_concurrent_requests": self.max_concurrent_requests,
                    "extra_body": self.extra_body or None, "prices": self.prices, "model_config": self.origin}
        params.update({k: v for k, v in optional.items() if v is not None})
        source = self.settings.api_key.source
        if self.settings.api_key.value and source.isidentifier():  # a variable's name, never the value
            params["api_key_env"] = source
        return PolicyInfo("openai", self.model, params)

    def request_body(self, messages: list[dict], tools: list[dict]) -> dict:
        body: dict = {"model": self.model,
                      "messages": [{k: m[k] for k in MESSAGE_KEYS if k in m} for m in messages],
                      "max_tokens": self.max_tokens}
        for key in ("temperature", "top_p", "seed"):
            if getattr(self, key) is not None:
                body[key] = getattr(self, key)
        if tools and not self.text_tool_calls:
            body["tools"], body["tool_choice"] = tools, "auto"
        for key, value in self.extra_body.items():  # a null removes a key (e.g. max_tokens for APIs
            if value is None:                         # that want max_completion_tokens instead)
                body.pop(key, None)
            else:
                body[key] = value
        return body

    def preflight(self) -> EndpointCheck:
        # Exactly the request an episode sends, with the largest tool list (the dbg arm's).
        return check_chat_endpoint(self.endpoint, self.request_body(PREFLIGHT_MESSAGES, toolset("dbg")))

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        try:
            data = self.endpoint.chat(self.request_body(messages, tools))
        except EndpointError as exc:
            if exc.kind != "output_limit":
                raise
            # The model ran out of tokens before it finished (its own doing): an unusable reply.
            return PolicyTurn(message={"role": "assistant", "content": ""},
                              error=f"Error: {OUTPUT_LIMIT_HINT} ({exc})")
        try:
            message = data["choices"][0]["message"]
        except (KeyError, IndexError, TypeError):
            message = None
        if not isinstance(message, dict):
            raise EndpointError(f"{self.base_url}/chat/completions answered without a choices[0].message object"
                                f"{self.endpoint.body_excerpt(str(data), 300)}", kind="rejected")
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else None
        if usage:
            usage = {k: usage[k] for k in USAGE_KEYS if isinstance(usage.get(k), int)} or None
        content = message.get("content")
        if isinstance(content, list):  # some endpoints send content as typed parts
            content = "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
        elif content is not None and not isinstance(content, str):
            content = str(content)
        calls = message.get("tool_calls")
        return turn_from_reply(content, calls if isinstance(calls, list) else None, usage)

    def close(self) -> None:
        self.endpoint.close()
