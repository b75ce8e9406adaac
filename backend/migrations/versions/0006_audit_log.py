"""the account's security activity: audit_log_entries

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25

One row per security-relevant change to an account (sign-ins, sign-outs, password, factors,
identities), with a device label and a coarse address; deleted with the account, pruned
after AUDIT_RETENTION_DAYS (by user and created_at, and by created_at alone).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from app.core.database import UTCDateTime

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "audit_log_entries",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("action", sa.String(length=48), nullable=False),
        sa.Column(
            "details",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("device", sa.String(length=128), nullable=True),
        sa.Column("ip", sa.String(length=64), nullable=True),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_audit_log_entries_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log_entries")),
    )
    with op.batch_alter_table("audit_log_entries", schema=None) as batch_op:
        batch_op.create_index(
            "ix_audit_log_entries_user_id_created_at", ["user_id", "created_at"], unique=False
        )
        batch_op.create_index("ix_audit_log_entries_created_at", ["created_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("audit_log_entries", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_log_entries_created_at")
        batch_op.drop_index("ix_audit_log_entries_user_id_created_at")

    op.drop_table("audit_log_entries")
