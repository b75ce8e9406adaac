"""activity device names: the browser and the system instead of an English label

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27

An activity entry kept its device as the English label the server composed ("Firefox on
Windows"), which the page then parsed back to translate it. It now keeps the browser and the
system as two values, each null where ua-parser could not name it (auth/user_agents.py), and
GET /api/account/activity answers them as `device: {browser, os}`. Existing rows are split
from the label the server itself wrote: "X on Y" → X, Y; "Unknown" or "an unknown device" →
null. A device signed out from the devices list, named in its entry's details, becomes
{browser, os} the same way. Downgrading composes the labels again.
"""

from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UNKNOWN = "Unknown"
NAME_LENGTH = 64
LABEL_LENGTH = 128

_entries = sa.table(
    "audit_log_entries",
    sa.column("id", sa.Integer()),
    sa.column("device", sa.String()),
    sa.column("device_browser", sa.String()),
    sa.column("device_os", sa.String()),
    sa.column("action", sa.String()),
    sa.column("details", sa.JSON()),
)


def _name(value: str) -> str | None:
    value = value.strip()
    return value[:NAME_LENGTH] if value and value != UNKNOWN else None


def split_label(label: str | None) -> tuple[str | None, str | None]:
    """The two names in a label the server wrote (auth/user_agents.py's Device.label)."""
    if not label or label == "an unknown device":
        return None, None
    browser, found, os = label.partition(" on ")
    if not found:
        return _name(label), None
    return _name(browser), _name(os)


def join_label(browser: str | None, os: str | None) -> str | None:
    if browser is None and os is None:
        return None
    return f"{browser or UNKNOWN} on {os or UNKNOWN}"[:LABEL_LENGTH]


def _signed_out_devices(convert: Callable[[Any], Any]) -> None:
    """Rewrites the device a 'signed_out' entry's details name (the devices list's sign-out)."""
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(_entries.c.id, _entries.c.details).where(_entries.c.action == "signed_out")
    ).all()
    for entry_id, details in rows:
        if isinstance(details, dict) and "device" in details:
            changed = {**details, "device": convert(details["device"])}
            conn.execute(
                _entries.update().where(_entries.c.id == entry_id).values(details=changed)
            )


def _names(label: Any) -> dict[str, str | None] | None:
    if not isinstance(label, str):
        return label if isinstance(label, dict) else None
    browser, os = split_label(label)
    return None if browser is None and os is None else {"browser": browser, "os": os}


def _label(device: Any) -> str | None:
    if not isinstance(device, dict):
        return device if isinstance(device, str) else None
    return join_label(device.get("browser"), device.get("os"))


def upgrade() -> None:
    with op.batch_alter_table("audit_log_entries", schema=None) as batch_op:
        batch_op.add_column(sa.Column("device_browser", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("device_os", sa.String(length=64), nullable=True))
    conn = op.get_bind()
    labels = sa.select(_entries.c.device).where(_entries.c.device.is_not(None)).distinct()
    for (label,) in conn.execute(labels).all():
        browser, os = split_label(label)
        conn.execute(
            _entries.update()
            .where(_entries.c.device == label)
            .values(device_browser=browser, device_os=os)
        )
    _signed_out_devices(_names)
    with op.batch_alter_table("audit_log_entries", schema=None) as batch_op:
        batch_op.drop_column("device")


def downgrade() -> None:
    with op.batch_alter_table("audit_log_entries", schema=None) as batch_op:
        batch_op.add_column(sa.Column("device", sa.String(length=128), nullable=True))
    conn = op.get_bind()
    names = (
        sa.select(_entries.c.device_browser, _entries.c.device_os)
        .where(sa.or_(_entries.c.device_browser.is_not(None), _entries.c.device_os.is_not(None)))
        .distinct()
    )
    for browser, os in conn.execute(names).all():
        conn.execute(
            _entries.update()
            .where(
                _entries.c.device_browser.is_not_distinct_from(browser),
                _entries.c.device_os.is_not_distinct_from(os),
            )
            .values(device=join_label(browser, os))
        )
    _signed_out_devices(_label)
    with op.batch_alter_table("audit_log_entries", schema=None) as batch_op:
        batch_op.drop_column("device_os")
        batch_op.drop_column("device_browser")
