"""Who is calling the data API, and the one dependency that assembles the service."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from app.core.callers import Role, rest_role
from app.core.deps import ApiKeysDep, ContextDep, JwtKeysDep
from app.newsletter.service import NewsletterService


async def _role(request: Request, api_keys: ApiKeysDep, jwt_keys: JwtKeysDep) -> Role:
    return rest_role(request, api_keys, jwt_keys)


async def _service(ctx: ContextDep) -> NewsletterService:
    return NewsletterService(ctx)


RoleDep = Annotated[Role, Depends(_role)]
NewsletterServiceDep = Annotated[NewsletterService, Depends(_service)]
