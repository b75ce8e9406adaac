"""Benchmark: subscriber inserts per second against a bare endpoint of the same server.

Runs a real uvicorn server (one worker) with the real app, on SQLite and on a throwaway
PostgreSQL, and drives it from 127.0.0.1 with a bounded async load generator. The bare
endpoint (`POST /bench/bare`, added here, never in production code) goes through the same
middleware and reads the same JSON body but touches no database, so the ratio
insert/bare is the cost of the join itself: rate-limit upsert, duplicate check, insert,
commit, and two emails written to the outbox. Numbers are written to
bench/results/newsletter.md; nothing is asserted.

    .venv/bin/python bench/newsletter_insert.py [--requests 1000] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "bench")]

import httpx  # noqa: E402
from fastapi import FastAPI, Request  # noqa: E402
from fastapi.responses import Response  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "newsletter.md"


def create_bench_app() -> FastAPI:
    """The production app plus a bare endpoint, placed before the site's catch-all."""
    from app.main import create_app

    app = create_app()

    async def bare(request: Request) -> Response:
        await request.json()
        return Response(status_code=201)

    app.add_api_route("/bench/bare", bare, methods=["POST"])
    app.router.routes.insert(0, app.router.routes.pop())
    return app


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Run:
    label: str
    requests: int
    seconds: float
    statuses: Counter[int]

    @property
    def rps(self) -> float:
        return self.requests / self.seconds


async def _drive(
    url: str, headers: dict[str, str], bodies: list[dict[str, Any]], concurrency: int, label: str
) -> Run:
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    for body in bodies:
        queue.put_nowait(body)
    statuses: Counter[int] = Counter()
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(headers=headers, limits=limits, timeout=60) as client:

        async def worker() -> None:
            while True:
                try:
                    body = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                res = await client.post(url, json=body)
                statuses[res.status_code] += 1

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        seconds = time.perf_counter() - start
    return Run(label, len(bodies), seconds, statuses)


def _serve(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    subprocess.run([sys.executable, "-m", "app", "migrate"], env=env, cwd=ROOT, check=True)
    return subprocess.Popen(  # noqa: S603
        [
            sys.executable,
            "-m",
            "uvicorn",
            "newsletter_insert:create_bench_app",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-access-log",
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=ROOT,
    )


def _wait_until_up(base: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("server exited early")
        try:
            httpx.post(f"{base}/bench/bare", json={}, timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def bench_backend(label: str, database_url: str, requests: int, concurrency: int) -> list[Run]:
    var_dir = Path(tempfile.mkdtemp(prefix="bench-newsletter-"))
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": f"{ROOT / 'backend'}{os.pathsep}{ROOT / 'bench'}",
        "ENVIRONMENT": "test",
        "VAR_DIR": str(var_dir),
        "SITE_URL": f"http://127.0.0.1:{port}",
        "JWT_SECRET": "bench-secret-that-is-long-enough-for-hs256-signing",
        "RATE_LIMIT_SUBSCRIBE": "100000000/3600",
        "DATABASE_URL": database_url,
    }
    process = _serve(env, port)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, process)
        keys = subprocess.run(
            [sys.executable, "-m", "app", "keys"],
            env=env,
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        anon = next(line for line in keys.splitlines() if line.startswith("eyJ"))
        headers = {"apikey": anon, "Authorization": f"Bearer {anon}", "User-Agent": "bench"}

        def body(i: int, tag: str) -> dict[str, Any]:
            return {"email": f"{tag}{i}@example.com", "name": "Bench", "source": "newsletter"}

        warm = [body(i, "warm") for i in range(100)]
        asyncio.run(_drive(f"{base}/rest/v1/newsletter_subscribers", headers, warm, 8, "warm"))
        return [
            asyncio.run(
                _drive(
                    f"{base}/bench/bare",
                    headers,
                    [body(i, "bare") for i in range(requests * 2)],
                    concurrency,
                    f"{label}: bare POST (same middleware, no DB)",
                )
            ),
            asyncio.run(
                _drive(
                    f"{base}/rest/v1/newsletter_subscribers",
                    headers,
                    [body(i, "new") for i in range(requests)],
                    concurrency,
                    f"{label}: insert, new address (201 + 2 emails)",
                )
            ),
            asyncio.run(
                _drive(
                    f"{base}/rest/v1/newsletter_subscribers",
                    headers,
                    [body(i, "new") for i in range(requests)],
                    concurrency,
                    f"{label}: insert, duplicate (409)",
                )
            ),
        ]
    finally:
        process.terminate()
        process.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()

    from tests.pg import create_database, throwaway_postgres

    runs: list[Run] = []
    runs += bench_backend("SQLite", "", args.requests, args.concurrency)
    if not args.skip_postgres:
        with throwaway_postgres() as base_url:
            url = create_database(base_url, "bench_newsletter")
            runs += bench_backend("PostgreSQL", url, args.requests, args.concurrency)

    lines = [
        "# Newsletter insert benchmark",
        "",
        f"`bench/newsletter_insert.py`, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs (load generator and server share them), one uvicorn worker, "
        f"{args.concurrency} concurrent connections from 127.0.0.1. The insert goes through "
        "everything production does: API key check, DB-backed per-IP rate limit (limit set "
        "high), validation, duplicate check, insert, commit, confirmation + admin email "
        "written to the outbox. Not asserted anywhere.",
        "",
        "| run | requests | seconds | req/s | ratio to bare | statuses |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    bare: dict[str, float] = {}
    for run in runs:
        backend = run.label.split(":")[0]
        if "bare" in run.label:
            bare[backend] = run.rps
        ratio = run.rps / bare[backend] if backend in bare else 1.0
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(run.statuses.items()))
        lines.append(
            f"| {run.label} | {run.requests} | {run.seconds:.2f} | {run.rps:.0f} | "
            f"{ratio:.2f} | {statuses} |"
        )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
