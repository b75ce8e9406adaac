"""The account service, assembled from the request's context like the domains' services."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from app.account.service import AccountService
from app.core.deps import ContextDep, JwtKeysDep


async def _account_service(request: Request, ctx: ContextDep, keys: JwtKeysDep) -> AccountService:
    return AccountService(ctx, keys, request.app.state.passwords)


AccountServiceDep = Annotated[AccountService, Depends(_account_service)]
