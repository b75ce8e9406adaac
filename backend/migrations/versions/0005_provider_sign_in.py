"""sign-in with Google and Apple: provider flows in flow_states

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24

A provider sign-in is a flow state without a code challenge (implicit flow), naming its
provider, where to return, the user a linked identity joins, and the provider's tokens
(encrypted) while a PKCE flow waits for its exchange.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("flow_states", schema=None) as batch_op:
        batch_op.alter_column("code_challenge", existing_type=sa.String(length=128), nullable=True)
        batch_op.alter_column(
            "code_challenge_method", existing_type=sa.String(length=8), nullable=True
        )
        batch_op.add_column(sa.Column("provider", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("referrer", sa.String(length=2048), nullable=True))
        batch_op.add_column(sa.Column("linking_target_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("provider_tokens", sa.Text(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_flow_states_linking_target_id_users"),
            "users",
            ["linking_target_id"],
            ["id"],
            ondelete="CASCADE",
        )


def downgrade() -> None:
    with op.batch_alter_table("flow_states", schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f("fk_flow_states_linking_target_id_users"), type_="foreignkey"
        )
        batch_op.drop_column("provider_tokens")
        batch_op.drop_column("linking_target_id")
        batch_op.drop_column("referrer")
        batch_op.drop_column("provider")
        batch_op.alter_column("code_challenge_method", existing_type=sa.String(length=8), nullable=False)
        batch_op.alter_column("code_challenge", existing_type=sa.String(length=128), nullable=False)
