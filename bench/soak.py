"""`make soak`: reliability scenarios against the real server, results in
bench/results/reliability.md (docs/reliability.md says what each one proves).

1. Subscriber inserts, distinct addresses, PostgreSQL, 2 workers: every 201 has exactly one
   row and one confirmation email (rows counted in the database, emails as .eml files once
   the outbox table is empty), no 5xx.
2. Concurrent inserts of one address (PostgreSQL, 2 workers): one row, one email.
3. Subscriber inserts on SQLite with 1 worker: no 5xx; a 503 with Retry-After (the pool
   timeout, a refusal the client may retry) is counted apart from other 5xx.
4. `kill -9` of every server process mid-load, then a restart on the same database and
   VAR_DIR, on both databases: every 201 the client saw has its row, and every one's
   confirmation email is delivered after the restart (the outbox sweep), within a bound;
   repeats are counted per Message-ID, and each carries its original's.
5. Concurrent refreshes of one refresh token (both databases): no 5xx, one child token in
   `refresh_tokens`, and the session still works.
6. Timing: password grants with a wrong password for existing accounts vs unknown addresses,
   and /recover for existing vs unknown addresses, interleaved in random order and spaced so
   an email's delivery after the response does not overlap the next request; the median
   ratio in repeated rounds (the spread of the rounds is the machine's noise).

Limits: rate limits stay on at their production values. Each request carries its own client
address in X-Forwarded-For (the server trusts 127.0.0.1 as a reverse proxy, as it trusts the
proxy in production), so per-IP limits count as they would for that many visitors and never
refuse the load; each insert holds one row (NEWSLETTER_MAX_ROWS stays at 2).

Counts scale with SOAK_SCALE (default 1; 0.05 for a quick check). Every wait is bounded.
Exit status 1 when a check failed (the results file is written either way).

    PYTHONPATH=backend .venv/bin/python bench/soak.py
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import platform
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from email.parser import BytesHeaderParser
from email.utils import parseaddr
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "bench")]

from sqlalchemy import text  # noqa: E402
from sqlalchemy.ext.asyncio import create_async_engine  # noqa: E402
from sqlalchemy.pool import NullPool  # noqa: E402

import server as bench_server  # noqa: E402
from load import (  # noqa: E402
    Connection,
    HttpError,
    Reply,
    build_request,
    machine_busy_seconds,
    package_versions,
    process_tree,
    tree_cpu_seconds,
    wait_until_quiet,
)

RESULTS = ROOT / "bench" / "results" / "reliability.md"
SCALE = float(os.environ.get("SOAK_SCALE", "1"))
# A comma-separated subset of the scenario numbers (e.g. SOAK_ONLY=4,6); empty: all of them.
ONLY = {part.strip() for part in os.environ.get("SOAK_ONLY", "").split(",") if part.strip()}
PASSWORD = "soak-password-Zq8!x"  # noqa: S105 - throwaway accounts
CONFIRM_SUBJECT = "Please confirm your subscription to"
INSERT_PATH = "/rest/v1/newsletter_subscribers"
REQUEST_TIMEOUT = 60.0  # one request, then it counts as unanswered
TIMING_TOLERANCE = 0.05


def scaled(count: int, minimum: int) -> int:
    return max(minimum, round(count * SCALE))


def client_ip(scenario: int, index: int) -> str:
    """A distinct client address per request (10.scenario.x.y), sent as X-Forwarded-For."""
    return f"10.{scenario}.{(index >> 8) & 255}.{index & 255}"


# -- the server and its database ------------------------------------------------------------


@dataclass
class Db:
    label: str
    url: str  # the server's DATABASE_URL ("" for SQLite in VAR_DIR)
    workers: int

    def sqlalchemy_url(self, var_dir: Path) -> str:
        return self.url or f"sqlite+aiosqlite:///{(var_dir / 'app.db').as_posix()}"


async def query(db: Db, var_dir: Path, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    engine = create_async_engine(db.sqlalchemy_url(var_dir), poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return [tuple(row) for row in (await conn.execute(text(sql), params)).all()]
    finally:
        await engine.dispose()


SERVER_ENV = {
    # Scenario 5 and 6 need accounts that can sign in at once; nothing else depends on it.
    "AUTH_AUTOCONFIRM": "true",
    "RATE_LIMIT_ENABLED": "true",
}


@contextmanager
def serve(db: Db, var_dir: Path | None = None) -> Iterator[bench_server.BenchServer]:
    with bench_server.serve(
        database_url=db.url, workers=db.workers, env=SERVER_ENV, var_dir=var_dir
    ) as running:
        yield running


def kill_everything(running: bench_server.BenchServer) -> int:
    """SIGKILL to the supervisor and every worker at once; returns how many processes."""
    pids = process_tree(running.process.pid)
    for pid in pids:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    running.process.wait(timeout=10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
        time.sleep(0.05)
    return len(pids)


def _alive(pid: int) -> bool:
    """Running, i.e. neither gone nor a zombie (the orphaned workers' new parent may be slow
    to reap them)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class OtherLoad:
    """The share of the machine's CPUs used by anything but the server and this process
    (PostgreSQL counts as other) between `start()` and `share()`: the noise of a figure."""

    def __init__(self, server_pid: int) -> None:
        self.server_pid = server_pid
        self.cores = len(os.sched_getaffinity(0))
        self._cpu, self._wall = self._others(), time.monotonic()

    def _others(self) -> float:
        return machine_busy_seconds() - tree_cpu_seconds([self.server_pid]) - time.process_time()

    def share(self) -> float:
        wall = max(1e-9, time.monotonic() - self._wall)
        return max(0.0, self._others() - self._cpu) / (wall * self.cores)


