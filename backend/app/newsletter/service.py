"""The rules of joining, confirming and leaving the newsletter and the waitlist, and of the
contact form (docs/behaviour.md#join).

The service adds and flushes, never commits: the request's `DbSession` commits after the
endpoint returns, and queued mail goes out only after that commit. Rate limits are counted
here, first thing in each method, before the request's first query (core/ratelimit.py).

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

How many emails one request can cause
-------------------------------------
An insert holds at most NEWSLETTER_MAX_ROWS rows (default 2: both lists for one address;
the form sends one); more is refused (413 too_many_rows) before anything is counted. The
per-IP RATE_LIMIT_SUBSCRIBE counts one hit per distinct address of the insert, i.e. per
confirmation email it could send, so emails per IP are bounded, not just requests. The
operator gets one notice per request that stored rows, listing them.

Duplicates and joining again
----------------------------
(email_normalized, source) is unique. A second insert for a pair that exists is a duplicate
(409, code 23505) - unless the existing row is unsubscribed, or still unconfirmed and its
link was sent more than NEWSLETTER_RESEND_INTERVAL seconds ago: then the row takes the new
consent and a fresh link (a person who lost the email can join again, but nobody can make
us mail an (address, list) pair more than once per interval, whatever the link's expiry). The unique constraint is
the last word under concurrency: a losing insert fails at its flush, inside a savepoint,
and is answered 409 (or skipped with `Prefer: resolution=ignore-duplicates`).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from app.core.database import utcnow
from app.core.deps import RequestContext
from app.core.settings import Rule, Settings
from app.core.tokens import digest, new_secret
from app.newsletter import emails, errors
from app.newsletter.models import SOURCES, Subscriber
from app.newsletter.repository import NewsletterRepository
from app.newsletter.schemas import ContactIn, NewSubscriber

# Longer than any token we issue; anything longer is not ours and is not even hashed.
MAX_TOKEN_LENGTH = 256


@dataclass
class _Group:
    join_id: uuid.UUID
    token_hash: str
    expires_at: datetime
    token: str | None  # the raw token when this request opened the group (it sends the mail)


def _may_join_again(existing: Subscriber, now: datetime, config: Settings) -> bool:
    if existing.unsubscribed_at is not None:
        return True
    if existing.verified:
        return False
    # Only the interval counts, not the link's expiry: with NEWSLETTER_TOKEN_EXPIRY shorter
    # than NEWSLETTER_RESEND_INTERVAL an expired link would otherwise let anyone mail the
    # address again at once. So an (address, list) pair gets at most one email per interval.
    return existing.subscribed_at <= now - timedelta(seconds=config.newsletter_resend_interval)


class NewsletterService:
    def __init__(self, ctx: RequestContext) -> None:
        self.settings = ctx.settings
        self.mail = ctx.mail
        self.client = ctx.client
        self.limiter = ctx.limiter
        self.repo = NewsletterRepository(ctx.db)

    async def _limit(self, name: str, rule: Rule, *, cost: int = 1) -> None:
        await self.limiter.hit(f"{name}:{self.client.network}", rule, cost=cost)

    # --- joining -----------------------------------------------------------------------

    async def join(
        self, rows: Sequence[NewSubscriber], *, ignore_duplicates: bool = False
    ) -> list[Subscriber]:
        """Stores the rows (all or none), queues one confirmation email per join group it
        opens and one admin notice listing the stored rows."""
        if len(rows) > self.settings.newsletter_max_rows:
            raise errors.too_many_rows(len(rows), self.settings.newsletter_max_rows)
        # The per-IP limit counts what the request could send: one confirmation email per
        # distinct address (attached rows and duplicates send none, but that is only known
        # after the lookups, and the limit must be counted before the first query).
        addresses = {new.email_normalized for new in rows}
        await self._limit(
            "newsletter:subscribe", self.settings.rate_limit_subscribe, cost=max(1, len(addresses))
        )
        now = utcnow()
        seen: set[tuple[str, str]] = set()
        unique_rows: list[NewSubscriber] = []
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
                group = await self._open_group(new.email_normalized, now)
                groups[new.email_normalized] = group
            existing = await self.repo.subscriber_for_update(new.email_normalized, new.source)
            if existing is not None:
                if not _may_join_again(existing, now, self.settings):
                    if ignore_duplicates:
                        continue
                    raise errors.duplicate(new.email_normalized, new.source)
                self._consent(existing, new, group, now)
                await self.repo.flush()
                stored.append(existing)
                continue
            row = Subscriber(
                id=uuid.uuid4(),
                email_normalized=new.email_normalized,
                source=new.source,
                created_at=now,
            )
            self._consent(row, new, group, now)
            if not await self.repo.insert(row):
                # A concurrent request stored the same pair between our check and our insert.
                if ignore_duplicates:
                    continue
                raise errors.duplicate(new.email_normalized, new.source)
            stored.append(row)

        self._queue_join_mail(stored, groups)
        return stored

    async def _open_group(self, email_normalized: str, now: datetime) -> _Group:
        window = self.settings.newsletter_join_window
        if window > 0:
            found = await self.repo.pending_group(
                email_normalized,
                self.client.ip,
                self.client.user_agent,
                now,
                now - timedelta(seconds=window),
            )
            if found is not None and found[1] is not None and found[2] is not None:
                return _Group(
                    join_id=found[0], token_hash=found[1], expires_at=found[2], token=None
                )
        token = new_secret()
        return _Group(
            join_id=uuid.uuid4(),
            token_hash=digest(token),
            expires_at=now + timedelta(seconds=self.settings.newsletter_token_expiry),
            token=token,
        )

    def _consent(self, row: Subscriber, new: NewSubscriber, group: _Group, now: datetime) -> None:
        row.email = new.email
        row.name = new.name
        row.locale = new.locale  # the latest join's language, as its consent
        row.subscribed_at = now
        row.consent_ip = self.client.ip
        row.consent_user_agent = self.client.user_agent
        row.join_id = group.join_id
        row.verified = False
        row.verification_token_hash = group.token_hash
        row.verification_expires_at = group.expires_at
        row.confirmed_at = None
        row.confirmed_ip = None
        row.confirmed_user_agent = None
        row.unsubscribed_at = None

    def _queue_join_mail(self, stored: list[Subscriber], groups: dict[str, _Group]) -> None:
        settings = self.settings
        for email_normalized, group in groups.items():
            mine = [row for row in stored if row.email_normalized == email_normalized]
            if group.token is None or not mine:
                continue  # attached to a group whose email is already on its way, or nothing new
            self.mail.add(
                emails.confirmation(
                    settings,
                    to=mine[0].email,
                    name=mine[0].name,
                    sources=[row.source for row in mine],
                    link=emails.verify_url(settings, group.token, mine[0].locale),
                    expires_hours=max(1, self.settings.newsletter_token_expiry // 3600),
                    locale=mine[0].locale,
                )
            )
        if stored:
            # One notice per request, listing its rows (at most NEWSLETTER_MAX_ROWS), never
            # one per row: the operator's inbox grows with requests, which the limit bounds.
            self.mail.add(
                emails.admin_notice(
                    settings,
                    [
                        emails.NoticeRow(
                            email=row.email,
                            name=row.name,
                            source=row.source,
                            subscribed_at=row.subscribed_at.isoformat(timespec="seconds"),
                        )
                        for row in stored
                    ],
                )
            )

    # --- confirming ----------------------------------------------------------------------

    async def verify(self, token: str) -> bool:
        """Confirms every row of the token's join group; true once, false ever after."""
        await self._limit("newsletter:verify", self.settings.rate_limit_verify_subscriber)
        if not token or len(token) > MAX_TOKEN_LENGTH:
            return False
        confirmed = list(
            await self.repo.confirm_group(
                digest(token), utcnow(), self.client.ip, self.client.user_agent
            )
        )
        if not confirmed:
            return False
        confirmed.sort(key=lambda r: SOURCES.index(r.source))
        links: list[emails.ListLink] = []
        header_token = ""
        for row in confirmed:
            unsubscribe_token = issue_unsubscribe_token(self.repo, row.id)
            # The header's one-click target is the first list (the newsletter when both were
            # joined); the body carries a visible link for each list.
            header_token = header_token or unsubscribe_token
            links.append(
                emails.ListLink(
                    source=row.source,
                    unsubscribe_url=emails.unsubscribe_page_url(
                        self.settings, unsubscribe_token, confirmed[0].locale
                    ),
                )
            )
        await self.repo.flush()
        self.mail.add(
            emails.welcome(
                self.settings,
                to=confirmed[0].email,
                name=confirmed[0].name,
                lists=links,
                header_token=header_token,
                # A join's rows share its language, unless the person changed the site's
                # language between the two lists' inserts: the first list's then speaks.
                locale=confirmed[0].locale,
            )
        )
        return True

    # --- leaving -------------------------------------------------------------------------

    async def unsubscribe(self, token: str) -> Subscriber:
        """Takes the row off its list at once (idempotent); 404 when the token is not ours."""
        await self._limit("newsletter:unsubscribe", self.settings.rate_limit_unsubscribe)
        row = None
        if len(token) <= MAX_TOKEN_LENGTH:
            row = await self.repo.subscriber_by_unsubscribe_token(digest(token))
        if row is None:
            raise errors.invalid_unsubscribe_token()
        if row.unsubscribed_at is None:
            row.unsubscribed_at = utcnow()
            # A pending confirmation must not re-subscribe someone who just left.
            row.verification_token_hash = None
            await self.repo.flush()
        return row

    # --- the contact form ----------------------------------------------------------------

    async def contact(self, message: ContactIn) -> None:
        await self._limit("contact", self.settings.rate_limit_contact)
        # A filled honeypot gets the same answer and sends nothing: bots learn nothing.
        if (message.website or "").strip():
            return
        self.mail.add(
            emails.contact_message(
                self.settings,
                name=message.name,
                email=message.email,
                subject=message.subject,
                message=message.message,
                ip=self.client.ip,
            )
        )


