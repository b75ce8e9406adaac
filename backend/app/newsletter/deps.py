"""The one dependency that assembles the service."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from app.core.deps import ContextDep
from app.newsletter.service import NewsletterService


async def _service(ctx: ContextDep) -> NewsletterService:
    return NewsletterService(ctx)


NewsletterServiceDep = Annotated[NewsletterService, Depends(_service)]
