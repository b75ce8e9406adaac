"""The rules of /api/account, one module per flow (docs/architecture.md#backend-domains):

- deletion.py           delete the account (signed in, or by an emailed link), export its data
- signed_in_devices.py  the signed-in devices: list them, sign one out
- security_activity.py  the recent security activity
- signed_in.py          what the signed-in screens share (the second factor passed)
"""

from app.account.service.deletion import AccountService
from app.account.service.security_activity import SecurityActivity
from app.account.service.signed_in_devices import SignedInDevices

__all__ = ["AccountService", "SecurityActivity", "SignedInDevices"]