# -- a fixed number of requests over a fixed number of connections ----------------------------


@dataclass
class Outcome:
    index: int
    status: int | None  # None: no answer (connection lost, timed out, never sent)
    seconds: float
    reply: Reply | None = None
    sent: bool = False


@dataclass
class Drive:
    outcomes: list[Outcome]
    seconds: float
    errors: Counter[str] = field(default_factory=Counter)

    @property
    def statuses(self) -> Counter[str]:
        return Counter("no answer" if o.status is None else str(o.status) for o in self.outcomes)

    def count(self, predicate: Callable[[int], bool]) -> int:
        return sum(1 for o in self.outcomes if o.status is not None and predicate(o.status))

    def latency_ms(self, q: float) -> float:
        answered = sorted(o.seconds for o in self.outcomes if o.status is not None)
        if not answered:
            return float("nan")
        return 1000 * answered[min(len(answered) - 1, round(q * (len(answered) - 1)))]


async def drive(
    port: int,
    requests: Sequence[bytes],
    concurrency: int,
    *,
    deadline: float,
    stop: asyncio.Event | None = None,
    on_reply: Callable[[Outcome], None] | None = None,
) -> Drive:
    """Sends each request once, `concurrency` at a time on keep-alive connections.

    Nothing is retried (an insert is not idempotent): a request without an answer counts as
    unanswered. Users stop taking requests once `stop` is set; everything still running
    after `deadline` seconds is cancelled.
    """
    outcomes: list[Outcome] = [Outcome(i, None, 0.0) for i in range(len(requests))]
    errors: Counter[str] = Counter()
    todo = iter(range(len(requests)))

    async def user() -> None:
        conn = Connection("127.0.0.1", port)
        try:
            for index in todo:
                if stop is not None and stop.is_set():
                    return
                outcomes[index].sent = True
                began = time.perf_counter()
                try:
                    reply = await asyncio.wait_for(conn.send(requests[index]), REQUEST_TIMEOUT)
                except (HttpError, OSError, TimeoutError) as exc:
                    errors[type(exc).__name__] += 1
                    conn.close()
                    continue
                outcome = Outcome(
                    index, reply.status, time.perf_counter() - began, reply, sent=True
                )
                outcomes[index] = outcome
                if on_reply is not None:
                    on_reply(outcome)
        finally:
            conn.close()

    began = time.perf_counter()
    tasks = [asyncio.create_task(user()) for _ in range(min(concurrency, len(requests)))]
    _done, pending = await asyncio.wait(tasks, timeout=deadline)
    for task in pending:
        task.cancel()
        errors["cancelled at the deadline"] += 1
    await asyncio.gather(*pending, return_exceptions=True)
    return Drive(outcomes, time.perf_counter() - began, errors)


def load_deadline(count: int) -> float:
    """The bound of a load of `count` requests: as if the server answered 10 a second."""
    return 120 + count / 10


def headers(anon: str, ip: str, bearer: str | None = None) -> dict[str, str]:
    return {
        "apikey": anon,
        "Authorization": f"Bearer {bearer or anon}",
        "User-Agent": "soak",
        "X-Forwarded-For": ip,
    }


def insert_request(anon: str, ip: str, email: str) -> bytes:
    body = json.dumps({"email": email, "name": "Soak", "source": "newsletter"}).encode()
    hdrs = {**headers(anon, ip), "Prefer": "return=minimal"}
    return build_request("POST", INSERT_PATH, hdrs, body)


# -- what was stored and sent ---------------------------------------------------------------


