"""Email links and codes: confirmation, recovery, sign-in links and invitations. Single-use, expiring, one live token
per user and kind (a new email invalidates the previous link), stored only as digests
(docs/api.md#auth-email-links).

A token issued to an account whose address is not confirmed yet carries what the account
becomes when it confirms it (`Pending`): the password and profile of the request that sent
it, and nothing else. Each sign-up of such an address has its own confirmation link, so the
owner's link sets the owner's password even if someone signed the address up after them
(docs/behaviour.md#accounts-unconfirmed).

The 6-digit code of an email is a weaker secret than its link, so it has its own, shorter life
(AUTH_EMAIL_OTP_EXPIRY) and at most OTP_MAX_ATTEMPTS wrong guesses, counted on the code's row:
then the code is dead, and its owner asks for a new one, which starts afresh. A stranger's
guesses thus end one code at most, never the owner's next (docs/behaviour.md#limits-email-codes).
The link of the same email is a separate 256-bit secret: it stays valid for its own life."""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from app.auth.models import FlowState, OneTimeToken, User
from app.auth.repository import AuthRepository
from app.core.database import utcnow
from app.core.tokens import digest, new_secret

CONFIRMATION = "confirmation"
RECOVERY = "recovery"
# A sign-in link with its code (POST /otp), and an operator's invitation (POST /invite).
MAGIC_LINK = "magiclink"
INVITE = "invite"
# The code GET /reauthenticate emails (Supabase's `nonce`), and the link of a deletion asked
# for without signing in (account/service/deletion.py). Neither is consumed by /verify.
REAUTHENTICATION = "reauthentication"
ACCOUNT_DELETION = "account_deletion"
# A change of address: one link to the current address, one to the new (both needed).
EMAIL_CHANGE_CURRENT = "email_change_current"
EMAIL_CHANGE_NEW = "email_change_new"
EMAIL_CHANGE_KINDS = (EMAIL_CHANGE_CURRENT, EMAIL_CHANGE_NEW)
PKCE_PREFIX = "pkce_"
# Wrong guesses a code survives: five in a million is the most a code can be guessed with.
OTP_MAX_ATTEMPTS = 5

# Which stored kind each `type` of /verify consumes.
KINDS_BY_TYPE: dict[str, tuple[str, ...]] = {
    "signup": (CONFIRMATION,),
    "invite": (INVITE,),
    "recovery": (RECOVERY,),
    "magiclink": (MAGIC_LINK,),
    # A 6-digit code from any email that signs in (what signInWithOtp's code is verified as).
    "email": (CONFIRMATION, RECOVERY, MAGIC_LINK),
}


# Kinds whose link or code can confirm an unconfirmed address (and so carry a `Pending`).
CONFIRMING_KINDS = (CONFIRMATION, RECOVERY, MAGIC_LINK, INVITE)


@dataclass(frozen=True)
class Pending:
    """What an unconfirmed account becomes when this token confirms its address."""

    password_hash: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Issued:
    link_token: str  # goes in the emailed link (`token_hash` in Supabase's API)
    otp: str  # the 6-digit code printed in the same email


@dataclass(frozen=True)
class Consumed:
    user: User
    kind: str
    flow_state: FlowState | None
    # None: the token was issued to a confirmed account.
    pending: Pending | None = None


def _otp_digest(email: str, otp: str) -> str:
    return digest(f"{email.lower()}:{otp}")


