"""The mail outbox: emails are rows of the request's transaction, delivered after it commits,
retried with backoff when the backend fails, and never sent twice by concurrent deliverers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any, cast

import anyio
import httpx
import pytest
import sqlalchemy.exc
from fastapi import APIRouter, FastAPI
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.core.database import create_engine, create_sessionmaker, utcnow
from app.core.deps import ContextDep
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.mail_queue import MailQueue, OutboxMessage
from app.core.settings import Settings
from app.mail import cli, delivery
from app.mail.backends import OutboxMailer
from app.mail.compose import compose
from app.mail.delivery import (
    BATCH,
    CLAIM_MARGIN,
    GIVEN_UP_RETENTION,
    POOL_SIZE,
    Deliverer,
    retry_delay,
)
from tests.auth.helpers import link_in, signup
from tests.conftest import Outbox


class FlakyMailer:
    """Fails the first `failures` sends, then writes to the real outbox folder."""

    def __init__(self, directory: Any, failures: int) -> None:
        self.inner = OutboxMailer(directory)
        self.failures = failures
        self.attempts = 0

    async def send(self, message: bytes, recipient: str) -> None:
        self.attempts += 1
        if self.attempts <= self.failures:
            raise ConnectionRefusedError(111, "Connection refused")
        await self.inner.send(message, recipient)


class CountingMailer:
    def __init__(self) -> None:
        self.sent: Counter[bytes] = Counter()

    async def send(self, message: bytes, recipient: str) -> None:
        await asyncio.sleep(0)  # let the other deliverers run in between
        self.sent[message] += 1


class SlowMailer:
    """A mail server that takes each message, then answers only once released; its sends
    never end when the worker sending them is killed meanwhile."""

    def __init__(self, *, fails: bool = False) -> None:
        self.fails = fails
        self.sending = asyncio.Event()
        self.release = asyncio.Event()
        self.messages: list[bytes] = []

    async def send(self, message: bytes, recipient: str) -> None:
        self.messages.append(message)
        self.sending.set()
        await self.release.wait()
        if self.fails:
            raise ConnectionResetError(104, "Connection reset by peer")


@contextlib.contextmanager
def _later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> Iterator[None]:
    """The deliverers' clock, `seconds` ahead: what waiting that long would do."""
    with monkeypatch.context() as patch:
        patch.setattr(delivery, "utcnow", lambda: utcnow() + timedelta(seconds=seconds))
        yield


async def _cancel(*tasks: asyncio.Task[Any] | None) -> None:
    """What a failed test leaves: deliveries still waiting for a mail server."""
    for task in tasks:
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


async def _queue(app: FastAPI, settings: Settings, count: int) -> list[bytes]:
    """Commits `count` emails (without delivering them); returns them as they will be sent."""
    async with app.state.sessionmaker() as session:
        queue = MailQueue(session)
        for n in range(count):
            queue.add(_message(settings, f"person{n}@example.com", subject=f"message {n}"))
        await session.commit()
    return [row.message for row in await _rows(app)]


async def _rows(app: FastAPI) -> list[OutboxMessage]:
    async with app.state.sessionmaker() as session:
        return list((await session.scalars(select(OutboxMessage))).all())


async def _make_due(app: FastAPI) -> None:
    """What waiting for the retry delay would do."""
    async with app.state.engine.begin() as conn:
        await conn.execute(
            update(OutboxMessage)
            .where(OutboxMessage.next_attempt_at.is_not(None))
            .values(next_attempt_at=utcnow() - timedelta(seconds=1))
        )


def _message(settings: Settings, to: str, subject: str = "Hello") -> Any:
    return compose(settings, to=to, subject=subject, template="contact_message", context=_contact())


def _contact() -> dict[str, str]:
    return {
        "name": "N",
        "email": "n@example.com",
        "subject": "S",
        "message": "secret-body-text",
        "ip": "203.0.113.7",
    }


