"""Delivers the outbox (core/mail_queue.py): claims due rows, sends them, deletes them.

Three things call it:

- the request, right after its transaction committed (`nudge`, a background task after the
  response): its own rows leave at once, as before the outbox;
- a sweep in every worker (`start`/`stop`, from the app's lifespan) every
  MAIL_SWEEP_INTERVAL seconds: mail a dead worker never sent, and retries that fell due;
- an operator, `python -m app mail deliver`.

Claiming is what makes several workers (and hosts) safe: one short transaction moves a due
row's `next_attempt_at` to the end of a claim and stamps it with a fresh claim id; on
PostgreSQL the row is picked with `FOR UPDATE SKIP LOCKED`, and SQLite has a single writer.
The message is then sent outside any transaction, and only the holder of the claim may
delete the row (sent) or schedule its retry (failed): a deliverer whose claim lapsed and was
taken over changes nothing.

Rows are claimed one at a time, each just before its send, for CLAIM_MARGIN seconds more than
one send may take (`send_timeout`). A claim therefore covers exactly one send and needs no
renewal. A batch claimed at once would have to last for every send of the batch, or be
renewed before each send, which is one more write per email (the same count as one claim per
email). It would also hold its later rows back behind a slow send. A worker killed mid-send
leaves one row per delivery it was running, due again `send_timeout + CLAIM_MARGIN` seconds
(45 s with the defaults) after its claim. Nothing it would have sent next was claimed, so the
next sweep sends that at once. The claim's time is read once the claiming transaction holds
its connection and lock: waiting for them does not eat into the claim. Mail is sent at least
once: a crash between the server's acceptance and the delete sends one twice, with the same
Message-ID (the row's, core/mail_queue.py), so a receiver can tell the repeat
(docs/reliability.md#mail).

That moment is kept short: the delete (or the retry's schedule) right after a send runs on
a small connection pool of the deliverer's own (`create_outcome_engine`, POOL_SIZE +
POOL_OVERFLOW connections per worker, connected when the sweep starts) that nothing else
uses. So it never queues behind the requests, nor behind other deliveries' claims (in a
burst, many claims wait at once). Claims (and the housekeeping) use the requests' pool:
waiting there delays an email that nothing has sent yet. At most SENDS_AT_ONCE rows per
worker are between their claim and their outcome (as many as the outcome pool has
connections), so recording an outcome never waits for a connection, and a burst of requests
queues its emails in memory, in order, instead of piling claims onto the requests' pool. The
full-scale soak found the unbounded version: 10,000 inserts from 100 connections left
thousands of sent emails waiting for 4 outcome connections until the pool timed out, still
claimed, to be sent again after their claim. On
SQLite the delete still waits for the single writer lock (`busy_timeout`), as every
transaction does, but among the connections holding or asking for the lock, not behind every
request waiting for a pool connection.

A failure is retried after MAIL_RETRY_BASE_DELAY seconds, doubling up to
MAIL_RETRY_MAX_DELAY, until MAIL_RETRY_MAX_ATTEMPTS attempts failed; the row is then kept
(`next_attempt_at` NULL) for `mail status` / `mail deliver --all`, and purged after
GIVEN_UP_RETENTION. Logs name the row, its subject and the error, never the body: messages
hold one-time links and codes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.parser import BytesHeaderParser

import anyio
from sqlalchemy import Row, Table, delete, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from app.core.database import create_engine, utcnow
from app.core.mail_queue import OutboxMessage
from app.core.settings import Settings
from app.mail.backends import Mailer

logger = logging.getLogger(__name__)

_outbox: Table = OutboxMessage.__table__  # type: ignore[assignment]  # a Table, typed FromClause

BATCH = 10  # rows per `deliver` call (claimed one at a time)
SWEEP_BATCHES = 10  # batches per sweep at most: a sweep stays bounded, the next one goes on
GIVEN_UP_RETENTION = timedelta(days=7)  # the longest link in any email has expired by then
# A claim lasts one send (`send_timeout`) plus this: time to delete the row, or schedule its
# retry, after a send that took all its time, and some clock difference between hosts.
CLAIM_MARGIN = 15.0
# The connections of each worker's deliverer for recording a send's outcome, apart from the
# requests' pool: kept open, and opened in a burst. Each use is one short statement.
POOL_SIZE = 2
POOL_OVERFLOW = 2
# Rows a worker's deliverer has between claim and outcome at once: one outcome connection each.
SENDS_AT_ONCE = POOL_SIZE + POOL_OVERFLOW

# id, recipient, message, attempts (this one included)
_Claimed = Row[tuple[uuid.UUID, str, bytes, int]]


@dataclass
class Report:
    claimed: int = 0
    sent: int = 0
    retrying: int = 0
    given_up: int = 0

    def add(self, other: Report) -> None:
        self.claimed += other.claimed
        self.sent += other.sent
        self.retrying += other.retrying
        self.given_up += other.given_up


def retry_delay(settings: Settings, attempts: int) -> int:
    """Seconds before the next try after `attempts` failed ones."""
    exponent = min(max(attempts - 1, 0), 30)
    return int(min(settings.mail_retry_base_delay * 2**exponent, settings.mail_retry_max_delay))


def send_timeout(smtp_timeout: float) -> float:
    """The longest one send may take: several SMTP round trips, each bounded by SMTP_TIMEOUT."""
    return max(30.0, 3 * smtp_timeout)


def create_outcome_engine(settings: Settings) -> AsyncEngine:
    """The deliverer's own engine (its own pool) on the app's database, for the outcomes."""
    return create_engine(settings, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW)


def _subject(message: bytes) -> str:
    return str(BytesHeaderParser().parsebytes(message)["Subject"] or "")


class Deliverer:
    """Claims on `engine` (the requests' one, in the server) and records what became of each
    send on `outcome_engine`: in the server its own (`create_outcome_engine`); by default
    `engine` (an operator command's, which serves nothing else)."""

    def __init__(
        self,
        engine: AsyncEngine,
        mailer: Mailer,
        settings: Settings,
        *,
        outcome_engine: AsyncEngine | None = None,
    ) -> None:
        self.engine = engine
        self.outcome_engine = outcome_engine or engine
        self.mailer = mailer
        self.settings = settings
        self.send_timeout = send_timeout(settings.smtp_timeout)
        self._task: asyncio.Task[None] | None = None
        self._sending = asyncio.Semaphore(SENDS_AT_ONCE)
        # Set after each sweep of `run_forever`: something to wait on instead of sleeping.
        self.swept = asyncio.Event()

    # -- sending ----------------------------------------------------------------------

    async def deliver(
        self, ids: Sequence[uuid.UUID] | None = None, *, limit: int = BATCH
    ) -> Report:
        """Sends up to `limit` due rows (only `ids`, when given), oldest due first, each
        claimed just before its send."""
        if ids is not None:
            if not ids:
                return Report()
            limit = len(ids)
        report = Report()
        while report.claimed < limit:
            async with self._sending:
                claim = uuid.uuid4()
                row = await self._claim(claim, ids)
                if row is None:
                    break
                report.claimed += 1
                outcome = await self._send(claim, row)
            setattr(report, outcome, getattr(report, outcome) + 1)
        return report

    async def nudge(self, ids: Sequence[uuid.UUID]) -> None:
        """After a request committed: send its rows now. Never raises; the sweep retries."""
        try:
            await self.deliver(ids)
        except Exception:
            logger.exception("mail delivery after a request failed; the sweep will retry")

    async def flush(self, max_batches: int | None = None) -> Report:
        """Sends everything due, batch after batch (at most `max_batches`)."""
        report = Report()
        batches = 0
        while max_batches is None or batches < max_batches:
            batch = await self.deliver()
            report.add(batch)
            batches += 1
            if batch.claimed < BATCH:
                break
        return report

    @property
    def claim_seconds(self) -> float:
        """How long a claim lasts: one send, and the margin to record its outcome."""
        return self.send_timeout + CLAIM_MARGIN

    async def _claim(self, claim: uuid.UUID, ids: Sequence[uuid.UUID] | None) -> _Claimed | None:
        """Claims the due row due longest (the first written, among equals), or None."""
        async with self.engine.begin() as conn:
            # Read now, not before: the wait for a connection (and on SQLite for the write
            # lock, taken by BEGIN IMMEDIATE) would otherwise shorten the claim.
            now = utcnow()
            until = now + timedelta(seconds=self.claim_seconds)
            due = select(_outbox.c.id).where(_outbox.c.next_attempt_at <= now)
            if ids is not None:
                due = due.where(_outbox.c.id.in_(list(ids)))
            # SKIP LOCKED: concurrent deliverers take different rows instead of waiting for,
            # and then re-taking, the same ones. (SQLite has no row locks, one writer.)
            due = due.order_by(_outbox.c.next_attempt_at, _outbox.c.created_at).limit(1)
            due = due.with_for_update(skip_locked=True)
            statement = (
                update(_outbox)
                # Due again in the outer condition: PostgreSQL re-checks it on a row that
                # another transaction changed while this one waited.
                .where(_outbox.c.id.in_(due.scalar_subquery()), _outbox.c.next_attempt_at <= now)
                .values(claim=claim, next_attempt_at=until, attempts=_outbox.c.attempts + 1)
                .returning(_outbox.c.id, _outbox.c.recipient, _outbox.c.message, _outbox.c.attempts)
            )
            return (await conn.execute(statement)).first()

    async def _send(self, claim: uuid.UUID, row: _Claimed) -> str:
        try:
            with anyio.fail_after(self.send_timeout):
                await self.mailer.send(row.message, row.recipient)
        except Exception as exc:  # whatever the backend raised: the row stays, retried
            return await self._failed(claim, row, exc)
        # At once, on the deliverer's own pool: until this commits, a crash sends it again.
        async with self.outcome_engine.begin() as conn:
            await conn.execute(
                delete(_outbox).where(_outbox.c.id == row.id, _outbox.c.claim == claim)
            )
        return "sent"

    async def _failed(self, claim: uuid.UUID, row: _Claimed, exc: Exception) -> str:
        error = f"{type(exc).__name__}: {exc}"[:500]
        attempts = row.attempts
        subject = _subject(row.message)
        maximum = self.settings.mail_retry_max_attempts
        next_attempt: datetime | None
        if attempts >= maximum:
            next_attempt, outcome = None, "given_up"
            logger.error(
                "mail %s %r not sent after %d attempts, giving up: %s",
                row.id,
                subject,
                attempts,
                error,
            )
        else:
            delay = retry_delay(self.settings, attempts)
            next_attempt, outcome = utcnow() + timedelta(seconds=delay), "retrying"
            logger.warning(
                "mail %s %r not sent (attempt %d of %d), next try in %d s: %s",
                row.id,
                subject,
                attempts,
                maximum,
                delay,
                error,
            )
        # On the deliverer's own pool too: within the claim's margin after a send that timed out.
        async with self.outcome_engine.begin() as conn:
            await conn.execute(
                update(_outbox)
                .where(_outbox.c.id == row.id, _outbox.c.claim == claim)
                .values(next_attempt_at=next_attempt, claim=None, last_error=error)
            )
        return outcome

    # -- housekeeping -------------------------------------------------------------------

    async def purge(self) -> int:
        """Deletes the messages given up on long enough ago (their links have expired)."""
        cutoff = utcnow() - GIVEN_UP_RETENTION
        async with self.engine.begin() as conn:
            result = await conn.execute(
                delete(_outbox).where(
                    _outbox.c.next_attempt_at.is_(None), _outbox.c.created_at < cutoff
                )
            )
        return int(getattr(result, "rowcount", 0) or 0)

    async def retry_all(self) -> int:
        """Makes every stored message due now, given-up ones with their attempts reset."""
        now = utcnow()
        async with self.engine.begin() as conn:
            waiting = await conn.execute(
                update(_outbox)
                .where(_outbox.c.claim.is_(None), _outbox.c.next_attempt_at > now)
                .values(next_attempt_at=now)
            )
            given_up = await conn.execute(
                update(_outbox)
                .where(_outbox.c.next_attempt_at.is_(None))
                .values(next_attempt_at=now, attempts=0)
            )
        return int(getattr(waiting, "rowcount", 0) or 0) + int(
            getattr(given_up, "rowcount", 0) or 0
        )

    # -- the sweep ----------------------------------------------------------------------

    async def sweep(self) -> Report:
        report = await self.flush(max_batches=SWEEP_BATCHES)
        await self.purge()
        return report

    async def open_outcome_pool(self) -> None:
        """Connects the outcome pool before a send needs it: the first deletes after a start
        do not wait for new connections (on PostgreSQL, also the dialect's first queries)."""
        async with contextlib.AsyncExitStack() as connections:
            for _ in range(POOL_SIZE):
                await connections.enter_async_context(self.outcome_engine.connect())

    async def run_forever(self) -> None:
        interval = self.settings.mail_sweep_interval
        try:
            await self.open_outcome_pool()
        except Exception:
            logger.exception("the mail deliverer could not connect to the database yet")
        while True:
            backlog = False
            try:
                report = await self.sweep()
                # A sweep stops after SWEEP_BATCHES; if it found that many, more are due (a
                # restart after a crash in a burst): go on at once rather than at the next
                # interval, which would send SWEEP_BATCHES * BATCH an interval at most.
                backlog = report.claimed >= SWEEP_BATCHES * BATCH
            except Exception:
                logger.exception("the mail sweep failed; it runs again in %s s", interval)
            self.swept.set()
            await anyio.sleep(0 if backlog else interval)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run_forever(), name="mail-sweep")

    async def stop(self) -> None:
        """Stops the sweep; a message it was sending is claimed again later."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
