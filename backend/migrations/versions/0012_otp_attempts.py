"""otp attempts: wrong codes counted against each emailed code

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27

A 6-digit code is dead after a few wrong guesses against it (auth/one_time.py), counted on
its own row rather than by a per-address limiter that a stranger could fill to lock the owner
out (docs/behaviour.md#limits-email-codes). Codes sent before this revision start at none.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("one_time_tokens", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("otp_attempts", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("one_time_tokens", schema=None) as batch_op:
        batch_op.drop_column("otp_attempts")