@pytest.fixture
def probe(app: FastAPI, settings: Settings) -> FastAPI:
    """A route that queues one email, then succeeds or fails as asked."""
    router = APIRouter()

    @router.post("/test/mail")
    async def send_mail(ctx: ContextDep, outcome: str = "ok") -> dict[str, str]:
        ctx.mail.add(_message(settings, "probe@example.com"))
        await ctx.db.flush()  # the row reaches the database inside the transaction
        if outcome == "error":
            raise AppError(400, ErrorCode.validation_failed, "refused")
        if outcome == "error_that_commits":
            raise AppError(403, ErrorCode.otp_expired, "refused", commit=True)
        if outcome == "crash":
            raise RuntimeError("the handler broke after queuing mail")
        return {}

    app.include_router(router)
    return app


async def test_mail_is_delivered_after_the_commit_and_its_row_removed(
    probe: FastAPI, client: httpx.AsyncClient, outbox: Outbox
) -> None:
    response = await client.post("/test/mail")
    assert response.status_code == 200
    assert [m["To"] for m in outbox.messages()] == ["probe@example.com"]
    assert await _rows(probe) == []


@pytest.mark.parametrize("outcome", ["error", "error_that_commits", "crash"])
async def test_a_request_that_fails_after_queuing_mail_stores_and_sends_none(
    probe: FastAPI, client: httpx.AsyncClient, outbox: Outbox, outcome: str
) -> None:
    if outcome == "crash":
        with pytest.raises(RuntimeError):
            await client.post("/test/mail", params={"outcome": outcome})
    else:
        response = await client.post("/test/mail", params={"outcome": outcome})
        assert response.status_code in {400, 403}
    assert await _rows(probe) == []
    assert outbox.messages() == []
    await probe.state.mail_deliverer.flush()
    assert outbox.messages() == []


async def test_committed_mail_a_dead_worker_never_sent_goes_out_with_the_sweep(
    app: FastAPI, settings: Settings, outbox: Outbox
) -> None:
    # The request committed, then its process was killed before the nudge ran.
    async with app.state.sessionmaker() as session:
        MailQueue(session).add(_message(settings, "orphan@example.com"))
        await session.commit()
    assert len(await _rows(app)) == 1
    assert outbox.messages() == []

    report = await app.state.mail_deliverer.sweep()
    assert (report.claimed, report.sent) == (1, 1)
    assert [m["To"] for m in outbox.messages()] == ["orphan@example.com"]
    assert await _rows(app) == []


async def test_a_failing_backend_keeps_the_mail_and_retries_with_backoff(
    app: FastAPI,
    client: httpx.AsyncClient,
    outbox: Outbox,
    settings: Settings,
    caplog: pytest.LogCaptureFixture,
) -> None:
    deliverer: Deliverer = app.state.mail_deliverer
    flaky = FlakyMailer(settings.outbox_dir, failures=3)
    deliverer.mailer = flaky
    caplog.set_level(logging.WARNING, logger="app.mail.delivery")

    before = utcnow()
    response = await signup(client, "retry@example.com")
    assert response.status_code == 200
    assert outbox.messages() == []  # both emails (user, admin) failed
    rows = await _rows(app)
    assert len(rows) == 2
    for row in rows:
        assert row.attempts == 1
        assert row.claim is None
        assert row.last_error is not None
        assert "ConnectionRefusedError" in row.last_error
        assert row.next_attempt_at is not None
        delay = (row.next_attempt_at - before).total_seconds()
        assert settings.mail_retry_base_delay <= delay < settings.mail_retry_base_delay + 30

    # Not due yet: a sweep now sends nothing.
    assert (await deliverer.sweep()).claimed == 0

    # Due: one of the two fails again (the mailer's third failure), its delay doubles.
    await _make_due(app)
    report = await deliverer.sweep()
    assert (report.claimed, report.sent, report.retrying) == (2, 1, 1)
    (left,) = await _rows(app)
    assert left.attempts == 2
    assert left.next_attempt_at is not None
    assert (left.next_attempt_at - utcnow()).total_seconds() > retry_delay(settings, 1)

    await _make_due(app)
    assert (await deliverer.sweep()).sent == 1
    assert await _rows(app) == []
    assert sorted(str(m["To"]) for m in outbox.messages()) == [
        "admin@noor.example",
        "retry@example.com",
    ]
    # The link works: the account waited for its email, not the other way round.
    assert link_in(outbox, "retry@example.com")

    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "not sent (attempt 1 of 12)" in logged
    assert "Confirm your noor account" in logged  # the subject, to tell messages apart
    assert "/auth/v1/verify" not in logged  # never the body: it holds the link and code
    assert "token=" not in logged


