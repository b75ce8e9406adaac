"""secure email change: the address waiting for both confirmations

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24

The new address and when its links were sent; the links themselves are one-time tokens of the
kinds `email_change_current` and `email_change_new`.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from app.core.database import UTCDateTime

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("email_change", sa.String(length=320), nullable=True))
        batch_op.add_column(
            sa.Column("email_change_sent_at", UTCDateTime(timezone=True), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("email_change_sent_at")
        batch_op.drop_column("email_change")
