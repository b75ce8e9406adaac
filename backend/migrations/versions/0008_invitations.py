"""invitations: when an operator invited the account (POST /invite, generate_link)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24

The invitation link itself is a one-time token of the kind `invite`; sign-in links are of the
kind `magiclink` (the `kind` column is free text: no schema change for them).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from app.core.database import UTCDateTime

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("invited_at", UTCDateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("invited_at")
