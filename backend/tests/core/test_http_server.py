"""The request-head limits, against a real uvicorn server with our parser protocol, and the
`serve` command's configuration (docs/api.md#api-transport)."""

from __future__ import annotations

import argparse
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from app import cli
from app.core.http_server import MAX_HEAD_BYTES, MAX_HEADER_COUNT, LimitedHttpToolsProtocol
from app.core.settings import get_settings


async def _ok(scope: dict[str, Any], receive: Any, send: Any) -> None:
    assert scope["type"] == "http"
    body = str(len(scope["headers"])).encode()
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = int(probe.getsockname()[1])
    config = uvicorn.Config(
        _ok, host="127.0.0.1", port=free, http=LimitedHttpToolsProtocol, log_level="critical"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    yield free
    server.should_exit = True
    thread.join(10)


def _send(port: int, head: bytes, chunk: int = 65536) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            for start in range(0, len(head), chunk):
                sock.sendall(head[start : start + chunk])
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed before reading everything
        answer = b""
        while True:
            try:
                data = sock.recv(65536)
            except ConnectionResetError:
                break
            if not data:
                break
            answer += data
    return answer


def _request(*headers: bytes) -> bytes:
    lines = [b"GET / HTTP/1.1", b"Host: x", b"Connection: close", *headers]
    return b"\r\n".join(lines) + b"\r\n\r\n"


def test_an_ordinary_request_passes(port: int) -> None:
    answer = _send(
        port, _request(b"User-Agent: Mozilla/5.0", b"Authorization: Bearer " + b"x" * 2000)
    )
    assert answer.startswith(b"HTTP/1.1 200 ")


def test_headers_up_to_the_limits_pass(port: int) -> None:
    many = [b"X-H%d: v" % i for i in range(MAX_HEADER_COUNT - 3)]
    answer = _send(port, _request(*many))
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]
    big = b"X-Big: " + b"v" * (MAX_HEAD_BYTES - 200)
    assert _send(port, _request(big)).startswith(b"HTTP/1.1 200 ")


@pytest.mark.parametrize(
    "head",
    [
        pytest.param(_request(b"X-Big: " + b"v" * 10_000_000), id="one 10 MB header"),
        pytest.param(_request(b"X-Big: " + b"v" * (MAX_HEAD_BYTES + 10)), id="just over"),
        pytest.param(_request(*[b"X-H%d: v" % i for i in range(5000)]), id="5000 headers"),
        pytest.param(_request(*[b"X-H%d: v" % i for i in range(MAX_HEADER_COUNT)]), id="101"),
        pytest.param(b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", id="long URL"),
    ],
)
def test_an_oversized_head_is_431_and_closed(port: int, head: bytes) -> None:
    answer = _send(port, head)
    assert answer.startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"), answer[:200]
    head_part, _, body = answer.partition(b"\r\n\r\n")
    assert b"connection: close" in head_part
    assert b"content-type: application/json" in head_part
    error = json.loads(body)
    # Every envelope's code field: the auth API's, PostgREST's and ours.
    assert error["code"] == error["error_code"] == "request_header_fields_too_large"
    assert error["message"] == error["msg"] == "Request header fields too large"


def test_an_oversized_head_in_small_pieces_is_431(port: int) -> None:
    head = _request(b"X-Big: " + b"v" * (MAX_HEAD_BYTES * 3))
    assert _send(port, head, chunk=1000).startswith(b"HTTP/1.1 431 ")


def test_malformed_requests_are_still_400(port: int) -> None:
    assert _send(port, b"NOT HTTP\r\n\r\n").startswith(b"HTTP/1.1 400 ")


def test_serve_uses_the_limited_protocol(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: seen.update(kw))
    monkeypatch.setenv("VAR_DIR", str(tmp_path))  # the development secret is written there
    get_settings.cache_clear()
    args = argparse.Namespace(
        host=None, port=None, workers=None, no_migrate=True, log_level="info", access_log=False
    )
    assert cli._serve(args) == 0
    assert seen["http"] is LimitedHttpToolsProtocol
    assert seen["h11_max_incomplete_event_size"] == MAX_HEAD_BYTES
    assert seen["proxy_headers"] is False  # the app reads X-Forwarded-For (core/http.py)
    get_settings.cache_clear()