def test_the_retry_delay_doubles_up_to_the_maximum(settings: Settings) -> None:
    delays = [retry_delay(settings, n) for n in range(1, settings.mail_retry_max_attempts)]
    assert delays[:4] == [30, 60, 120, 240]
    assert max(delays) == settings.mail_retry_max_delay
    # The documented figure: with the defaults, the last attempt is about 5 hours in.
    assert 4.5 * 3600 < sum(delays) < 5.5 * 3600


@pytest.mark.parametrize("settings_overrides", [{"mail_retry_max_attempts": 2}])
async def test_after_the_last_attempt_the_mail_is_kept_a_while_then_purged(
    app: FastAPI,
    client: httpx.AsyncClient,
    outbox: Outbox,
    settings: Settings,
    caplog: pytest.LogCaptureFixture,
) -> None:
    deliverer: Deliverer = app.state.mail_deliverer
    deliverer.mailer = FlakyMailer(settings.outbox_dir, failures=100)
    async with app.state.sessionmaker() as session:
        MailQueue(session).add(_message(settings, "never@example.com"))
        await session.commit()
    await deliverer.sweep()
    await _make_due(app)
    assert (await deliverer.sweep()).given_up == 1
    (row,) = await _rows(app)
    assert row.next_attempt_at is None
    assert row.attempts == 2
    assert "giving up" in caplog.text
    assert "secret-body-text" not in caplog.text

    # Given up: the sweep leaves it alone; an operator can send it again once fixed.
    await _make_due(app)
    assert (await deliverer.sweep()).claimed == 0
    assert await cli.outbox_status(settings) == {"due": 0, "waiting": 0, "given_up": 1}

    # Kept for a week, then purged: it holds links that have expired by then.
    async with app.state.engine.begin() as conn:
        await conn.execute(
            update(OutboxMessage).values(created_at=utcnow() - GIVEN_UP_RETENTION - timedelta(1))
        )
    await deliverer.sweep()
    assert await _rows(app) == []


async def test_the_operator_command_sends_what_waits(
    app: FastAPI, settings: Settings, outbox: Outbox
) -> None:
    deliverer: Deliverer = app.state.mail_deliverer
    deliverer.mailer = FlakyMailer(settings.outbox_dir, failures=1)
    async with app.state.sessionmaker() as session:
        queue = MailQueue(session)
        queue.add(_message(settings, "later@example.com"))
        queue.add(_message(settings, "now@example.com"))
        await session.commit()
    await deliverer.sweep()  # one fails, waits for its retry
    assert await cli.outbox_status(settings) == {"due": 0, "waiting": 1, "given_up": 0}

    report = await cli.deliver_now(settings)  # due only: nothing
    assert report.claimed == 0
    report = await cli.deliver_now(settings, everything=True)
    assert (report.claimed, report.sent) == (1, 1)
    assert await cli.outbox_status(settings) == {"due": 0, "waiting": 0, "given_up": 0}
    assert len(outbox.messages()) == 2


async def test_concurrent_deliverers_never_send_one_message_twice(
    app: FastAPI, settings: Settings
) -> None:
    count = 120
    await _queue(app, settings, count)
    mailer = CountingMailer()
    # Four workers: each its own engine (pool, connections), as separate processes would be.
    engines = [create_engine(settings) for _ in range(4)]
    try:
        deliverers = [Deliverer(engine, mailer, settings) for engine in engines]
        reports = await asyncio.gather(*(d.flush() for d in deliverers for _ in range(2)))
    finally:
        for engine in engines:
            await engine.dispose()

    assert sum(r.sent for r in reports) == count
    assert len(mailer.sent) == count
    assert set(mailer.sent.values()) == {1}
    assert await _rows(app) == []


