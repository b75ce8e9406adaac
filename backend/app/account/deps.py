"""The account's services, assembled from the request's context like the domains' services."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request

from app.account.service import AccountService, SecurityActivity, SignedInDevices
from app.auth.service.base import AuthServiceBase
from app.core.deps import ContextDep

Service = TypeVar("Service", bound=AuthServiceBase)


def _assemble(cls: type[Service]) -> Callable[..., Coroutine[Any, Any, Service]]:
    async def build(request: Request, ctx: ContextDep) -> Service:
        state = request.app.state
        return cls(ctx, state.jwt_keys, state.passwords)

    return build


AccountServiceDep = Annotated[AccountService, Depends(_assemble(AccountService))]
SignedInDevicesDep = Annotated[SignedInDevices, Depends(_assemble(SignedInDevices))]
SecurityActivityDep = Annotated[SecurityActivity, Depends(_assemble(SecurityActivity))]
