"""two-factor factors, challenges and recovery codes

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23

Authenticator-app factors (the TOTP secret encrypted), their single-use challenges, and
recovery codes stored as digests.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from app.core.database import UTCDateTime

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table("mfa_factors",
    sa.Column("id", sa.Uuid(), nullable=False),
    sa.Column("user_id", sa.Uuid(), nullable=False),
    sa.Column("friendly_name", sa.String(length=255), nullable=True),
    sa.Column("factor_type", sa.String(length=32), nullable=False),
    sa.Column("status", sa.String(length=16), nullable=False),
    sa.Column("secret", sa.String(length=255), nullable=True),
    sa.Column("last_used_step", sa.BigInteger(), nullable=True),
    sa.Column("last_challenged_at", UTCDateTime(timezone=True), nullable=True),
    sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
    sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_mfa_factors_user_id_users"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_mfa_factors")),
    sa.UniqueConstraint("user_id", "friendly_name", name=op.f("uq_mfa_factors_user_id_friendly_name"))
    )
    with op.batch_alter_table("mfa_factors", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mfa_factors_user_id"), ["user_id"], unique=False)

    op.create_table("mfa_challenges",
    sa.Column("id", sa.Uuid(), nullable=False),
    sa.Column("factor_id", sa.Uuid(), nullable=False),
    sa.Column("ip_address", sa.String(length=64), nullable=False),
    sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["factor_id"], ["mfa_factors.id"], name=op.f("fk_mfa_challenges_factor_id_mfa_factors"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_mfa_challenges"))
    )
    with op.batch_alter_table("mfa_challenges", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mfa_challenges_factor_id"), ["factor_id"], unique=False)

    op.create_table("mfa_recovery_codes",
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
    sa.Column("factor_id", sa.Uuid(), nullable=False),
    sa.Column("code_hash", sa.String(length=64), nullable=False),
    sa.Column("used_at", UTCDateTime(timezone=True), nullable=True),
    sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["factor_id"], ["mfa_factors.id"], name=op.f("fk_mfa_recovery_codes_factor_id_mfa_factors"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_mfa_recovery_codes")),
    sa.UniqueConstraint("code_hash", name=op.f("uq_mfa_recovery_codes_code_hash"))
    )
    with op.batch_alter_table("mfa_recovery_codes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mfa_recovery_codes_factor_id"), ["factor_id"], unique=False)



def downgrade() -> None:
    with op.batch_alter_table("mfa_recovery_codes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mfa_recovery_codes_factor_id"))

    op.drop_table("mfa_recovery_codes")
    with op.batch_alter_table("mfa_challenges", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mfa_challenges_factor_id"))

    op.drop_table("mfa_challenges")
    with op.batch_alter_table("mfa_factors", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mfa_factors_user_id"))

    op.drop_table("mfa_factors")
