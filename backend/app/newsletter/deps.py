"""Who is calling the data API, and the one dependency that assembles the service."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from app.core.callers import Role, rest_role
from app.core.deps import ApiKeysDep, ContextDep, JwtKeysDep
from app.newsletter.service import NewsletterService
from app.newsletter.settings import NewsletterSettings


async def _role(request: Request, api_keys: ApiKeysDep, jwt_keys: JwtKeysDep) -> Role:
    return rest_role(request, api_keys, jwt_keys)


async def _service(request: Request, ctx: ContextDep) -> NewsletterService:
    # Loaded at start-up (main.py); tests may put their own on `app.state`.
    config: NewsletterSettings = request.app.state.newsletter_settings
    return NewsletterService(ctx, config)


RoleDep = Annotated[Role, Depends(_role)]
NewsletterServiceDep = Annotated[NewsletterService, Depends(_service)]