class ConcurrencyMailer:
    """Counts the sends in flight at once. The first sends wait (2 s at most) until
    `limit` are in flight together, so that on a loaded machine, where the claims come
    slowly, the bound is still reached and tested; from then on each takes a moment."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.in_flight = 0
        self.most = 0
        self.full = asyncio.Event()
        self.sent: Counter[bytes] = Counter()

    async def send(self, message: bytes, recipient: str) -> None:
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        if self.in_flight >= self.limit:
            self.full.set()
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.full.wait(), timeout=2)
            await asyncio.sleep(0.01)
            self.sent[message] += 1
        finally:
            self.in_flight -= 1


async def test_a_burst_of_requests_sends_as_many_at_once_as_the_outcome_pool_records(
    app: FastAPI, settings: Settings
) -> None:
    """The full-scale soak's burst: every request nudges its own email at once. Unbounded,
    the sends finished together and queued their deletes on the outcome pool's few
    connections until it timed out, leaving sent emails claimed (to be sent again)."""
    messages = await _queue(app, settings, 60)
    deliverer: Deliverer = app.state.mail_deliverer
    deliverer.mailer = mailer = ConcurrencyMailer(delivery.SENDS_AT_ONCE)
    async with deliverer.outcome_engine.connect() as conn:
        ids = list(await conn.scalars(select(OutboxMessage.id)))
    await asyncio.gather(*(deliverer.nudge([one]) for one in ids))
    assert mailer.most == delivery.SENDS_AT_ONCE
    assert sorted(mailer.sent) == sorted(messages)
    assert set(mailer.sent.values()) == {1}
    assert await _rows(app) == []


@pytest.mark.parametrize("settings_overrides", [{"mail_sweep_interval": 3600}])
async def test_a_backlog_larger_than_one_sweep_goes_out_without_waiting_for_the_next(
    app: FastAPI, settings: Settings
) -> None:
    """After a crash in a burst, the restarted workers find thousands due: the soak saw them
    leave SWEEP_BATCHES * BATCH per MAIL_SWEEP_INTERVAL, minutes for a few hundred."""
    count = delivery.SWEEP_BATCHES * delivery.BATCH + 30
    await _queue(app, settings, count)
    deliverer = Deliverer(app.state.engine, mailer := CountingMailer(), settings)
    deliverer.start()
    try:
        with anyio.fail_after(20):  # the next sweep would be an hour away
            # Polls the table: what is waited for is the database's state, not an event.
            while await _rows(app):  # noqa: ASYNC110
                await asyncio.sleep(0.05)
    finally:
        await deliverer.stop()
    assert len(mailer.sent) == count
    assert await _rows(app) == []


async def test_the_lifespan_runs_the_sweep_and_stops_it(
    app: FastAPI, settings: Settings, outbox: Outbox
) -> None:
    async with app.state.sessionmaker() as session:
        MailQueue(session).add(_message(settings, "startup@example.com"))
        await session.commit()
    deliverer: Deliverer = app.state.mail_deliverer
    async with app.router.lifespan_context(app):
        await asyncio.wait_for(deliverer.swept.wait(), timeout=30)
        assert [m["To"] for m in outbox.messages()] == ["startup@example.com"]
        # The outcome pool was connected before the first send needed it, and stays so.
        assert app.state.mail_engine.pool.checkedin() == POOL_SIZE
    assert deliverer._task is None


async def test_an_operator_command_s_mail_goes_through_the_outbox(
    app: FastAPI, db: AsyncSession, settings: Settings, outbox: Outbox
) -> None:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            queue = MailQueue(session)
            queue.add(_message(settings, "cli@example.com"))
            await session.commit()
        await Deliverer(engine, OutboxMailer(settings.outbox_dir), settings).nudge(queue.ids)
    finally:
        await engine.dispose()
    assert [m["To"] for m in outbox.messages()] == ["cli@example.com"]
    assert await _rows(app) == []


async def test_a_killed_worker_holds_only_the_email_it_was_sending_and_for_one_send_only(
    app: FastAPI, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    messages = await _queue(app, settings, BATCH)
    # A worker sweeps, and is killed while the mail server takes its first message.
    hung = SlowMailer()
    engine = create_engine(settings)
    killed = Deliverer(engine, hung, settings)
    sweep = asyncio.create_task(killed.sweep())
    try:
        await asyncio.wait_for(hung.sending.wait(), timeout=10)
        before = utcnow()
    finally:
        await _cancel(sweep)  # the kill: its send never ends, nothing after it runs
        await engine.dispose()

    # It claimed that one message only, for one send and the margin: 45 s with the defaults.
    assert killed.claim_seconds == killed.send_timeout + CLAIM_MARGIN == 45
    (claimed,) = [row for row in await _rows(app) if row.claim is not None]
    assert claimed.next_attempt_at is not None
    assert claimed.next_attempt_at <= before + timedelta(seconds=killed.claim_seconds)
    assert claimed.next_attempt_at > before + timedelta(seconds=killed.send_timeout)

    # The others are due at once: the next sweep of another worker sends them.
    survivor: Deliverer = app.state.mail_deliverer
    survivor.mailer = mailer = CountingMailer()
    report = await survivor.sweep()
    assert (report.claimed, report.sent) == (BATCH - 1, BATCH - 1)
    assert [row.message for row in await _rows(app)] == [claimed.message]

    # The one it was sending: not while its send could still be running...
    with _later(monkeypatch, killed.send_timeout):
        assert (await survivor.sweep()).claimed == 0
    # ...and as soon as its claim lapsed, not after a claim for a whole batch of sends.
    with _later(monkeypatch, killed.claim_seconds + 1):
        report = await survivor.sweep()
    assert (report.claimed, report.sent) == (1, 1)
    assert await _rows(app) == []
    assert mailer.sent == Counter(messages)


async def test_a_slow_send_holds_its_email_from_other_deliverers_and_no_other(
    app: FastAPI, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = await _queue(app, settings, 2)
    slow_mailer = SlowMailer()
    engine = create_engine(settings)
    slow = Deliverer(engine, slow_mailer, settings)
    sending = asyncio.create_task(slow.deliver())
    try:
        await asyncio.wait_for(slow_mailer.sending.wait(), timeout=10)
        assert slow_mailer.messages == [first]

        other: Deliverer = app.state.mail_deliverer
        other.mailer = mailer = CountingMailer()
        # As long as the slow send may last, the other worker leaves its email alone; the
        # email after it was never claimed, and leaves at once.
        with _later(monkeypatch, slow.send_timeout):
            report = await other.sweep()
        assert (report.claimed, report.sent) == (1, 1)
        assert mailer.sent == Counter([second])

        slow_mailer.release.set()
        report = await asyncio.wait_for(sending, timeout=10)
    finally:
        await _cancel(sending)
        await engine.dispose()
    assert (report.claimed, report.sent) == (1, 1)
    assert slow_mailer.messages == [first]
    assert await _rows(app) == []


@pytest.mark.parametrize("fails", [False, True], ids=["sent", "failed"])
async def test_a_deliverer_whose_claim_lapsed_leaves_the_row_to_the_one_that_took_it_over(
    app: FastAPI, settings: Settings, monkeypatch: pytest.MonkeyPatch, fails: bool
) -> None:
    (message,) = await _queue(app, settings, 1)
    late_mailer, taker_mailer = SlowMailer(fails=fails), SlowMailer()
    engines = [create_engine(settings) for _ in range(2)]
    late = Deliverer(engines[0], late_mailer, settings)
    taker = Deliverer(engines[1], taker_mailer, settings)
    late_send, taker_send = asyncio.create_task(late.deliver()), None
    try:
        await asyncio.wait_for(late_mailer.sending.wait(), timeout=10)
        # The send outlived its claim (a hung host, a clock jump): another worker takes over.
        with _later(monkeypatch, late.claim_seconds + 1):
            taker_send = asyncio.create_task(taker.deliver())
            await asyncio.wait_for(taker_mailer.sending.wait(), timeout=10)
        (taken,) = await _rows(app)
        assert taken.attempts == 2

        # The late one ends: it neither deletes nor reschedules the row it no longer holds.
        late_mailer.release.set()
        await asyncio.wait_for(late_send, timeout=10)
        (row,) = await _rows(app)
        assert (row.claim, row.next_attempt_at, row.last_error) == (
            taken.claim,
            taken.next_attempt_at,
            None,
        )

        taker_mailer.release.set()
        report = await asyncio.wait_for(taker_send, timeout=10)
    finally:
        await _cancel(late_send, taker_send)
        for engine in engines:
            await engine.dispose()
    assert (report.claimed, report.sent) == (1, 1)
    assert await _rows(app) == []
    assert taker_mailer.messages == [message]


class PoolTakingMailer:
    """Sends, and meanwhile the requests take every connection of their pool (idle ones: on
    SQLite no write lock), and keep them until `requests` closes."""

    def __init__(self, app: FastAPI, requests: contextlib.AsyncExitStack) -> None:
        self.app = app
        self.requests = requests
        self.sent: list[bytes] = []

    async def send(self, message: bytes, recipient: str) -> None:
        settings: Settings = self.app.state.settings
        for _ in range(settings.database_pool_size):
            await self.requests.enter_async_context(self.app.state.engine.connect())
        with pytest.raises(sqlalchemy.exc.TimeoutError):  # none left for anyone
            async with self.app.state.engine.connect():
                pass
        self.sent.append(message)


_SMALL_POOL = {"database_pool_size": 2, "database_max_overflow": 0, "database_pool_timeout": 0.3}


@pytest.mark.parametrize("settings_overrides", [_SMALL_POOL])
async def test_a_sent_email_is_deleted_at_once_while_the_requests_hold_every_connection(
    app: FastAPI, settings: Settings
) -> None:
    (message,) = await _queue(app, settings, 1)
    deliverer: Deliverer = app.state.mail_deliverer
    assert deliverer.outcome_engine is app.state.mail_engine is not app.state.engine
    async with contextlib.AsyncExitStack() as requests:
        deliverer.mailer = mailer = PoolTakingMailer(app, requests)
        report = await deliverer.deliver(limit=1)  # a second claim would wait for the requests
        # Deleted on the deliverer's own connections, the requests' all still taken.
        assert (report.claimed, report.sent) == (1, 1)
        assert mailer.sent == [message]
        async with deliverer.outcome_engine.connect() as conn:
            assert await conn.scalar(select(func.count()).select_from(OutboxMessage)) == 0


class AskingEngine:
    """An engine that notes when a transaction is asked of it (before it has a connection)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.asked = asyncio.Event()

    def begin(self) -> Any:
        self.asked.set()
        return self.engine.begin()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)


