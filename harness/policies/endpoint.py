"""One OpenAI-compatible HTTP endpoint: where it is, which key it takes, and how its failures are read.

Failures are sorted once, here (``EndpointError.kind`` in ``harness.policies.base``):
- transient — 408, 409, 425, 429, 5xx, timeouts, refused or dropped connections: retried with
  exponential backoff, waiting what ``Retry-After`` (or ``retry-after-ms``) asks when it says;
  still failing after the retries -> ``unavailable`` (or ``unreachable`` when nothing ever answered);
- 401/403 -> ``auth``; an unknown model -> ``unknown_model``; tool definitions refused ->
  ``tools_rejected``; the conversation past the context window -> ``ContextExhausted``; any other
  client error -> ``rejected``; a reply the model could not finish within its token limit ->
  ``output_limit`` (the policy turns it into an unusable reply: the model's own doing, and it costs
  the turn). None of these is retried: waiting would not change the answer.

Every message names what to set (the variable or the config field the value came from), because
the person reading it is the one who has to fix it. With ``error_bodies=False`` (endpoints used from
the web app, whose trajectories every user reads) a failure is told by its status line alone
("HTTP 401 Unauthorized"), never by what the server wrote in its body.
"""

from __future__ import annotations

import os
import random
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

import httpx

from harness.policies.base import ContextExhausted, EndpointError

DEFAULT_BASE_URL = "https://api.openai.com/v1"
# The harness's endpoint variables; docker-compose.yml sets the first for the `gpu` profile's vLLM.
BASE_URL_VARIABLES = ("STEPWISE_OPENAI_BASE_URL", "OPENAI_BASE_URL")
API_KEY_VARIABLES = ("STEPWISE_OPENAI_API_KEY", "OPENAI_API_KEY")
TRANSIENT_STATUS = frozenset({408, 409, 425, 429})
CONNECT_TIMEOUT_S = 10.0  # a server that takes longer to accept a connection is down or unreachable
# The preflight's own limits: it must answer quickly whether anything is there at all.
PREFLIGHT_TIMEOUT = httpx.Timeout(60.0, connect=5.0)
SERVE_HINT = "e.g. http://localhost:8001/v1 for the vLLM of `docker compose --profile gpu up`"

_CONTEXT = re.compile(r"context[_ ]length|context window|maximum context|prompt is too long|too many (input )?tokens|"
                      r"reduce the length|input is too long", re.IGNORECASE)
_TOOLS = re.compile(r"enable-auto-tool-choice|tool-call-parser|tool.?choice|tools? (is|are) not supported|"
                    r"does not support (tools|function)|function calling is not", re.IGNORECASE)
# A reply the model could not finish within its token limit (reasoning models answer 400 for it).
_OUTPUT_LIMIT = re.compile(r"(max_tokens|max_completion_tokens|output limit).*(reached|too (small|low))|"
                           r"higher max_(completion_)?tokens", re.IGNORECASE)
_MODEL = re.compile(r"model.*(not found|does not exist|not exist|unknown|no such|not served|invalid)|"
                    r"(unknown|invalid) model|model_not_found", re.IGNORECASE)


@dataclass(frozen=True)
class Setting:
    """One value of the endpoint's configuration, with where it came from and what changes it."""

    value: str | None
    source: str  # "STEPWISE_OPENAI_BASE_URL", "the default", "base_url in models/x.yaml", ...
    to_set: str  # what a person sets to change it


@dataclass(frozen=True)
class EndpointSettings:
    base_url: Setting
    api_key: Setting
    model: Setting


def _first_set(names) -> str | None:
    return next((name for name in names if os.environ.get(name)), None)


def resolve_settings(model: str, *, base_url: str | None = None, api_key: str | None = None,
                     base_url_env: str | None = None, api_key_env: str | None = None,
                     origin: str | None = None) -> EndpointSettings:
    """Where the endpoint is and which key it takes. ``origin`` is the model config file the values come
    from (None: a policy spec, whose defaults are the harness's environment variables)."""
    where = origin or "--policy"
    if base_url:
        url = Setting(base_url.rstrip("/"), f"base_url in {where}", f"base_url in {where}")
    elif base_url_env:
        value = os.environ.get(base_url_env)
        url = Setting(value.rstrip("/") if value else None, base_url_env,
                      f"{base_url_env} (named by base_url_env in {where})")
    else:
        name = _first_set(BASE_URL_VARIABLES)
        url = Setting(os.environ[name].rstrip("/") if name else DEFAULT_BASE_URL, name or "the default",
                      " (or ".join(BASE_URL_VARIABLES) + ")")
    if api_key is not None:
        key = Setting(api_key, "the api_key argument", "the api_key argument")
    elif api_key_env:
        key = Setting(os.environ.get(api_key_env) or None, api_key_env,
                      f"{api_key_env} (named by api_key_env in {where})")
    else:
        name = _first_set(API_KEY_VARIABLES)
        key = Setting(os.environ[name] if name else None, name or "nothing",
                      " (or ".join(API_KEY_VARIABLES) + ")")
    model_to_set = f"model in {origin}" if origin else "the model name in --policy openai:MODEL"
    return EndpointSettings(url, key, Setting(model, where, model_to_set))


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 6
    backoff_s: float = 1.0  # the first wait; doubled each retry, with up to 25% jitter
    max_wait_s: float = 120.0  # no single wait (backoff or Retry-After) is longer


