"""The one way the Python benchmarks run the real server.

`serve()` starts bench/bench_app.py (the production app plus the bare endpoints) under uvicorn
with the flags `python -m app serve` uses, from a fresh temporary VAR_DIR (SQLite unless a
`database_url` is given, outbox mail), migrated first; it waits until the server answers
`/auth/v1/health` with every worker up, yields it with its anon API key, then stops it by PID
and removes the VAR_DIR. `env` adds or overrides settings. Given a `var_dir`, the server
uses it and leaves it in place (bench/soak.py restarts a killed server on the same state). The ARGON2_* variables of the
calling shell are dropped: the server hashes with its defaults, which are what is measured.
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from load import process_tree

ROOT = Path(__file__).resolve().parents[1]
HEALTH_PATH = "/auth/v1/health"
JWT_SECRET = "bench-secret-that-is-long-enough-for-hs256-signing"  # noqa: S105 - a throwaway


@dataclass
class BenchServer:
    port: int
    process: subprocess.Popen[bytes]
    anon: str
    var_dir: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _status(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def _app_command(env: Mapping[str, str], *args: str) -> str:
    """`python -m app <args>` with the server's environment; returns its standard output."""
    return subprocess.run(  # noqa: S603 - this interpreter, our own arguments
        [sys.executable, "-m", "app", *args],
        env=env,
        cwd=ROOT,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout


def _wait_until_healthy(
    process: subprocess.Popen[bytes], port: int, workers: int, timeout: float
) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError("server exited early")
        if time.monotonic() > deadline:
            raise RuntimeError("server did not start")
        try:
            # With several workers uvicorn runs a supervisor: wait until all have started.
            workers_up = workers == 1 or len(process_tree(process.pid)) > workers
            if workers_up and _status(port, HEALTH_PATH) == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def serve(
    *,
    database_url: str = "",
    workers: int = 1,
    env: Mapping[str, str] | None = None,
    timeout: float = 60,
    var_dir: Path | None = None,
) -> Iterator[BenchServer]:
    keep = var_dir is not None
    var_dir = var_dir or Path(tempfile.mkdtemp(prefix="bench-"))
    port = free_port()
    server_env = {k: v for k, v in os.environ.items() if not k.startswith("ARGON2_")}
    server_env.update(
        {
            "PYTHONPATH": os.pathsep.join([str(ROOT / "backend"), str(ROOT / "bench")]),
            "ENVIRONMENT": "test",
            "VAR_DIR": str(var_dir),
            "SITE_URL": f"http://127.0.0.1:{port}",
            "JWT_SECRET": JWT_SECRET,
            "DATABASE_URL": database_url,
            "MAIL_BACKEND": "outbox",
            "MAIL_OUTBOX_DIR": str(var_dir / "outbox"),
            **(env or {}),
        }
    )
    try:
        _app_command(server_env, "migrate")
        keys = _app_command(server_env, "keys")
        anon = next(line for line in keys.splitlines() if line.startswith("eyJ"))
        process = subprocess.Popen(  # noqa: S603
            [
                sys.executable,
                "-m",
                "uvicorn",
                "bench_app:create_bench_app",
                "--factory",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--workers",
                str(workers),
                "--proxy-headers",
                "--no-server-header",
                "--no-access-log",
                "--log-level",
                "warning",
            ],
            env=server_env,
            cwd=ROOT,
        )
        try:
            _wait_until_healthy(process, port, workers, timeout)
            yield BenchServer(port, process, anon, var_dir)
        finally:
            _stop(process)
    finally:
        if not keep:
            shutil.rmtree(var_dir, ignore_errors=True)
