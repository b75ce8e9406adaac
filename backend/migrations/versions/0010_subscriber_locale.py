"""subscriber locale: the language a newsletter or waitlist join was made in

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28

The confirmation and welcome emails of a join are written in its language
(app/newsletter/emails.py). Rows stored before knew only English: the default fills them.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("newsletter_subscribers", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("locale", sa.String(length=8), nullable=False, server_default="en")
        )


def downgrade() -> None:
    with op.batch_alter_table("newsletter_subscribers", schema=None) as batch_op:
        batch_op.drop_column("locale")