def retry_after_seconds(headers) -> float | None:
    """The wait a response asks for: ``retry-after-ms``, or ``Retry-After`` in seconds or as a date."""
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = (headers.get("retry-after") or "").strip()
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def status_line(response: httpx.Response) -> str:
    """``HTTP 401 Unauthorized``: what a failure is told by when its body must not be shown."""
    return f"HTTP {response.status_code} {response.reason_phrase}".rstrip()


def error_text(response: httpx.Response) -> str:
    """The server's own words about the failure, short."""
    try:
        data = response.json()
    except (ValueError, RecursionError):
        return response.text[:300].strip()
    if isinstance(data, dict):
        error = data.get("error", data)
        if isinstance(error, dict):
            return str(error.get("message") or error.get("code") or error)[:300]
        if isinstance(data.get("message"), str):
            return data["message"][:300]
        return str(error)[:300]
    return str(data)[:300]


class ChatEndpoint:
    """Chat completions and the model list of one endpoint, with the failure sorting above.
    Thread-safe: one instance serves every worker thread; ``max_concurrent`` bounds the requests in
    flight at once (waits between retries hold no slot)."""

    def __init__(self, settings: EndpointSettings, *, timeout_s: float = 300.0, retry: RetryPolicy | None = None,
                 max_concurrent: int | None = None, client: httpx.Client | None = None,
                 sleep: Callable[[float], None] = time.sleep, error_bodies: bool = True):
        self.settings = settings
        self.error_bodies = error_bodies
        self.retry = retry or RetryPolicy()
        self.sleep = sleep
        headers = {"Authorization": f"Bearer {settings.api_key.value}"} if settings.api_key.value else {}
        self._client = client or httpx.Client(
            timeout=httpx.Timeout(timeout_s, connect=min(CONNECT_TIMEOUT_S, timeout_s)), headers=headers)
        self._slots = threading.BoundedSemaphore(max_concurrent) if max_concurrent else None

    @property
    def base_url(self) -> str | None:
        return self.settings.base_url.value

    def said(self, response: httpx.Response) -> str:
        """How a failed answer is told: ``HTTP 400: <the server's words>``, or its status line alone."""
        if not self.error_bodies:
            return status_line(response)
        return f"HTTP {response.status_code}: {error_text(response)}"

    def body_excerpt(self, text: str, limit: int = 200) -> str:
        """A 200 answer's body quoted in a message (nothing when bodies are not shown)."""
        return f": {text[:limit]!r}" if self.error_bodies else ""

    # ---- messages that say what to set -----------------------------------------------------------

    def unreachable(self, detail: str) -> EndpointError:
        url = self.settings.base_url
        return EndpointError(f"cannot reach the model endpoint {url.value} ({detail}). Start the server (or wait "
                             f"until it has loaded the model), or set {url.to_set} to the base URL of an "
                             f"OpenAI-compatible server ({SERVE_HINT}); the URL now comes from {url.source}.",
                             kind="unreachable")

    def _missing_url(self) -> EndpointError:
        url = self.settings.base_url
        return EndpointError(f"no model endpoint is configured: set {url.to_set} to the base URL of an "
                             f"OpenAI-compatible server ({SERVE_HINT}).", kind="unreachable")

    def auth_failed(self, said: str) -> EndpointError:
        key = self.settings.api_key
        sent = "a key from " + key.source if key.value else "no key (none is set)"
        return EndpointError(f"{self.base_url} refused the request ({said}); it was sent {sent}. "
                             f"Set {key.to_set} to a valid API key for this endpoint.", kind="auth")

    def unknown_model(self, served: list[str] | None, text: str = "") -> EndpointError:
        model = self.settings.model
        listed = f"; it serves: {', '.join(served[:12])}" if served else ""
        said = f" ({text})" if text else ""
        return EndpointError(f"{self.base_url} does not serve the model {model.value!r}{said}{listed}. "
                             f"Set {model.to_set} to a model this endpoint serves.", kind="unknown_model")

    def tools_rejected(self, said: str) -> EndpointError:
        return EndpointError(f"{self.base_url} rejected the tool definitions for {self.settings.model.value!r} "
                             f"({said}). Serve the model with tool calling (vllm serve "
                             "--enable-auto-tool-choice --tool-call-parser hermes), or use the text format: "
                             "tool_call_format: text in the model config (or ?tool_call_format=text in the "
                             "policy spec).", kind="tools_rejected")

    # ---- requests -----------------------------------------------------------------------------

    def classify(self, response: httpx.Response, *, sent_tools: bool) -> Exception:
        """The error a non-200 answer means (transient ones are handled before this). The body is read
        to sort the failure; the message quotes it only when ``error_bodies``."""
        status, text, said = response.status_code, error_text(response), self.said(response)
        if status in (401, 403):
            return self.auth_failed(said)
        if _CONTEXT.search(text) or status == 413:
            return ContextExhausted(f"the conversation no longer fits the context window of "
                                    f"{self.settings.model.value!r} ({said})")
        if status == 400 and _OUTPUT_LIMIT.search(text):
            return EndpointError(f"the model could not finish its reply within max_tokens ({said})",
                                 kind="output_limit")
        if status == 404 and not _MODEL.search(text):
            answered = f"404 ({text or 'not found'})" if self.error_bodies else said
            return EndpointError(f"{response.request.url} answered {answered}: the base URL is "
                                 f"wrong; set {self.settings.base_url.to_set} to the URL that ends in /v1.",
                                 kind="unreachable")
        if status in (400, 404, 422) and _MODEL.search(text):
            return self.unknown_model(None, text if self.error_bodies else said)
        if sent_tools and status in (400, 422) and _TOOLS.search(text):
            return self.tools_rejected(said)
        return EndpointError(f"{response.request.url} refused the request ({said}); check the "
                             f"model name ({self.settings.model.to_set}) and the request settings.", kind="rejected")

    def _send(self, method: str, path: str, body: dict | None, timeout) -> httpx.Response:
        if not self.base_url:
            raise self._missing_url()
        url = f"{self.base_url}/{path}"
        timeout = httpx.USE_CLIENT_DEFAULT if timeout is None else timeout
        if self._slots is None:
            return self._client.request(method, url, json=body, timeout=timeout)
        with self._slots:
            return self._client.request(method, url, json=body, timeout=timeout)

    def request(self, method: str, path: str, body: dict | None = None, *, max_retries: int | None = None,
                retry_connect: bool = True, passthrough: frozenset[int] = frozenset(),
                timeout: httpx.Timeout | None = None) -> httpx.Response:
        """The endpoint's 200 answer (or one whose status is in ``passthrough``); raises EndpointError /
        ContextExhausted as sorted above. ``max_retries`` overrides the retry policy's count;
        ``retry_connect=False`` gives up at once when nothing answers (what a preflight wants);
        ``timeout`` replaces the client's for this request."""
        attempts = 1 + (self.retry.max_retries if max_retries is None else max_retries)
        refused, last = False, ""
        for attempt in range(attempts):
            wait = None
            try:
                response = self._send(method, path, body, timeout)
            except (httpx.UnsupportedProtocol, httpx.InvalidURL) as exc:
                url = self.settings.base_url
                raise EndpointError(f"the model endpoint's base URL {url.value!r} is not usable ({exc}): set "
                                    f"{url.to_set} to a URL like http://localhost:8001/v1; it now comes from "
                                    f"{url.source}.", kind="unreachable") from None
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:  # nothing answers at that address
                refused, last = True, f"{type(exc).__name__}: {exc}"
                if not retry_connect:
                    raise self.unreachable(last) from None
            except httpx.TransportError as exc:  # timeouts, dropped connections, broken answers
                refused, last = False, f"{type(exc).__name__}: {exc or 'no answer'}"
            else:
                refused = False
                if response.status_code == 200 or response.status_code in passthrough:
                    return response
                transient = response.status_code in TRANSIENT_STATUS or response.status_code >= 500
                if not transient:
                    raise self.classify(response, sent_tools=bool(body and body.get("tools")))
                last = self.said(response)
                wait = retry_after_seconds(response.headers)
            if attempt + 1 < attempts:
                if wait is None:
                    wait = self.retry.backoff_s * (2 ** attempt) * (1 + random.random() * 0.25)
                self.sleep(min(wait, self.retry.max_wait_s))
        if refused:  # nothing listens (any more): a server that never started, or one that died
            raise self.unreachable(f"{last}; tried {attempts} time(s)")
        raise EndpointError(f"the model endpoint {self.base_url} is still failing after {attempts} attempt(s) "
                            f"({last}); it may be overloaded or restarting.", kind="unavailable")

    def chat(self, body: dict) -> dict:
        """POST /chat/completions; the answer's JSON."""
        response = self.request("POST", "chat/completions", body)
        try:
            data = response.json()
        except (ValueError, RecursionError):
            raise EndpointError(f"{self.base_url}/chat/completions answered 200 with a body that is not JSON"
                                f"{self.body_excerpt(response.text)}", kind="rejected") from None
        if not isinstance(data, dict):
            raise EndpointError(f"{self.base_url}/chat/completions answered 200 with {type(data).__name__}, "
                                "not a chat completion object", kind="rejected")
        return data

    def close(self) -> None:
        self._client.close()
