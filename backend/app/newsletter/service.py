"""The rules of joining, confirming and leaving the newsletter and the waitlist.

Services add and flush, never commit: the request's `DbSession` commits after the endpoint
returns, and queued mail goes out only after that commit.

How one join gets one confirmation email
----------------------------------------
The join form makes up to two inserts: `{source: 'newsletter'}` and then, when both boxes
are ticked, `{source: 'waitlist'}` - two HTTP requests, two transactions. Each join is one
*join group*: rows that share a `join_id` and one confirmation token (stored only as a
SHA-256 digest, so no row holds anything that could be turned back into the link).

An insert joins an existing group instead of opening a new one when a row exists that is
- for the same normalised address,
- still pending (unverified, not unsubscribed, its token unused and unexpired),
- created within NEWSLETTER_JOIN_WINDOW seconds (default 600), and
- consented from the same IP address and the same User-Agent.
The new row then copies that group's id, token digest and expiry, and no email is sent:
the link already on its way confirms every row carrying the digest, the new one included.
The same-client condition keeps a stranger from hanging a list onto someone else's pending
confirmation. Inside one request (an array insert) rows for the same address always share
one group. Two *concurrent* first inserts for one address can still open two groups (two
emails, each valid); the form never does that, and nothing is lost if it happens.

Duplicates and joining again
----------------------------
(email_normalized, source) is unique. A second insert for a pair that exists is a duplicate
(409, code 23505) - unless the existing row is unsubscribed, or still unconfirmed and its
link expired or was sent more than NEWSLETTER_RESEND_INTERVAL seconds ago: then the row
takes the new consent and a fresh link (a person who lost the email can join again, but
nobody can make us mail an address more than once per interval). The unique constraint is
the last word under concurrency: a losing insert fails at its flush, inside a savepoint,
and is answered 409 (or skipped with `Prefer: resolution=ignore-duplicates`).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.database import utcnow
from app.core.settings import Settings
from app.core.tokens import digest, new_secret
from app.mail.queue import MailQueue
from app.newsletter import emails, errors
from app.newsletter.models import SOURCES, Subscriber, UnsubscribeToken
from app.newsletter.schemas import NAME_MAX, BadText, clean_email, clean_text, normalize_email
from app.newsletter.settings import NewsletterSettings

# Longer than any token we issue; anything longer is not ours and is not even hashed.
MAX_TOKEN_LENGTH = 256


@dataclass(frozen=True)
class Client:
    """Where a request came from, recorded as evidence of consent or confirmation."""

    ip: str
    user_agent: str | None

    @classmethod
    def of(cls, ip: str, user_agent: str | None) -> Client:
        return cls(ip=ip[:64], user_agent=user_agent[:512] if user_agent else None)


@dataclass(frozen=True)
class NewRow:
    email: str
    email_normalized: str
    source: str
    name: str


# --- validating what the client sent -------------------------------------------------------


def _text_field(row: dict[str, Any], column: str) -> str:
    value = row.get(column)
    if value is None:
        raise errors.not_null(column)
    if not isinstance(value, str):
        raise errors.invalid_type(column, "text")
    return value


def validate_row(row: dict[str, Any]) -> NewRow:
    """One object of an insert body, as PostgREST + our constraints would judge it."""
    email_raw = _text_field(row, "email")
    source = _text_field(row, "source")
    name_raw = _text_field(row, "name")
    try:
        email = clean_email(email_raw)
    except BadText as exc:
        raise errors.check_failed("email", str(exc)) from exc
    if source not in SOURCES:
        raise errors.check_failed("source", "source must be 'newsletter' or 'waitlist'")
    try:
        name = clean_text(name_raw, field="name", max_len=NAME_MAX)
    except BadText as exc:
        raise errors.check_failed("name", str(exc)) from exc
    subscribed_at = row.get("subscribed_at")
    if subscribed_at is not None:
        # Accepted for compatibility, checked like the column would, but not trusted: the
        # consent time is the server's clock.
        if not isinstance(subscribed_at, str):
            raise errors.invalid_type("subscribed_at", "timestamp with time zone", "22007")
        try:
            datetime.fromisoformat(subscribed_at)
        except ValueError as exc:
            raise errors.invalid_type("subscribed_at", "timestamp with time zone", "22007") from exc
    admin_email = row.get("admin_email")
    if admin_email is not None and not isinstance(admin_email, str):
        raise errors.invalid_type("admin_email", "text")
    # admin_email is accepted and dropped: mail goes to ADMIN_EMAIL, never where a client says.
    return NewRow(email, normalize_email(email), source, name)


# --- joining -------------------------------------------------------------------------------


@dataclass
class _Group:
    join_id: uuid.UUID
    token_hash: str
    expires_at: datetime
    token: str | None  # the raw token when this request opened the group (it sends the mail)


async def _open_group(
    session: AsyncSession,
    email_normalized: str,
    client: Client,
    now: datetime,
    config: NewsletterSettings,
) -> _Group:
    if config.newsletter_join_window > 0:
        ua_matches = (
            Subscriber.consent_user_agent.is_(None)
            if client.user_agent is None
            else Subscriber.consent_user_agent == client.user_agent
        )
        stmt = (
            select(
                Subscriber.join_id,
                Subscriber.verification_token_hash,
                Subscriber.verification_expires_at,
            )
            .where(
                Subscriber.email_normalized == email_normalized,
                Subscriber.verified.is_(False),
                Subscriber.unsubscribed_at.is_(None),
                Subscriber.verification_token_hash.is_not(None),
                Subscriber.verification_expires_at > now,
                Subscriber.subscribed_at >= now - timedelta(seconds=config.newsletter_join_window),
                Subscriber.consent_ip == client.ip,
                ua_matches,
            )
            .order_by(Subscriber.subscribed_at.desc())
            .limit(1)
        )
        found = (await session.execute(stmt)).first()
        if found is not None and found[1] is not None and found[2] is not None:
            return _Group(join_id=found[0], token_hash=found[1], expires_at=found[2], token=None)
    token = new_secret()
    return _Group(
        join_id=uuid.uuid4(),
        token_hash=digest(token),
        expires_at=now + timedelta(seconds=config.newsletter_token_expiry),
        token=token,
    )


def _may_join_again(existing: Subscriber, now: datetime, config: NewsletterSettings) -> bool:
    if existing.unsubscribed_at is not None:
        return True
    if existing.verified:
        return False
    expired = existing.verification_expires_at is None or existing.verification_expires_at <= now
    stale = existing.subscribed_at <= now - timedelta(seconds=config.newsletter_resend_interval)
    return expired or stale


def _is_unique_violation(exc: IntegrityError) -> bool:
    orig = exc.orig
    code = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    return code == "23505" or "UNIQUE constraint failed" in str(orig)


def _consent(row: Subscriber, new: NewRow, group: _Group, client: Client, now: datetime) -> None:
    row.email = new.email
    row.name = new.name
    row.subscribed_at = now
    row.consent_ip = client.ip
    row.consent_user_agent = client.user_agent
    row.join_id = group.join_id
    row.verified = False
    row.verification_token_hash = group.token_hash
    row.verification_expires_at = group.expires_at
    row.confirmed_at = None
    row.confirmed_ip = None
    row.confirmed_user_agent = None
    row.unsubscribed_at = None


async def join(
    session: AsyncSession,
    mail: MailQueue,
    settings: Settings,
    config: NewsletterSettings,
    rows: Sequence[NewRow],
    client: Client,
    *,
    ignore_duplicates: bool = False,
) -> list[Subscriber]:
    """Stores the rows (all or none) and queues one confirmation email per join group."""
    now = utcnow()
    seen: set[tuple[str, str]] = set()
    unique_rows: list[NewRow] = []
    for new in rows:
        key = (new.email_normalized, new.source)
        if key in seen:
            if ignore_duplicates:
                continue
            raise errors.duplicate(*key)
        seen.add(key)
        unique_rows.append(new)

    groups: dict[str, _Group] = {}
    stored: list[Subscriber] = []
    for new in unique_rows:
        group = groups.get(new.email_normalized)
        if group is None:
            group = await _open_group(session, new.email_normalized, client, now, config)
            groups[new.email_normalized] = group
        # FOR UPDATE (PostgreSQL; SQLite already serialises writers): two concurrent
        # re-joins of one stale row queue here, and the second sees the first's new consent.
        existing = await session.scalar(
            select(Subscriber)
            .where(
                Subscriber.email_normalized == new.email_normalized,
                Subscriber.source == new.source,
            )
            .with_for_update()
        )
        if existing is not None:
            if not _may_join_again(existing, now, config):
                if ignore_duplicates:
                    continue
                raise errors.duplicate(new.email_normalized, new.source)
            _consent(existing, new, group, client, now)
            await session.flush()
            stored.append(existing)
            continue
        row = Subscriber(
            id=uuid.uuid4(),
            email_normalized=new.email_normalized,
            source=new.source,
            created_at=now,
        )
        _consent(row, new, group, client, now)
        try:
            async with session.begin_nested():
                session.add(row)
                await session.flush()
        except IntegrityError as exc:
            # A concurrent request stored the same pair between our check and our insert.
            if not _is_unique_violation(exc):
                raise
            if ignore_duplicates:
                continue
            raise errors.duplicate(new.email_normalized, new.source) from exc
        stored.append(row)

    _queue_join_mail(mail, settings, config, stored, groups)
    return stored


def _queue_join_mail(
    mail: MailQueue,
    settings: Settings,
    config: NewsletterSettings,
    stored: list[Subscriber],
    groups: dict[str, _Group],
) -> None:
    for email_normalized, group in groups.items():
        mine = [row for row in stored if row.email_normalized == email_normalized]
        if group.token is None or not mine:
            continue  # attached to a group whose email is already on its way, or nothing new
        mail.add(
            emails.confirmation(
                settings,
                to=mine[0].email,
                name=mine[0].name,
                sources=[row.source for row in mine],
                link=emails.verify_url(settings, group.token),
                expires_hours=max(1, config.newsletter_token_expiry // 3600),
            )
        )
    for row in stored:
        mail.add(
            emails.admin_notice(
                settings,
                email=row.email,
                name=row.name,
                source=row.source,
                subscribed_at=row.subscribed_at.isoformat(timespec="seconds"),
            )
        )


# --- confirming ----------------------------------------------------------------------------


async def verify(
    session: AsyncSession, mail: MailQueue, settings: Settings, token: str, client: Client
) -> bool:
    """Confirms every row of the token's join group; true once, false ever after."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return False
    now = utcnow()
    # One conditional UPDATE: of two concurrent clicks exactly one matches the rows (the
    # other re-checks after the row lock and finds the digest gone).
    stmt = (
        update(Subscriber)
        .where(
            Subscriber.verification_token_hash == digest(token),
            Subscriber.verified.is_(False),
            Subscriber.unsubscribed_at.is_(None),
            Subscriber.verification_expires_at > now,
        )
        .values(
            verified=True,
            verification_token_hash=None,
            confirmed_at=now,
            confirmed_ip=client.ip,
            confirmed_user_agent=client.user_agent,
            updated_at=now,
        )
        .returning(Subscriber.id, Subscriber.email, Subscriber.name, Subscriber.source)
        .execution_options(synchronize_session=False)
    )
    confirmed = list((await session.execute(stmt)).all())
    if not confirmed:
        return False
    confirmed.sort(key=lambda r: SOURCES.index(r.source))
    links: list[emails.ListLink] = []
    header_token = ""
    for row in confirmed:
        unsubscribe_token = await issue_unsubscribe_token(session, row.id)
        # The header's one-click target is the first list (the newsletter when both were
        # joined); the body carries a visible link for each list.
        header_token = header_token or unsubscribe_token
        links.append(
            emails.ListLink(
                source=row.source,
                label=emails.SOURCE_LABELS[row.source],
                unsubscribe_url=emails.unsubscribe_page_url(settings, unsubscribe_token),
            )
        )
    await session.flush()
    mail.add(
        emails.welcome(
            settings,
            to=confirmed[0].email,
            name=confirmed[0].name,
            lists=links,
            header_token=header_token,
        )
    )
    return True


