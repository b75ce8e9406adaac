"""Email links and codes: confirmation and recovery. Single-use, expiring, one live token
per user and kind (a new email invalidates the previous link), stored only as digests."""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.models import FlowState, OneTimeToken, User
from app.core.database import utcnow
from app.core.tokens import digest, new_secret

CONFIRMATION = "confirmation"
RECOVERY = "recovery"
PKCE_PREFIX = "pkce_"

# Which stored kind each `type` of /verify consumes.
KINDS_BY_TYPE: dict[str, tuple[str, ...]] = {
    "signup": (CONFIRMATION,),
    "invite": (CONFIRMATION,),
    "recovery": (RECOVERY,),
    "magiclink": (RECOVERY,),
    "email": (CONFIRMATION, RECOVERY),
}


@dataclass(frozen=True)
class Issued:
    link_token: str  # goes in the emailed link (`token_hash` in Supabase's API)
    otp: str  # the 6-digit code printed in the same email


@dataclass(frozen=True)
class Consumed:
    user: User
    kind: str
    flow_state: FlowState | None


def _otp_digest(email: str, otp: str) -> str:
    return digest(f"{email.lower()}:{otp}")


async def issue(
    db: AsyncSession, user: User, kind: str, lifetime: int, flow_state: FlowState | None = None
) -> Issued:
    await db.execute(
        delete(OneTimeToken).where(OneTimeToken.user_id == user.id, OneTimeToken.kind == kind)
    )
    token = new_secret()
    otp = f"{secrets.randbelow(10**6):06d}"
    db.add(
        OneTimeToken(
            user_id=user.id,
            kind=kind,
            token_hash=digest(token),
            otp_hash=_otp_digest(user.email or "", otp),
            flow_state_id=flow_state.id if flow_state else None,
            expires_at=utcnow() + timedelta(seconds=lifetime),
        )
    )
    await db.flush()
    link_token = f"{PKCE_PREFIX}{token}" if flow_state else token
    return Issued(link_token, otp)


async def consume_link(
    db: AsyncSession, link_token: str, kinds: tuple[str, ...]
) -> Consumed | None:
    token = link_token.removeprefix(PKCE_PREFIX)
    row = await db.scalar(select(OneTimeToken).where(OneTimeToken.token_hash == digest(token)))
    return await _consume(db, row, kinds)


async def consume_otp(
    db: AsyncSession, email: str, otp: str, kinds: tuple[str, ...]
) -> Consumed | None:
    row = await db.scalar(
        select(OneTimeToken).where(
            OneTimeToken.otp_hash == _otp_digest(email, otp), OneTimeToken.kind.in_(kinds)
        )
    )
    return await _consume(db, row, kinds)


async def _consume(
    db: AsyncSession, row: OneTimeToken | None, kinds: tuple[str, ...]
) -> Consumed | None:
    if row is None or row.kind not in kinds:
        return None
    # Single use: the row goes whether or not it was still valid. The DELETE's row count
    # settles a race between two clicks on the same link: only one of them wins.
    result = await db.execute(delete(OneTimeToken).where(OneTimeToken.id == row.id))
    if result.rowcount != 1 or row.expires_at <= utcnow():  # type: ignore[attr-defined]
        return None
    user = await db.get(User, row.user_id)
    if user is None:
        return None
    flow = await db.get(FlowState, row.flow_state_id) if row.flow_state_id else None
    return Consumed(user, row.kind, flow)


async def forget(db: AsyncSession, user_id: uuid.UUID, *kinds: str) -> None:
    await db.execute(
        delete(OneTimeToken).where(OneTimeToken.user_id == user_id, OneTimeToken.kind.in_(kinds))
    )