class OneTimeTokens:
    def __init__(self, repo: AuthRepository, code_lifetime: int) -> None:
        self.repo = repo
        self.code_lifetime = timedelta(seconds=code_lifetime)

    async def issue(
        self,
        user: User,
        kind: str,
        lifetime: int,
        flow_state: FlowState | None = None,
        address: str | None = None,
        pending: Pending | None = None,
    ) -> Issued:
        """`address`: where the code is sent, when not the account's own (a new address).
        `pending`: for an unconfirmed account, what this token's request chose (nothing, by
        default: a sign-in or recovery link sets no password); ignored for a confirmed one."""
        token = new_secret()
        otp = f"{secrets.randbelow(10**6):06d}"
        claims = user.email_confirmed_at is None and kind in CONFIRMING_KINDS
        chosen = (pending or Pending()) if claims else None
        row = OneTimeToken(
            user_id=user.id,
            kind=kind,
            token_hash=digest(token),
            otp_hash=_otp_digest(address or user.email or "", otp),
            flow_state_id=flow_state.id if flow_state else None,
            pending_password=chosen.password_hash if chosen else None,
            pending_metadata=dict(chosen.metadata) if chosen else None,
            expires_at=utcnow() + timedelta(seconds=lifetime),
        )
        if kind == CONFIRMATION:
            # One per sign-up: a later sign-up does not kill an earlier one's link (the
            # owner's must keep working if someone else signs the address up after them).
            await self.repo.add(row)
        else:
            await self.repo.replace_one_time_token(row)
        link_token = f"{PKCE_PREFIX}{token}" if flow_state else token
        return Issued(link_token, otp)

    async def consume_link(self, link_token: str, kinds: tuple[str, ...]) -> Consumed | None:
        token = link_token.removeprefix(PKCE_PREFIX)
        return await self._consume(await self.repo.one_time_token_by_hash(digest(token)), kinds)

    async def peek_link(self, link_token: str, kinds: tuple[str, ...]) -> User | None:
        """The user of a live link, without spending it (a step before it is spent)."""
        row = await self.repo.one_time_token_by_hash(digest(link_token.removeprefix(PKCE_PREFIX)))
        if row is None or row.kind not in kinds or row.expires_at <= utcnow():
            return None
        return await self.repo.user(row.user_id)

    async def owner_of_link(self, link_token: str, kinds: tuple[str, ...]) -> uuid.UUID | None:
        """Whose link this is, read outside the request's transaction (before its limits)."""
        token_hash = digest(link_token.removeprefix(PKCE_PREFIX))
        return await self.repo.one_time_token_owner(token_hash, kinds)

    async def consume_otp(self, email: str, otp: str, kinds: tuple[str, ...]) -> Consumed | None:
        """The code emailed to `email`: spent if it is right and alive. A wrong one counts
        against every live code of these kinds sent to the address (the guess could have been
        for any of them); callers commit that count even though they refuse the request."""
        row = await self.repo.one_time_token_by_otp(_otp_digest(email, otp), kinds)
        if row is None:
            await self.repo.count_wrong_codes(email, kinds)
            return None
        if row.otp_attempts >= OTP_MAX_ATTEMPTS or row.created_at + self.code_lifetime <= utcnow():
            return None  # a dead code; the link of its email lives on
        return await self._consume(row, kinds, max_attempts=OTP_MAX_ATTEMPTS)

    async def consume_code_of(self, user: User, otp: str, kind: str) -> bool:
        """A code emailed to this user (reauthentication): True once, if it is theirs."""
        consumed = await self.consume_otp(user.email or "", otp, (kind,))
        return consumed is not None and consumed.user.id == user.id

    async def _consume(
        self, row: OneTimeToken | None, kinds: tuple[str, ...], max_attempts: int | None = None
    ) -> Consumed | None:
        if row is None or row.kind not in kinds:
            return None
        # Single use: the row goes whether or not it was still valid. The DELETE's row count
        # settles a race between two clicks on the same link: only one of them wins; and, for
        # a code, a race with wrong guesses that reached the cap meanwhile.
        taken = await self.repo.take_one_time_token(row.id, max_attempts=max_attempts)
        if not taken or row.expires_at <= utcnow():
            return None
        user = await self.repo.user(row.user_id)
        if user is None:
            return None
        flow = await self.repo.flow_state(row.flow_state_id) if row.flow_state_id else None
        pending = None
        if row.pending_metadata is not None:
            pending = Pending(row.pending_password, row.pending_metadata)
        return Consumed(user, row.kind, flow, pending)