@dataclass
class Mailbox:
    confirmations: Counter[str]  # recipient -> confirmation emails
    others: int
    partial: int  # .tmp files: a write a kill interrupted
    # Message-ID -> deliveries, and its recipient: the outbox backend is the soak's mail sink,
    # each .eml file one delivery. A repeat carries its row's Message-ID (docs/reliability.md#mail).
    message_ids: Counter[str] = field(default_factory=Counter)
    recipient_of: dict[str, str] = field(default_factory=dict)
    without_message_id: int = 0

    @property
    def duplicate_deliveries(self) -> int:
        """Deliveries of a Message-ID already delivered: what a receiver can drop."""
        return sum(count - 1 for count in self.message_ids.values())

    def duplicate_confirmations_by_message_id(self, recipients: Sequence[str]) -> int:
        wanted = set(recipients)
        return sum(
            count - 1
            for message_id, count in self.message_ids.items()
            if self.recipient_of[message_id] in wanted
        )


def read_outbox(var_dir: Path) -> Mailbox:
    confirmations: Counter[str] = Counter()
    others = 0
    mailbox = Mailbox(confirmations, 0, 0)
    directory = var_dir / "outbox"
    files = sorted(directory.glob("*.eml")) if directory.exists() else []
    parser = BytesHeaderParser()
    for path in files:
        head = parser.parsebytes(path.read_bytes())
        recipient = parseaddr(str(head["To"] or ""))[1].lower()
        if str(head["Subject"] or "").startswith(CONFIRM_SUBJECT):
            confirmations[recipient] += 1
        else:
            others += 1
        message_id = str(head["Message-ID"] or "").strip()
        if message_id:
            mailbox.message_ids[message_id] += 1
            mailbox.recipient_of[message_id] = recipient
        else:
            mailbox.without_message_id += 1
    mailbox.others = others
    mailbox.partial = len(list(directory.glob("*.tmp"))) if directory.exists() else 0
    return mailbox


async def subscriber_rows(db: Db, var_dir: Path) -> Counter[str]:
    rows = await query(db, var_dir, "SELECT email_normalized FROM newsletter_subscribers")
    return Counter(str(row[0]) for row in rows)


async def wait_for_outbox(db: Db, var_dir: Path, bound: float) -> float | None:
    """Seconds until the mail_outbox table is empty, or None after `bound` seconds."""
    began = time.monotonic()
    while True:
        left = (await query(db, var_dir, "SELECT count(*) FROM mail_outbox"))[0][0]
        waited = time.monotonic() - began
        if left == 0:
            return waited
        if waited > bound:
            return None
        await asyncio.sleep(0.5)


# -- the report -----------------------------------------------------------------------------


@dataclass
class Check:
    what: str
    ok: bool
    detail: str


@dataclass
class Section:
    title: str
    setup: str
    figures: list[tuple[str, str]] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)

    def figure(self, name: str, value: object) -> None:
        self.figures.append((name, str(value)))

    def check(self, what: str, ok: bool, detail: object) -> None:
        self.checks.append(Check(what, ok, str(detail)))
        print(f"   {'ok  ' if ok else 'FAIL'} {what}: {detail}", flush=True)

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)


def seconds_text(seconds: float | None) -> str:
    return "not within the bound" if seconds is None else f"after {seconds:.1f} s"


def statuses_text(counter: Counter[str]) -> str:
    return ", ".join(f"{code}: {n}" for code, n in sorted(counter.items()))


def load_figures(section: Section, result: Drive) -> None:
    section.figure("statuses", statuses_text(result.statuses))
    answered = sum(1 for o in result.outcomes if o.status is not None)
    section.figure("wall s", f"{result.seconds:.1f}")
    section.figure("answers/s", f"{answered / result.seconds:.0f}")
    section.figure(
        "latency p50 / p95 / p99 ms",
        f"{result.latency_ms(0.5):.0f} / {result.latency_ms(0.95):.0f} / "
        f"{result.latency_ms(0.99):.0f}",
    )
    if result.errors:
        section.figure("client errors", statuses_text(Counter(dict(result.errors))))


def server_errors(result: Drive) -> tuple[int, int]:
    """(5xx other than a 503 with Retry-After, 503 with Retry-After)."""
    refusals = sum(
        1
        for o in result.outcomes
        if o.status == 503 and o.reply is not None and "retry-after" in o.reply.headers
    )
    return result.count(lambda s: s >= 500) - refusals, refusals


def delivery_bound() -> float:
    """How long a killed worker's claimed email can stay claimed, plus one sweep and slack:
    a claim covers one send, `send_timeout + CLAIM_MARGIN` s (app.mail.delivery)."""
    from app.core.settings import Settings
    from app.mail.delivery import CLAIM_MARGIN, send_timeout

    fields = Settings.model_fields
    claim = send_timeout(float(fields["smtp_timeout"].default)) + CLAIM_MARGIN
    sweep = float(fields["mail_sweep_interval"].default)
    return claim + sweep + 60