# --- shared with the operator commands -----------------------------------------------------


def issue_unsubscribe_token(repo: NewsletterRepository, subscriber_id: uuid.UUID) -> str:
    """A fresh unsubscribe token for one row; only its digest is stored."""
    token = new_secret()
    repo.add_unsubscribe_token(digest(token), subscriber_id)
    return token


@dataclass(frozen=True)
class ExportRow:
    email: str
    name: str
    source: str
    subscribed_at: datetime
    confirmed_at: datetime | None
    unsubscribe_url: str


async def export(repo: NewsletterRepository, settings: Settings, source: str) -> list[ExportRow]:
    """Confirmed, still-subscribed rows of one list, each with a freshly minted unsubscribe
    URL (only digests are stored, so earlier URLs cannot be shown again; they keep working)."""
    out: list[ExportRow] = []
    for row in await repo.confirmed_subscribers(source):
        token = issue_unsubscribe_token(repo, row.id)
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
    await repo.flush()
    return out


STATES = ("pending", "expired", "verified", "unsubscribed")


async def stats(repo: NewsletterRepository) -> dict[str, dict[str, int]]:
    """Counts per source and state: pending (link still valid), expired, verified, unsubscribed."""
    counts = {source: dict.fromkeys(STATES, 0) for source in SOURCES}
    for state, found in (await repo.state_counts(utcnow())).items():
        for source, count in found:
            counts[source][state] = count
    for source, total in await repo.count_by_source():
        counts[source]["expired"] = total - sum(
            counts[source][s] for s in ("pending", "verified", "unsubscribed")
        )
    return counts
