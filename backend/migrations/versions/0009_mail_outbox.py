"""the mail outbox: mail_outbox

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26

Every email is a row written in the transaction of the change that causes it, deleted once
sent (core/mail_queue.py, mail/delivery.py). Deliverers look rows up by `next_attempt_at`.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from app.core.database import UTCDateTime

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("recipient", sa.String(length=998), nullable=False),
        sa.Column("message", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("claim", sa.Uuid(), nullable=True),
        sa.Column("last_error", sa.String(length=500), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_outbox")),
    )
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.create_index("ix_mail_outbox_next_attempt_at", ["next_attempt_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.drop_index("ix_mail_outbox_next_attempt_at")
    op.drop_table("mail_outbox")