# --- leaving -------------------------------------------------------------------------------


async def issue_unsubscribe_token(session: AsyncSession, subscriber_id: uuid.UUID) -> str:
    """A fresh unsubscribe token for one row; only its digest is stored."""
    token = new_secret()
    session.add(UnsubscribeToken(token_hash=digest(token), subscriber_id=subscriber_id))
    return token


async def unsubscribe(session: AsyncSession, token: str) -> Subscriber | None:
    """Takes the row off its list at once; None when the token is not one of ours."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    row = await session.scalar(
        select(Subscriber)
        .join(UnsubscribeToken, UnsubscribeToken.subscriber_id == Subscriber.id)
        .where(UnsubscribeToken.token_hash == digest(token))
    )
    if row is None:
        return None
    if row.unsubscribed_at is None:
        now = utcnow()
        row.unsubscribed_at = now
        # A pending confirmation must not re-subscribe someone who just left.
        row.verification_token_hash = None
        await session.flush()
    return row


# --- operator chores -----------------------------------------------------------------------


@dataclass(frozen=True)
class ExportRow:
    email: str
    name: str
    source: str
    subscribed_at: datetime
    confirmed_at: datetime | None
    unsubscribe_url: str


async def export(session: AsyncSession, settings: Settings, source: str) -> list[ExportRow]:
    """Confirmed, still-subscribed rows of one list, each with a freshly minted unsubscribe
    URL (only digests are stored, so earlier URLs cannot be shown again; they keep working)."""
    rows = (
        await session.scalars(
            select(Subscriber)
            .where(
                Subscriber.source == source,
                Subscriber.verified.is_(True),
                Subscriber.unsubscribed_at.is_(None),
            )
            .order_by(Subscriber.confirmed_at, Subscriber.email_normalized)
        )
    ).all()
    out: list[ExportRow] = []
    for row in rows:
        token = await issue_unsubscribe_token(session, row.id)
        out.append(
            ExportRow(
                email=row.email,
                name=row.name,
                source=row.source,
                subscribed_at=row.subscribed_at,
                confirmed_at=row.confirmed_at,
                unsubscribe_url=emails.one_click_url(settings, token),
            )
        )
    await session.flush()
    return out


STATES = ("pending", "expired", "verified", "unsubscribed")


async def stats(session: AsyncSession) -> dict[str, dict[str, int]]:
    """Counts per source and state: pending (link still valid), expired, verified, unsubscribed."""
    now = utcnow()
    counts = {source: dict.fromkeys(STATES, 0) for source in SOURCES}
    unsubscribed = Subscriber.unsubscribed_at.is_not(None)
    verified = and_(Subscriber.unsubscribed_at.is_(None), Subscriber.verified.is_(True))
    pending = and_(
        Subscriber.unsubscribed_at.is_(None),
        Subscriber.verified.is_(False),
        Subscriber.verification_expires_at > now,
    )
    for state, condition in (
        ("unsubscribed", unsubscribed),
        ("verified", verified),
        ("pending", pending),
    ):
        result = await session.execute(
            select(Subscriber.source, func.count()).where(condition).group_by(Subscriber.source)
        )
        for source, count in result.all():
            counts[source][state] = count
    totals = await session.execute(
        select(Subscriber.source, func.count()).group_by(Subscriber.source)
    )
    for source, total in totals.all():
        counts[source]["expired"] = total - sum(
            counts[source][s] for s in ("pending", "verified", "unsubscribed")
        )
    return counts