@pytest.mark.parametrize("settings_overrides", [{**_SMALL_POOL, "database_pool_timeout": 30}])
async def test_a_claim_that_waited_for_a_connection_still_lasts_one_whole_send(
    app: FastAPI, settings: Settings
) -> None:
    (message,) = await _queue(app, settings, 1)
    deliverer: Deliverer = app.state.mail_deliverer
    deliverer.mailer = mailer = SlowMailer()
    asking = AskingEngine(deliverer.engine)
    deliverer.engine = cast(AsyncEngine, asking)
    async with contextlib.AsyncExitStack() as requests:
        # The requests hold every connection of their pool (the one claims use) a while.
        for _ in range(settings.database_pool_size):
            await requests.enter_async_context(app.state.engine.connect())
        sending = asyncio.create_task(deliverer.deliver())
        # The claim has asked for its connection (none is free): the time it waits from here
        # must not count against the claim.
        await asyncio.wait_for(asking.asked.wait(), timeout=10)
        assert not mailer.sending.is_set()
        freed: datetime = utcnow()
    try:
        await asyncio.wait_for(mailer.sending.wait(), timeout=10)
        (row,) = await _rows(app)
        assert row.next_attempt_at is not None
        assert row.next_attempt_at >= freed + timedelta(seconds=deliverer.claim_seconds)
        mailer.release.set()
        assert (await asyncio.wait_for(sending, timeout=10)).sent == 1
    finally:
        await _cancel(sending)
    assert mailer.messages == [message]
