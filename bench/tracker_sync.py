"""Benchmark: the prayer tracker's sync through the data API (issue 25).

Runs a real uvicorn server (one worker) with the real app, on SQLite and, unless
--skip-postgres, on a throwaway PostgreSQL, and measures from 127.0.0.1:

1. A new device syncing a year of history (5 obligatory + 4 voluntary prayers x 365 days =
   3285 marks): the upload in as few upserts as MAX_BODY_BYTES allows, the same upload again
   (what a retried or repeated first sync costs: nothing changes), and the download a second
   device makes (pages of 1000 by `received_at`, as the client pulls), plain and gzipped (Accept-Encoding, as browsers and
   phones send it): requests, bytes on the wire, seconds (min-median-max of REPEATS runs).
   Then, for the body-limit decision (docs/api.md#rest-tables), the same upload on a server
   with MAX_BODY_BYTES at 256 KiB, in batches of the table's 1000 rows.
2. Throughput of one day's upsert (9 marks, a new day each request) against
   `GET /bench/select/{user_id}` (one indexed SELECT on the same server, bench/bench_app.py),
   at the same concurrency: the ratio is the cost of the data API's parse, policy, sealing
   (AES-GCM per row) and upsert over the cheapest database round trip.

Numbers go to bench/results/tracker.md; nothing is asserted.

    .venv/bin/python bench/tracker_sync.py [--requests 400] [--concurrency 8] [--skip-postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "bench")]

import httpx  # noqa: E402

import server as bench_server  # noqa: E402
from drive import drive  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "tracker.md"
PRAYERS = ("fajr", "dhuhr", "asr", "maghrib", "isha", "witr", "sunnah_fajr", "duha", "tahajjud")
STATUSES = ("on_time", "late", "made_up", "missed")
# Under MAX_BODY_BYTES (64 KiB) with room for the headers' sake of nothing: the body alone.
BODY_BUDGET = 60 * 1024
# The larger limit weighed against it, and the budget under it (1000 rows bind first).
LARGE_BODY_BYTES = 256 * 1024
REPEATS = 5
UPSERT = {"Prefer": "resolution=merge-duplicates,return=minimal"}


@dataclass
class Transfer:
    label: str
    requests: int = 0
    sent: int = 0
    received: int = 0
    seconds: float = 0.0
    statuses: Counter[int] = field(default_factory=Counter)
    # One total per repetition, and the slowest single request of all of them.
    runs: list[float] = field(default_factory=list)
    slowest: float = 0.0

    def spread(self) -> str:
        times = sorted(self.runs or [self.seconds])
        return f"{times[0]:.2f} / {statistics.median(times):.2f} / {times[-1]:.2f}"


# The client's page of a pull (sync.ts PAGE_ROWS).
PAGE_ROWS = 1000


def year_of_marks(start: date) -> list[dict[str, Any]]:
    # Statuses and congregation drawn at random (seeded, so every run sends the same year): a
    # person's year has no period a compressor could exploit, and the gzip figures must not
    # come from a pattern the bench made up.
    chance = random.Random(2025)  # noqa: S311 (test data, not a secret)
    rows = []
    for offset in range(365):
        day = start + timedelta(days=offset)
        for prayer in PRAYERS:
            rows.append(
                {
                    "day": day.isoformat(),
                    "prayer": prayer,
                    "status": chance.choice(STATUSES),
                    "congregation": chance.random() < 0.3,
                    "qasr": False,
                    "jam": False,
                    "deleted": False,
                    "updated_at": f"{day.isoformat()}T21:00:00.000Z",
                }
            )
    return rows


def batches(rows: list[dict[str, Any]], budget: int = BODY_BUDGET) -> list[bytes]:
    """Rows packed into JSON arrays each under `budget` bytes and of at most 1000 rows: each
    row is serialised once, and the array's size kept as it grows (`[`, the rows, the commas
    between them, `]`)."""
    out: list[bytes] = []
    current: list[bytes] = []
    size = 2
    for row in rows:
        encoded = json.dumps(row, separators=(",", ":")).encode()
        grown = size + len(encoded) + (1 if current else 0)
        if current and (grown > budget or len(current) >= 1000):
            out.append(b"[" + b",".join(current) + b"]")
            current, grown = [], 2 + len(encoded)
        current.append(encoded)
        size = grown
    if current:
        out.append(b"[" + b",".join(current) + b"]")
    return out


def _request_bytes(request: httpx.Request) -> int:
    head = f"{request.method} {request.url.raw_path.decode()} HTTP/1.1\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in request.headers.items())
    return len(head) + 2 + len(request.content)


def _response_bytes(response: httpx.Response) -> int:
    # The body as it came over the wire (gzipped, when it was), not as httpx decoded it.
    head = "HTTP/1.1 200 OK\r\n" + "".join(f"{k}: {v}\r\n" for k, v in response.headers.items())
    return len(head) + 2 + response.num_bytes_downloaded


async def sign_up(client: httpx.AsyncClient, email: str) -> tuple[str, str]:
    response = await client.post(
        "/auth/v1/signup", json={"email": email, "password": "correct horse battery staple"}
    )
    response.raise_for_status()
    session = response.json()
    token = session["access_token"]
    # Sync is turned on first (tracker_sync_on records the consent): without it the server
    # refuses every write.
    response = await client.post(
        "/rest/v1/rpc/tracker_sync_on",
        json={"consent_version": "2026-11"},
        headers={"Authorization": f"Bearer {token}"},
    )
    response.raise_for_status()
    return token, session["user"]["id"]


async def upload(
    client: httpx.AsyncClient, token: str, bodies: list[bytes], label: str, repeats: int = 1
) -> Transfer:
    """The batches sent one after the other, `repeats` times (the counts are one run's)."""
    result = Transfer(label)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", **UPSERT}
    for _ in range(repeats):
        result = _again(result)
        start = time.perf_counter()
        for body in bodies:
            request = client.build_request(
                "POST",
                "/rest/v1/prayer_marks?on_conflict=user_id,day,prayer",
                content=body,
                headers=headers,
            )
            sent = time.perf_counter()
            response = await client.send(request)
            result.slowest = max(result.slowest, time.perf_counter() - sent)
            result.requests += 1
            result.sent += _request_bytes(request)
            result.received += _response_bytes(response)
            result.statuses[response.status_code] += 1
        result.seconds = time.perf_counter() - start
        result.runs.append(result.seconds)
    return result


def _again(result: Transfer) -> Transfer:
    """The same transfer counted afresh for one more repetition (times and statuses kept)."""
    return Transfer(
        result.label, statuses=result.statuses, runs=result.runs, slowest=result.slowest
    )


def _pulled(row: dict[str, Any]) -> tuple[str, str, str]:
    """A pulled row's version: its key and the instant it was received."""
    return row["day"], row["prayer"], row["received_at"]


async def download(
    client: httpx.AsyncClient, token: str, label: str, encoding: str, repeats: int = 1
) -> tuple[Transfer, int]:
    """A second device's first pull, `repeats` times, with this Accept-Encoding, as the
    client makes it (frontend/src/features/tracker/sync.ts, pullKind): pages of 1000 ordered
    by `received_at`, each from the last one's `received_at` on (gte), the rows of that
    instant already read skipped and the page made longer by as many."""
    result = Transfer(label)
    rows = 0
    headers = {"Authorization": f"Bearer {token}", "Accept-Encoding": encoding}
    for _ in range(repeats):
        result = _again(result)
        rows = 0
        start = time.perf_counter()
        since: str | None = None
        seen: set[tuple[str, str, str]] = set()
        while True:
            limit = PAGE_ROWS + len(seen)
            params: dict[str, Any] = {"select": "*", "order": "received_at", "limit": limit}
            if since is not None:
                params["received_at"] = f"gte.{since}"
            request = client.build_request(
                "GET", "/rest/v1/prayer_marks", params=params, headers=headers
            )
            sent = time.perf_counter()
            response = await client.send(request)
            result.slowest = max(result.slowest, time.perf_counter() - sent)
            result.requests += 1
            result.sent += _request_bytes(request)
            result.received += _response_bytes(response)
            result.statuses[response.status_code] += 1
            page = response.json()
            rows += sum(1 for r in page if _pulled(r) not in seen)
            if len(page) < limit:
                break
            last = page[-1]["received_at"]
            at_last = {_pulled(r) for r in page if r["received_at"] == last}
            seen = seen | at_last if since == last else at_last
            since = last
        result.seconds = time.perf_counter() - start
        result.runs.append(result.seconds)
    return result, rows


async def throughput(
    base: str, anon: str, token: str, user_id: str, requests: int, concurrency: int, label: str
) -> list[Transfer]:
    headers = {"apikey": anon}
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    out: list[Transfer] = []
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits, timeout=60) as c:

        async def run(name: str, make: Callable[[int], httpx.Request]) -> Transfer:
            statuses, seconds = await drive(c, make, requests, concurrency)
            return Transfer(
                f"{label}: {name}", requests=requests, seconds=seconds, statuses=statuses
            )

        first = date(2000, 1, 1)

        def day_upsert(i: int) -> httpx.Request:
            day = first + timedelta(days=i)
            rows = [
                {
                    "day": day.isoformat(),
                    "prayer": p,
                    "status": "on_time",
                    "congregation": False,
                    "qasr": False,
                    "jam": False,
                    "deleted": False,
                    "updated_at": f"{day.isoformat()}T21:00:00Z",
                }
                for p in PRAYERS
            ]
            return c.build_request(
                "POST",
                "/rest/v1/prayer_marks",
                json=rows,
                headers={"Authorization": f"Bearer {token}", **UPSERT},
            )

        def one_select(_: int) -> httpx.Request:
            return c.build_request("GET", f"/bench/select/{user_id}")

        out.append(await run("GET /bench/select/{user_id} (one indexed SELECT)", one_select))
        out.append(await run("POST prayer_marks, one day's upsert (9 marks)", day_upsert))
    return out