# -- scenarios 1 and 3: many distinct inserts -----------------------------------------------


async def inserts(section: Section, db: Db, scenario: int, count: int, concurrency: int) -> None:
    with serve(db) as running:
        emails = [f"soak{scenario}-{i}@example.com" for i in range(count)]
        requests = [
            insert_request(running.anon, client_ip(scenario, i), email)
            for i, email in enumerate(emails)
        ]
        noise = OtherLoad(running.process.pid)
        result = await drive(running.port, requests, concurrency, deadline=load_deadline(count))
        other = noise.share()
        waited = await wait_for_outbox(db, running.var_dir, bound=120)
        rows = await subscriber_rows(db, running.var_dir)
        mail = read_outbox(running.var_dir)
    load_figures(section, result)
    section.figure("other load on the machine meanwhile (PostgreSQL included)", f"{other:.0%}")
    acked = [emails[o.index] for o in result.outcomes if o.status == 201]
    section.figure("201s", len(acked))
    section.figure(
        "outbox drained after the load", "not within 120 s" if waited is None else f"{waited:.1f} s"
    )
    section.figure("subscriber rows", sum(rows.values()))
    section.figure("confirmation emails", sum(mail.confirmations.values()))
    section.figure("other emails (the operator's notice, one per stored insert)", mail.others)
    fatal, refusals = server_errors(result)
    section.check("no 5xx (a 503 with Retry-After counted apart)", fatal == 0, f"{fatal} 5xx")
    if db.url == "":
        section.check(
            "no 503 refusals (pool timeout)",
            refusals == 0,
            f"{refusals} 503 with Retry-After",
        )
    section.check(
        "every request answered",
        result.count(lambda s: True) == count,
        statuses_text(Counter(dict(result.errors))) or "all answered",
    )
    section.check(
        "every 201 has exactly one row",
        all(rows[e] == 1 for e in acked),
        f"{sum(1 for e in acked if rows[e] != 1)} of {len(acked)} without exactly one",
    )
    section.check(
        "no row without a 201", set(rows) <= set(acked), f"{len(set(rows) - set(acked))} rows"
    )
    section.check("the outbox table drained", waited is not None, seconds_text(waited))
    section.check(
        "every 201 has exactly one confirmation email",
        all(mail.confirmations[e] == 1 for e in acked)
        and sum(mail.confirmations.values()) == len(acked),
        f"{sum(1 for e in acked if mail.confirmations[e] != 1)} of {len(acked)} without "
        f"exactly one; {sum(mail.confirmations.values())} confirmations in all",
    )


# -- scenario 2: one address, many at once --------------------------------------------------


async def one_address(section: Section, db: Db, running: bench_server.BenchServer) -> None:
    count = 200  # not scaled: the race is the point
    email = "soak2-same@example.com"
    requests = [insert_request(running.anon, client_ip(2, i), email) for i in range(count)]
    result = await drive(running.port, requests, count, deadline=300)
    waited = await wait_for_outbox(db, running.var_dir, bound=120)
    rows = await subscriber_rows(db, running.var_dir)
    mail = read_outbox(running.var_dir)
    load_figures(section, result)
    section.check("no 5xx", result.count(lambda s: s >= 500) == 0, statuses_text(result.statuses))
    section.check("exactly one 201", result.count(lambda s: s == 201) == 1, result.statuses["201"])
    section.check(
        "the others are duplicates (409)",
        result.count(lambda s: s == 409) == count - 1,
        result.statuses["409"],
    )
    section.check("one row", rows[email] == 1, rows[email])
    section.check("the outbox table drained", waited is not None, seconds_text(waited))
    section.check(
        "one confirmation email", mail.confirmations[email] == 1, mail.confirmations[email]
    )


# -- scenario 4: kill -9 mid-load -----------------------------------------------------------


