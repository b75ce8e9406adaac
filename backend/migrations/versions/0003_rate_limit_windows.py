"""rate limit windows open at the first hit

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22

The counters were keyed by (key, clock-aligned window); a window now opens at its key's
first hit, so the table is keyed by key alone and `expires_at` is in milliseconds. The rows
are short-lived counters: the table is recreated rather than converted.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_table("rate_limit_counters")
    op.create_table(
        "rate_limit_counters",
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_rate_limit_counters")),
    )
    with op.batch_alter_table("rate_limit_counters", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rate_limit_counters_expires_at"), ["expires_at"], unique=False)


def downgrade() -> None:
    op.drop_table("rate_limit_counters")
    op.create_table(
        "rate_limit_counters",
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("window", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("key", "window", name=op.f("pk_rate_limit_counters")),
    )
    with op.batch_alter_table("rate_limit_counters", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rate_limit_counters_expires_at"), ["expires_at"], unique=False)
