"""``harness serve-env`` as a network service a hostile client can reach: a client's episode id never
becomes a path, every request needs the server's token, a browser's Origin is refused, and the
stateless HTTP ``/reset`` and ``/step`` are refused with a pointer to the WebSocket (so they start no
sandbox outside the session limit). A real server on a free loopback port, real bwrap episodes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as ws_connect

from tests.harness.interop.serve_env_server import TASK, TOKEN, serving

ESCAPE = "z/../../../victim/splits"  # from <out>/<task>-<arm>-<id>.json up to <tmp>/victim/splits.json
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def layout(tmp_path):
    """The server's trajectory folder two levels down, and a file outside it that must stay intact."""
    out_dir = tmp_path / "a" / "out"
    victim = tmp_path / "victim" / "splits.json"
    victim.parent.mkdir(parents=True)
    victim.write_text('{"heldout": ["kept"]}', encoding="utf-8")
    return out_dir, victim


def ws_url(url: str) -> str:
    return url.replace("http://", "ws://") + "/ws"


@pytest.mark.slow
def test_a_client_episode_id_never_becomes_a_path(layout):
    out_dir, victim = layout
    with serving(out_dir, max_sessions=1) as url:
        reply = httpx.post(f"{url}/reset", json={"task": "running_average", "episode_id": ESCAPE},
                           headers=AUTH, timeout=120)
        assert reply.status_code < 500
        assert victim.read_text(encoding="utf-8") == '{"heldout": ["kept"]}'
        # Over the WebSocket, where episodes live, the client's id is ignored: the server makes its own.
        with ws_connect(ws_url(url), additional_headers=AUTH, open_timeout=30) as ws:
            ws.send(json.dumps({"type": "reset", "data": {"task": "running_average", "episode_id": ESCAPE}}))
            observation = json.loads(ws.recv(timeout=120))["data"]["observation"]
            ws.send(json.dumps({"type": "close"}))
    assert victim.read_text(encoding="utf-8") == '{"heldout": ["kept"]}'
    assert observation["episode_id"] != ESCAPE and "/" not in observation["episode_id"]
    trajectory = Path(observation["trajectory"])
    assert trajectory.resolve().parent == out_dir.resolve() and trajectory.is_file()
    assert [p for p in out_dir.parent.parent.rglob("*.json") if p != victim] == [trajectory]


@pytest.mark.slow  # a server (OpenEnv, uvicorn) and a dozen requests and connections
def test_every_request_needs_the_token(tmp_path):
    with serving(tmp_path / "out") as url:
        for path in ("/schema", "/metadata", "/state"):
            assert httpx.get(f"{url}{path}").status_code == 401
            assert httpx.get(f"{url}{path}", headers={"Authorization": "Bearer wrong"}).status_code == 401
            assert httpx.get(f"{url}{path}", headers=AUTH).status_code == 200
        refused = httpx.post(f"{url}/reset", json={"task": "running_average"})
        assert refused.status_code == 401 and "--token" in refused.json()["detail"]
        assert httpx.get(f"{url}/health").status_code == 200  # liveness only: it tells nothing
        for headers in ({}, {"Authorization": "Bearer wrong"}):
            with pytest.raises(InvalidStatus) as refused_ws:
                ws_connect(ws_url(url), additional_headers=headers, open_timeout=30)
            assert refused_ws.value.response.status_code == 403
        with ws_connect(ws_url(url), additional_headers=AUTH, open_timeout=30) as ws:
            ws.send(json.dumps({"type": "state"}))
            assert json.loads(ws.recv(timeout=30))["type"] == "state"
        # The token may also come as the password of the URL (ws://:TOKEN@host/ws), which any client sends.
        with ws_connect(ws_url(url).replace("ws://", f"ws://stepwise:{TOKEN}@"), open_timeout=30) as ws:
            ws.send(json.dumps({"type": "state"}))
            assert json.loads(ws.recv(timeout=30))["type"] == "state"


@pytest.mark.slow  # a server: imports OpenEnv
def test_a_browser_page_is_refused_even_with_the_token(tmp_path):
    with serving(tmp_path / "out") as url:
        for origin in ("http://evil.example", "http://127.0.0.1:1", "null"):
            with pytest.raises(InvalidStatus) as refused:
                ws_connect(ws_url(url), additional_headers={**AUTH, "Origin": origin}, open_timeout=30)
            assert refused.value.response.status_code == 403
            reply = httpx.get(f"{url}/schema", headers={**AUTH, "Origin": origin})
            assert reply.status_code == 403 and "Origin" in reply.json()["detail"]


@pytest.mark.slow  # a server: imports OpenEnv
def test_http_reset_and_step_point_to_the_websocket_and_start_nothing(tmp_path):
    out_dir = tmp_path / "out"
    with serving(out_dir, max_sessions=1) as url:
        for path, body in (("/reset", {"task": "running_average"}),
                           ("/step", {"action": {"name": "done", "arguments": {}}})):
            reply = httpx.post(f"{url}{path}", json=body, headers=AUTH, timeout=60)
            assert reply.status_code == 400, reply.text
            assert "/ws" in reply.json()["detail"] and "WebSocket" in reply.json()["detail"]
    assert not out_dir.exists() or not list(out_dir.iterdir())  # no episode, so no sandbox, was started


def test_help_shows_defaults_and_the_server_listens_on_loopback():
    from harness.cli.serve_env import build_parser

    parser = build_parser()
    assert parser.parse_args([]).host == "127.0.0.1"
    shown = parser.format_help()
    assert "default: 127.0.0.1" in shown and "default: 4" in shown and "STEPWISE_ENV_TOKEN" in shown


@pytest.mark.slow  # a server: imports OpenEnv
def test_a_server_without_a_token_makes_a_fresh_one_and_reads_the_variable(tmp_path, monkeypatch):
    from harness.cli.serve_env import build, build_parser

    argv = ["--task", str(TASK), "--out-dir", str(tmp_path)]
    monkeypatch.delenv("STEPWISE_ENV_TOKEN", raising=False)
    config, _ = build(build_parser().parse_args(argv))
    other, _ = build(build_parser().parse_args(argv))
    assert len(config.token) >= 32 and other.token != config.token
    monkeypatch.setenv("STEPWISE_ENV_TOKEN", TOKEN)
    assert build(build_parser().parse_args(argv))[0].token == TOKEN


@pytest.mark.slow
def test_a_short_token_is_refused():
    proc = subprocess.run([sys.executable, "-m", "harness", "serve-env", "--task", str(TASK),
                           "--token", "abc"], capture_output=True, text=True, timeout=240)  # importing the server stack on a loaded machine
    assert proc.returncode == 2 and "--token" in proc.stderr and "Traceback" not in proc.stderr
