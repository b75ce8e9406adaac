"""The emails a domain asks to be sent to an account's owner (core/postgrest/tables.py#
OwnerNotifier): the domain knows what changed, this layer knows the person (their address,
name and language are the auth domain's), so the tracker can tell someone that sync was
turned on without reading the users table itself. main.py hands `notify_owner` to the data
API's router."""

from __future__ import annotations

import uuid

from app.account import emails
from app.auth.repository import AuthRepository
from app.auth.user_agents import describe
from app.core.database import utcnow
from app.core.deps import RequestContext


async def notify_owner(context: RequestContext, user_id: uuid.UUID, notice: str) -> None:
    """Queues the email `notice` (emails.TRACKER_NOTICES) to the account `user_id`, in the
    request's transaction: sent after it commits, never if it rolls back. An account without
    an address (a phone sign-in, an anonymous one) has no one to write to."""
    if notice not in emails.TRACKER_NOTICES:
        raise ValueError(f"no email for the notice {notice!r}")
    user = await AuthRepository(context.db, context.engine, context.single_statement).user(user_id)
    if user is None or not user.email:
        return
    device = describe(context.client.user_agent)
    context.mail.add(emails.tracker_notice(context.settings, user, notice, device, utcnow()))
