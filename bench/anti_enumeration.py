"""Benchmark: do the endpoints that mail an address take as long for one with an account as for
one without (docs/behaviour.md#limits-enumeration)?

The real server (bench/server.py: uvicorn, SQLite, one worker), with its default argon2
parameters and the rate limits off, driven by one client in sequence: for each endpoint, requests for a
known address and for a fresh unknown one alternate, in random order, and the medians and the
ratio known/unknown are recorded. The tests (backend/tests/auth/test_enumeration.py) assert
the work itself, the statements and emails; this shows the time. Nothing is asserted here.

    PYTHONPATH=backend .venv/bin/python bench/anti_enumeration.py [--rounds 200]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import platform
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "bench")]

import server as bench_server  # noqa: E402
from app.mail.mailbox import read_message, text_body  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "anti-enumeration.md"
PASSWORD = "correct horse battery"  # noqa: S105 - throwaway accounts
SITE = "http://127.0.0.1:8000"

# endpoint label -> (path, body for an address, the account the known address has)
Body = Callable[[str], dict[str, Any]]
ENDPOINTS: dict[str, tuple[str, Body, str]] = {
    "POST /auth/v1/otp (create_user: false)": (
        "/auth/v1/otp",
        lambda email: {"email": email, "create_user": False},
        "confirmed",
    ),
    "POST /auth/v1/resend (signup), unconfirmed account": (
        "/auth/v1/resend",
        lambda email: {"type": "signup", "email": email},
        "unconfirmed",
    ),
    "POST /auth/v1/resend (signup), confirmed account": (
        "/auth/v1/resend",
        lambda email: {"type": "signup", "email": email},
        "confirmed",
    ),
    "POST /api/account/deletion-requests": (
        "/api/account/deletion-requests",
        lambda email: {"email": email},
        "confirmed",
    ),
    "POST /auth/v1/recover (for reference)": (
        "/auth/v1/recover",
        lambda email: {"email": email},
        "confirmed",
    ),
    "POST /auth/v1/signup, confirmed account": (
        "/auth/v1/signup",
        lambda email: {"email": email, "password": PASSWORD, "data": {"name": "B"}},
        "confirmed",
    ),
}


def newest_link(outbox: Path, email: str) -> str | None:
    found = [p for p in sorted(outbox.glob("*.eml")) if email in str(read_message(p)["To"])]
    if not found:
        return None
    text = text_body(read_message(found[-1]))
    links: list[str] = re.findall(r"https?://\S+", text)
    return next(u for u in links if "/auth/v1/verify" in u)


async def confirmation_link(outbox: Path, email: str) -> str:
    """The link of the newest email to `email` (delivery follows the answer: wait for it)."""
    for _ in range(200):
        link = newest_link(outbox, email)
        if link:
            return link
        await asyncio.sleep(0.05)
    raise RuntimeError(f"no email to {email}")


def spread(values: list[float]) -> str:
    """min / median / max, in ms."""
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


async def measure(running: bench_server.BenchServer, rounds: int) -> list[str]:
    headers = {"apikey": running.anon, "Authorization": f"Bearer {running.anon}"}
    lines: list[str] = []
    async with httpx.AsyncClient(base_url=running.url, headers=headers, timeout=30) as client:
        for kind in ("confirmed", "unconfirmed"):
            account = {"email": f"{kind}@example.com", "password": PASSWORD}
            (await client.post("/auth/v1/signup", json=account)).raise_for_status()
        link = await confirmation_link(running.var_dir / "outbox", "confirmed@example.com")
        await client.get(link)
        counter = 0
        for label, (path, body, kind) in ENDPOINTS.items():
            times: dict[str, list[float]] = {"known": [], "unknown": []}
            for _ in range(rounds):
                counter += 1
                order = [("known", f"{kind}@example.com"), ("unknown", f"n{counter}@example.com")]
                random.shuffle(order)
                for which, email in order:
                    started = time.perf_counter()
                    response = await client.post(path, json=body(email))
                    times[which].append((time.perf_counter() - started) * 1000)
                    assert response.status_code < 300, response.text
            known, unknown = times["known"][5:], times["unknown"][5:]
            ratio = statistics.median(known) / statistics.median(unknown)
            lines.append(f"| {label} | {spread(known)} | {spread(unknown)} | {ratio:.3f} |")
            print(lines[-1], flush=True)
    return lines


def main(rounds: int) -> None:
    logging.getLogger("httpx").setLevel(logging.WARNING)
    env = {"RATE_LIMIT_ENABLED": "false", "AUTH_EMAIL_MIN_INTERVAL": "0"}
    with bench_server.serve(env=env) as running:
        lines = asyncio.run(measure(running, rounds))

    header = [
        "# Anti-enumeration timing",
        "",
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, Python "
        f"{platform.python_version()}, SQLite, the real server under uvicorn (one worker, "
        f"bench/server.py), one client in sequence over 127.0.0.1 (bench/anti_enumeration.py), "
        f"{rounds} requests per address kind and endpoint (first 5 dropped), known and "
        "unknown interleaved in random order, default argon2 parameters, limits off. The "
        "machine is shared with other work: min / median / max, and the ratio of medians.",
        "",
        "| Endpoint | known address, ms | unknown address, ms | known / unknown (medians) |",
        "| --- | --- | --- | --- |",
    ]
    RESULTS.write_text("\n".join([*header, *lines, ""]))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    main(parser.parse_args().rounds)