async def kill_mid_load(
    section: Section, db: Db, var_dir: Path, count: int, concurrency: int
) -> None:
    emails = [f"soak4-{i}@example.com" for i in range(count)]
    stop = asyncio.Event()
    kill_at = count * 2 // 5
    acked_before_kill = 0
    with serve(db, var_dir) as running:
        requests = [
            insert_request(running.anon, client_ip(4, i), email) for i, email in enumerate(emails)
        ]

        def on_reply(outcome: Outcome) -> None:
            nonlocal acked_before_kill
            if outcome.status == 201 and not stop.is_set():
                acked_before_kill += 1
                if acked_before_kill >= kill_at:
                    stop.set()

        load = asyncio.create_task(
            drive(
                running.port,
                requests,
                concurrency,
                deadline=load_deadline(count),
                stop=stop,
                on_reply=on_reply,
            )
        )
        stopped = asyncio.create_task(stop.wait())
        await asyncio.wait([load, stopped], return_when=asyncio.FIRST_COMPLETED)
        stopped.cancel()
        killed = kill_everything(running) if stop.is_set() else 0
        result = await load
    acked = [emails[o.index] for o in result.outcomes if o.status == 201]
    rows_at_kill = await subscriber_rows(db, var_dir)
    left_at_kill = (await query(db, var_dir, "SELECT count(*) FROM mail_outbox"))[0][0]
    mail_at_kill = read_outbox(var_dir)

    restarted = time.monotonic()
    with serve(db, var_dir) as running:
        started_in = time.monotonic() - restarted
        after = await drive(
            running.port,
            [insert_request(running.anon, client_ip(4, 60000), "soak4-after@example.com")],
            1,
            deadline=60,
        )
        bound = delivery_bound()
        waited = await wait_for_outbox(db, var_dir, bound=bound)
        rows = await subscriber_rows(db, var_dir)
        mail = read_outbox(var_dir)

    section.figure("processes killed (SIGKILL, supervisor and workers)", killed)
    section.figure("statuses before the kill", statuses_text(result.statuses))
    section.figure("201s the client saw", len(acked))
    unanswered = [emails[o.index] for o in result.outcomes if o.sent and o.status is None]
    section.figure("requests without an answer (in flight at the kill)", len(unanswered))
    section.figure("requests never sent", sum(1 for o in result.outcomes if not o.sent))
    section.figure(
        "confirmation emails written before the kill", sum(mail_at_kill.confirmations.values())
    )
    section.figure("outbox rows left at the kill", left_at_kill)
    section.figure("restart until healthy s", f"{started_in:.1f}")
    section.figure(
        "outbox drained after the restart",
        f"not within {bound:.0f} s" if waited is None else f"{waited:.1f} s (bound {bound:.0f} s)",
    )
    section.figure(
        "unanswered inserts stored anyway (either is correct)",
        sum(1 for e in unanswered if rows[e]),
    )
    duplicates = sum(max(0, mail.confirmations[e] - 1) for e in acked)
    section.figure("duplicate confirmation emails (at least once delivery)", duplicates)
    section.figure(
        "duplicate deliveries (a Message-ID delivered again; a receiver can drop them)",
        mail.duplicate_deliveries,
    )
    section.figure("partial .tmp files in the outbox", mail.partial)
    section.check("the server was killed mid-load", killed > 0 and len(acked) >= kill_at, killed)
    section.check(
        "no 5xx before the kill",
        result.count(lambda s: s >= 500) == 0,
        statuses_text(result.statuses),
    )
    section.check(
        "every acknowledged insert's row is present after the restart",
        all(rows[e] == 1 for e in acked),
        f"{sum(1 for e in acked if rows[e] != 1)} of {len(acked)} missing "
        f"(at the kill: {sum(1 for e in acked if rows_at_kill[e] != 1)})",
    )
    section.check(
        "an insert after the restart succeeds",
        after.count(lambda s: s == 201) == 1,
        statuses_text(after.statuses),
    )
    section.check("the outbox table drained", waited is not None, seconds_text(waited))
    section.check(
        "every acknowledged insert's confirmation email was delivered",
        all(mail.confirmations[e] >= 1 for e in acked),
        f"{sum(1 for e in acked if mail.confirmations[e] < 1)} of {len(acked)} missing",
    )
    section.check(
        "every email has a Message-ID, and every repeat its original's",
        mail.without_message_id == 0
        and mail.duplicate_confirmations_by_message_id(acked) == duplicates,
        f"{mail.without_message_id} without; {duplicates} repeated confirmations, "
        f"{mail.duplicate_confirmations_by_message_id(acked)} of them with a repeated Message-ID",
    )


# -- scenario 5: one refresh token, many at once ----------------------------------------------


async def send_one(port: int, raw: bytes) -> Reply:
    conn = Connection("127.0.0.1", port)
    try:
        return await asyncio.wait_for(conn.send(raw), REQUEST_TIMEOUT)
    finally:
        conn.close()


async def sign_up(running: bench_server.BenchServer, email: str, ip: str) -> dict[str, Any]:
    body = json.dumps({"email": email, "password": PASSWORD}).encode()
    raw = build_request("POST", "/auth/v1/signup", headers(running.anon, ip), body)
    reply = await send_one(running.port, raw)
    if reply.status != 200:
        raise RuntimeError(f"sign-up failed: {reply.status} {reply.body[:200]!r}")
    session: dict[str, Any] = json.loads(reply.body)
    return session


