"""Benchmark: subscriber inserts per second against a bare endpoint of the same server.

Runs a real uvicorn server (one worker) with the real app, on SQLite and on a throwaway
PostgreSQL, and drives it from 127.0.0.1 with a bounded async load generator. The bare
endpoint (`POST /bench/bare`, see bench/bench_app.py) goes through the same
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
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "bench")]

import httpx  # noqa: E402

import server as bench_server  # noqa: E402
from drive import drive  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "newsletter.md"


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
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(headers=headers, limits=limits, timeout=60) as client:
        statuses, seconds = await drive(
            client,
            lambda i: client.build_request("POST", url, json=bodies[i]),
            len(bodies),
            concurrency,
        )
    return Run(label, len(bodies), seconds, statuses)


def bench_backend(label: str, database_url: str, requests: int, concurrency: int) -> list[Run]:
    # Rate limits stay on (the insert pays for its per-IP check), with room for every request.
    with bench_server.serve(
        database_url=database_url, env={"RATE_LIMIT_SUBSCRIBE": "100000000/3600"}
    ) as server:
        base = server.url
        headers = {
            "apikey": server.anon,
            "Authorization": f"Bearer {server.anon}",
            "User-Agent": "bench",
        }

        def body(i: int, tag: str) -> dict[str, Any]:
            return {"email": f"{tag}{i}@example.com", "name": "Bench", "source": "newsletter"}

        warm = [body(i, "warm") for i in range(100)]
        asyncio.run(_drive(f"{base}/rest/v1/newsletter_subscribers", headers, warm, 8, "warm"))
        table = f"{base}/rest/v1/newsletter_subscribers"
        # (path, bodies, what it measures); the third repeats the second's addresses.
        scenarios = [
            (f"{base}/bench/bare", requests * 2, "bare", "bare POST (same middleware, no DB)"),
            (table, requests, "new", "insert, new address (201 + 2 emails)"),
            (table, requests, "new", "insert, duplicate (409)"),
        ]
        return [
            asyncio.run(
                _drive(
                    url,
                    headers,
                    [body(i, tag) for i in range(count)],
                    concurrency,
                    f"{label}: {what}",
                )
            )
            for url, count, tag, what in scenarios
        ]


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
