"""pending sign-ups: each confirmation link carries what its sign-up chose

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27

An address signed up and not confirmed may be signed up again by someone else (its owner):
each sign-up now has its own confirmation link, carrying its password hash and profile, and
the link that confirms the address sets exactly those (docs/behaviour.md#accounts-unconfirmed).
So a user may hold several confirmation tokens: the one-per-kind rule stays for the others.

Links sent before this revision carry what the account holds now, as they would have
confirmed it before.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from app.core.database import JSONType

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NOT_CONFIRMATION = sa.text("kind <> 'confirmation'")


def upgrade() -> None:
    with op.batch_alter_table("one_time_tokens", schema=None) as batch_op:
        batch_op.add_column(sa.Column("pending_password", sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column("pending_metadata", JSONType, nullable=True))
        batch_op.drop_constraint("uq_one_time_tokens_user_id_kind", type_="unique")
    op.create_index(
        "uq_one_time_tokens_user_id_kind",
        "one_time_tokens",
        ["user_id", "kind"],
        unique=True,
        sqlite_where=NOT_CONFIRMATION,
        postgresql_where=NOT_CONFIRMATION,
    )
    op.create_index("ix_one_time_tokens_user_id", "one_time_tokens", ["user_id"])
    op.execute(
        """
        UPDATE one_time_tokens SET
            pending_password = (
                SELECT users.encrypted_password FROM users WHERE users.id = one_time_tokens.user_id
            ),
            pending_metadata = (
                SELECT users.user_metadata FROM users WHERE users.id = one_time_tokens.user_id
            )
        WHERE kind IN ('confirmation', 'magiclink', 'recovery', 'invite')
          AND user_id IN (SELECT id FROM users WHERE email_confirmed_at IS NULL)
        """
    )


def downgrade() -> None:
    # Only the newest confirmation link of each user can stay under the one-per-kind rule.
    op.execute(
        """
        DELETE FROM one_time_tokens WHERE kind = 'confirmation' AND EXISTS (
            SELECT 1 FROM one_time_tokens AS newer
            WHERE newer.user_id = one_time_tokens.user_id AND newer.kind = 'confirmation'
              AND newer.created_at > one_time_tokens.created_at
        )
        """
    )
    op.drop_index("ix_one_time_tokens_user_id", table_name="one_time_tokens")
    op.drop_index("uq_one_time_tokens_user_id_kind", table_name="one_time_tokens")
    with op.batch_alter_table("one_time_tokens", schema=None) as batch_op:
        batch_op.create_unique_constraint("uq_one_time_tokens_user_id_kind", ["user_id", "kind"])
        batch_op.drop_column("pending_metadata")
        batch_op.drop_column("pending_password")