def refresh_request(anon: str, ip: str, token: str) -> bytes:
    body = json.dumps({"refresh_token": token}).encode()
    return build_request("POST", "/auth/v1/token?grant_type=refresh_token", headers(anon, ip), body)


async def concurrent_refresh(section: Section, db: Db, running: bench_server.BenchServer) -> None:
    from app.core.tokens import digest

    count = 50  # not scaled: the race is the point
    session = await sign_up(running, f"soak5-{db.label.lower()}@example.com", client_ip(5, 0))
    token = session["refresh_token"]
    requests = [refresh_request(running.anon, client_ip(5, 1), token)] * count
    result = await drive(running.port, requests, count, deadline=120)
    returned = {
        json.loads(o.reply.body)["refresh_token"]
        for o in result.outcomes
        if o.status == 200 and o.reply is not None
    }
    sid_rows = await query(
        db,
        running.var_dir,
        "SELECT session_id FROM refresh_tokens WHERE token_hash = :h",
        h=digest(token),
    )
    chain = await query(
        db,
        running.var_dir,
        "SELECT token_hash, parent_hash, revoked FROM refresh_tokens WHERE session_id = :s",
        s=sid_rows[0][0] if sid_rows else None,
    )
    children = [row for row in chain if row[1] == digest(token)]
    load_figures(section, result)
    section.figure("distinct refresh tokens answered", len(returned))
    section.figure("tokens in the session's chain", len(chain))
    section.check("no 5xx", result.count(lambda s: s >= 500) == 0, statuses_text(result.statuses))
    section.check(
        "every refresh answered 200",
        result.count(lambda s: s == 200) == count,
        statuses_text(result.statuses),
    )
    section.check("one child token issued", len(children) == 1 and len(chain) == 2, len(children))
    section.check(
        "every answer carries that child",
        len(returned) == 1 and {digest(t) for t in returned} == {row[0] for row in children},
        len(returned),
    )
    # The session still works: the new access token reads the user, the child refreshes.
    answer = (
        next(json.loads(o.reply.body) for o in result.outcomes if o.status == 200 and o.reply)
        if returned
        else session
    )
    user = await send_one(
        running.port,
        build_request(
            "GET",
            "/auth/v1/user",
            headers(running.anon, client_ip(5, 2), bearer=answer["access_token"]),
        ),
    )
    again = await send_one(
        running.port, refresh_request(running.anon, client_ip(5, 3), answer["refresh_token"])
    )
    section.check("GET /user with the new access token", user.status == 200, user.status)
    section.check("the child token refreshes", again.status == 200, again.status)


# -- scenario 6: timing of known vs unknown accounts ----------------------------------------


@dataclass
class TimingRound:
    medians: dict[str, float]  # kind -> median seconds
    other: float  # share of the machine's CPUs used outside the server and this process


def jwt_claims(token: str) -> dict[str, Any]:
    payload = token.split(".")[1]
    claims: dict[str, Any] = json.loads(
        base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    )
    return claims


