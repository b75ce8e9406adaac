"""The account's services, assembled from the request's context like auth's (auth/deps.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from app.account.service import AccountService, SecurityActivity, SignedInDevices
from app.auth.deps import assemble

AccountServiceDep = Annotated[AccountService, Depends(assemble(AccountService))]
SignedInDevicesDep = Annotated[SignedInDevices, Depends(assemble(SignedInDevices))]
SecurityActivityDep = Annotated[SecurityActivity, Depends(assemble(SecurityActivity))]