def bench_backend(label: str, database_url: str, requests: int, concurrency: int) -> list[Transfer]:
    env = {"AUTH_AUTOCONFIRM": "true", "RATE_LIMIT_DATA_WRITE": "100000000/3600"}
    with bench_server.serve(database_url=database_url, env=env) as server:
        base = server.url

        async def go() -> list[Transfer]:
            async with httpx.AsyncClient(
                base_url=base, headers={"apikey": server.anon}, timeout=120
            ) as client:
                token, _ = await sign_up(client, f"year-{label.lower()}@example.com")
                bodies = batches(year_of_marks(date(2025, 1, 1)))
                first = await upload(client, token, bodies, f"{label}: upload a year (new device)")
                again = await upload(
                    client, token, bodies, f"{label}: the same upload again", REPEATS
                )
                runs = [first, again]
                for encoding, name in (("identity", "plain"), ("gzip, deflate", "gzip")):
                    pulled, rows = await download(
                        client, token, f"{label}: download a year ({name})", encoding, REPEATS
                    )
                    assert rows == 365 * len(PRAYERS), rows
                    runs.append(pulled)
                token2, user_id = await sign_up(client, f"day-{label.lower()}@example.com")
            runs += await throughput(
                base, server.anon, token2, user_id, requests, concurrency, label
            )
            return runs

        runs = asyncio.run(go())
    # The larger body limit weighed in docs/api.md#rest-tables: a fresh server and account.
    env_large = {**env, "MAX_BODY_BYTES": str(LARGE_BODY_BYTES)}
    with bench_server.serve(database_url=database_url, env=env_large) as server:

        async def large() -> Transfer:
            async with httpx.AsyncClient(
                base_url=server.url, headers={"apikey": server.anon}, timeout=120
            ) as client:
                token, _ = await sign_up(client, f"large-{label.lower()}@example.com")
                bodies = batches(year_of_marks(date(2025, 1, 1)), LARGE_BODY_BYTES - 4096)
                return await upload(
                    client,
                    token,
                    bodies,
                    f"{label}: upload a year, MAX_BODY_BYTES {LARGE_BODY_BYTES // 1024} KiB",
                )

        runs.append(asyncio.run(large()))
    return runs


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()

    from tests.pg import create_database, throwaway_postgres

    runs = bench_backend("SQLite", "", args.requests, args.concurrency)
    if not args.skip_postgres:
        with throwaway_postgres() as base_url:
            url = create_database(base_url, "bench_tracker")
            runs += bench_backend("PostgreSQL", url, args.requests, args.concurrency)

    lines = [
        "# Tracker sync benchmark",
        "",
        f"`bench/tracker_sync.py`, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs shared by the load generator, the server and whatever else the "
        "machine runs; one uvicorn worker. A year is 3285 marks (9 prayers x 365 days), sent "
        f"as upserts of at most {BODY_BUDGET // 1024} KiB (MAX_BODY_BYTES is 64 KiB) unless "
        "the row says otherwise; bytes are HTTP/1.1 heads plus bodies as they went over the "
        "wire (gzipped where the row says so; request bodies are never compressed: "
        "supabase-js sends plain JSON). Seconds are min / median / max over "
        f"{REPEATS} runs where a row was repeated (requests and bytes are one run's); "
        "'slowest' is the longest single request of all runs. Not asserted anywhere.",
        "",
        "## A year from a new device",
        "",
        "| run | requests | sent (KiB) | received (KiB) | seconds | slowest request (s) "
        "| statuses (all runs) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for run in runs:
        if "upload" in run.label or "download" in run.label:
            statuses = ", ".join(f"{k}: {n}" for k, n in sorted(run.statuses.items()))
            lines.append(
                f"| {run.label} | {run.requests} | {run.sent / 1024:.0f} | "
                f"{run.received / 1024:.0f} | {run.spread()} | {run.slowest:.3f} | {statuses} |"
            )
    lines += [
        "",
        f"## One day's upsert against one SELECT ({args.requests} requests, "
        f"{args.concurrency} connections)",
        "",
        "| run | req/s | ratio to one SELECT | statuses |",
        "| --- | ---: | ---: | --- |",
    ]
    floor: dict[str, float] = {}
    for run in runs:
        if "upload" in run.label or "download" in run.label:
            continue
        backend = run.label.split(":")[0]
        rps = run.requests / run.seconds
        if "SELECT" in run.label:
            floor[backend] = rps
        statuses = ", ".join(f"{k}: {n}" for k, n in sorted(run.statuses.items()))
        lines.append(f"| {run.label} | {rps:.0f} | {rps / floor[backend]:.2f} | {statuses} |")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