async def timing(
    section: Section, db: Db, running: bench_server.BenchServer, samples: int, rounds: int
) -> None:
    known = [f"soak6-known-{i}@example.com" for i in range(samples * rounds)]
    sem = asyncio.Semaphore(4)

    async def make(i: int, email: str) -> None:
        async with sem:
            await sign_up(running, email, client_ip(6, i))

    await asyncio.gather(*(make(i, e) for i, e in enumerate(known)))
    await wait_for_outbox(db, running.var_dir, bound=120)
    watcher = create_async_engine(db.sqlalchemy_url(running.var_dir), pool_size=1)
    quiet = wait_until_quiet(0.25, max_wait=30)
    rng = random.Random(13)  # noqa: S311 - an order, not a secret
    anon = running.anon
    ip_counter = iter(range(1000, 60000))
    gap = 0.2

    def password(email: str, secret: str) -> bytes:
        body = json.dumps({"email": email, "password": secret}).encode()
        return build_request(
            "POST",
            "/auth/v1/token?grant_type=password",
            headers(anon, client_ip(6, next(ip_counter))),
            body,
        )

    def recover(email: str) -> bytes:
        body = json.dumps({"email": email}).encode()
        return build_request(
            "POST", "/auth/v1/recover", headers(anon, client_ip(6, next(ip_counter))), body
        )

    results: list[TimingRound] = []
    statuses: Counter[str] = Counter()
    conn = Connection("127.0.0.1", running.port)
    try:
        for r in range(rounds):
            mine = known[r * samples : (r + 1) * samples]
            trials: list[tuple[str, bytes]] = []
            for i, email in enumerate(mine):
                unknown = f"soak6-nobody-{r}-{i}@example.com"
                trials += [
                    ("password, known (wrong password)", password(email, "wrong-" + PASSWORD)),
                    ("password, unknown", password(unknown, "wrong-" + PASSWORD)),
                    ("recover, known", recover(email)),
                    ("recover, unknown", recover(unknown)),
                ]
            rng.shuffle(trials)
            times: dict[str, list[float]] = {}
            noise = OtherLoad(running.process.pid)
            for kind, raw in trials:
                began = time.perf_counter()
                reply = await asyncio.wait_for(conn.send(raw), REQUEST_TIMEOUT)
                times.setdefault(kind, []).append(time.perf_counter() - began)
                statuses[f"{kind}: {reply.status}"] += 1
                # A known address's email is sent after the response, and its outbox row
                # deleted after that: the next request starts once the table is empty again
                # (after every request alike), then after a pause.
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    async with watcher.connect() as watch:
                        left = await watch.execute(text("SELECT count(*) FROM mail_outbox"))
                    if left.scalar_one() == 0:
                        break
                    await asyncio.sleep(0.01)
                await asyncio.sleep(gap)
            medians = {kind: statistics.median(seconds) for kind, seconds in times.items()}
            results.append(TimingRound(medians, noise.share()))
    finally:
        conn.close()
        await watcher.dispose()

    section.figure("requests per kind per round", samples)
    section.figure("rounds", rounds)
    section.figure("waited for a quiet machine s", f"{quiet:.0f}")
    section.figure("statuses", statuses_text(statuses))
    for r, rnd in enumerate(results, 1):
        listed = ", ".join(f"{k} {1000 * v:.1f}" for k, v in sorted(rnd.medians.items()))
        section.figure(f"round {r} medians ms (other load {rnd.other:.0%})", listed)
    for what, known_kind, unknown_kind in [
        ("password grant", "password, known (wrong password)", "password, unknown"),
        ("/recover", "recover, known", "recover, unknown"),
    ]:
        ratios = sorted(rnd.medians[known_kind] / rnd.medians[unknown_kind] for rnd in results)
        middle = statistics.median(ratios)
        spread = f"{ratios[0]:.3f} / {middle:.3f} / {ratios[-1]:.3f}"
        section.figure(
            f"{what}: median known / median unknown, min / median / max of rounds", spread
        )
        section.check(
            f"{what}: medians within {TIMING_TOLERANCE:.0%}",
            abs(middle - 1) <= TIMING_TOLERANCE,
            f"ratio {middle:.3f} (rounds {spread})",
        )


# -- all of it ------------------------------------------------------------------------------


async def soak(postgres_url: str) -> list[Section]:
    from tests.pg import create_database

    def pg(name: str) -> Db:
        return Db("PostgreSQL", create_database(postgres_url, name), workers=2)

    sqlite = Db("SQLite", "", workers=1)
    sections: list[Section] = []

    async def scenario(section: Section, body: Callable[[Section], Awaitable[None]]) -> None:
        if ONLY and section.title.split(".")[0] not in ONLY:
            return
        print(f"\n== {section.title}", flush=True)
        sections.append(section)
        try:
            await body(section)
        except Exception as exc:  # a scenario that crashed is a failed check, not a lost report
            section.check("the scenario ran to the end", False, repr(exc))

    def on_server(
        db: Db, body: Callable[[Section, bench_server.BenchServer], Awaitable[None]]
    ) -> Callable[[Section], Awaitable[None]]:
        async def run(section: Section) -> None:
            with serve(db) as running:
                await body(section, running)

        return run

    def fresh_var_dir(
        body: Callable[[Section, Path], Awaitable[None]],
    ) -> Callable[[Section], Awaitable[None]]:
        async def run(section: Section) -> None:
            var_dir = Path(tempfile.mkdtemp(prefix="soak-"))
            try:
                await body(section, var_dir)
            finally:
                shutil.rmtree(var_dir, ignore_errors=True)

        return run

    n1, c1 = scaled(10_000, 100), 100
    db1 = pg("soak1")
    await scenario(
        Section(f"1. {n1} inserts, distinct addresses", f"PostgreSQL, 2 workers, {c1} connections"),
        lambda s: inserts(s, db1, 1, n1, c1),
    )
    db2 = pg("soak2")
    await scenario(
        Section(
            "2. 200 concurrent inserts of one address", "PostgreSQL, 2 workers, 200 connections"
        ),
        on_server(db2, lambda s, running: one_address(s, db2, running)),
    )
    n3, c3 = scaled(2_000, 100), 50
    await scenario(
        Section(f"3. {n3} inserts, distinct addresses", f"SQLite, 1 worker, {c3} connections"),
        lambda s: inserts(s, sqlite, 3, n3, c3),
    )
    n4 = scaled(2_000, 100)
    db4 = pg("soak4")
    for db, connections in [(db4, 100), (sqlite, 50)]:
        await scenario(
            Section(
                f"4. kill -9 mid-load ({n4} inserts planned, killed once 40 % were acknowledged), "
                "restart",
                f"{db.label}, {db.workers} worker(s), {connections} connections",
            ),
            fresh_var_dir(
                lambda s, var_dir, db=db, c=connections: kill_mid_load(s, db, var_dir, n4, c)  # type: ignore[misc]
            ),
        )
    db5 = pg("soak5")
    for db in [db5, sqlite]:
        await scenario(
            Section(
                "5. 50 concurrent refreshes of one refresh token",
                f"{db.label}, {db.workers} worker(s), 50 connections",
            ),
            on_server(db, lambda s, running, db=db: concurrent_refresh(s, db, running)),  # type: ignore[misc]
        )
    db6 = pg("soak6")
    samples, rounds = scaled(150, 10), 3
    await scenario(
        Section(
            "6. timing: known vs unknown accounts",
            "PostgreSQL, 2 workers, one connection, default argon2id cost",
        ),
        on_server(db6, lambda s, running: timing(s, db6, running, samples, rounds)),
    )
    return sections


def report(sections: list[Section], began: float, load_before: str) -> str:
    load_after = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    lines = [
        "# Reliability soak",
        "",
        f"`make soak` (bench/soak.py), run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"took {time.monotonic() - began:.0f} s, **SOAK_SCALE={SCALE:g}**"
        + (
            " (counts scaled down: a check of the soak itself, not its figures)"
            if SCALE < 1
            else ""
        )
        + ". What each scenario proves: docs/reliability.md.",
        "",
        f"- Machine: nproc {os.cpu_count()}, shared; load average before / after: "
        f"{load_before} / {load_after}. CPython {platform.python_version()}; {package_versions()}.",
        "- Server: bench/server.py (the production app under uvicorn with the flags of "
        "`python -m app serve`), ENVIRONMENT=test, outbox mail backend, default argon2id cost, "
        "default MAIL_SWEEP_INTERVAL and pool settings, AUTH_AUTOCONFIRM=true (accounts for "
        "scenarios 5 and 6). PostgreSQL: a throwaway cluster (backend/tests/pg.py, fsync off: "
        "only the server processes are killed, never PostgreSQL) on the same machine.",
        "- Limits: rate limits on at their production defaults (RATE_LIMIT_SUBSCRIBE 20/600 s "
        "per IP and the others), NEWSLETTER_MAX_ROWS 2 (each insert holds one row). Every "
        "request carries its own client address in X-Forwarded-For, which the server trusts "
        "from 127.0.0.1 as it trusts its reverse proxy in production: per-IP limits count as "
        "for that many visitors and refuse nothing, so the scenarios measure the server, not "
        "the limits. Every address is distinct except in scenario 2.",
        "- Load: bench/soak.py drives a fixed list of requests over N keep-alive connections "
        "(bench/load.py's client) from 127.0.0.1; nothing is retried. Emails are counted as "
        ".eml files once the `mail_outbox` table is empty (bounded waits).",
        "",
        "| scenario | setup | result | checks failed |",
        "| --- | --- | --- | --- |",
    ]
    for section in sections:
        failed = [c.what for c in section.checks if not c.ok]
        verdict = "**pass**" if section.ok else "**FAIL**"
        lines.append(
            f"| {section.title} | {section.setup} | {verdict} | {'; '.join(failed) or '-'} |"
        )
    for section in sections:
        lines += ["", f"## {section.title}", "", f"{section.setup}.", ""]
        lines += ["| figure | value |", "| --- | --- |"]
        lines += [f"| {name} | {value} |" for name, value in section.figures]
        lines += ["", "| check | | detail |", "| --- | --- | --- |"]
        lines += [
            f"| {c.what} | {'ok' if c.ok else '**FAIL**'} | {c.detail.replace('|', '/')} |"
            for c in section.checks
        ]
    return "\n".join(lines) + "\n"


def main() -> int:
    from tests.pg import throwaway_postgres

    began = time.monotonic()
    load_before = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    with throwaway_postgres() as postgres_url:
        sections = asyncio.run(soak(postgres_url))
    text_out = report(sections, began, load_before)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text_out)
    print("\n" + text_out)
    return 0 if all(section.ok for section in sections) else 1


if __name__ == "__main__":
    sys.exit(main())
