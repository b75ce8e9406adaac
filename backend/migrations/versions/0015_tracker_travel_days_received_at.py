"""tracker: travel days, and the server's time of each write (`received_at`)

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27

`tracker_travel_days`: the days a person marked as travelling (sealed, like the other
tracker tables: app/tracker/models.py). `received_at` on every synced tracker table: the
server's time of the write that stored a row's current version, which devices pull by
(app/tracker/tables.py); rows already stored get their `updated_at`, the best time known for
them (no device has pulled by `received_at` before this revision). Indexed with the owner,
as a pull reads one person's rows since a time.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from app.core.database import UTCDateTime

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DIGEST = 32
# The tables that had rows before this revision, and whether a pull's index is worth it
# (the others hold a handful of rows per person, found by the primary key's owner prefix).
EXISTING = {
    "prayer_marks": True,
    "tracker_custom_prayers": False,
    "tracker_make_up_entries": True,
    "tracker_make_up_balances": False,
    "tracker_settings": False,
}


def upgrade() -> None:
    op.create_table(
        "tracker_travel_days",
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("received_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("sealed", sa.Text(), nullable=False),
        sa.Column("sealed_digest", sa.String(length=DIGEST), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_tracker_travel_days_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "day", name=op.f("pk_tracker_travel_days")),
    )
    with op.batch_alter_table("tracker_travel_days", schema=None) as batch_op:
        batch_op.create_index(
            "ix_tracker_travel_days_user_id_received_at", ["user_id", "received_at"], unique=False
        )
    for table, indexed in EXISTING.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column("received_at", UTCDateTime(timezone=True), nullable=True)
            )
        op.execute(sa.text(f"UPDATE {table} SET received_at = updated_at"))  # noqa: S608
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "received_at", existing_type=UTCDateTime(timezone=True), nullable=False
            )
            if indexed:
                batch_op.create_index(
                    f"ix_{table}_user_id_received_at", ["user_id", "received_at"], unique=False
                )


def downgrade() -> None:
    for table, indexed in reversed(EXISTING.items()):
        with op.batch_alter_table(table, schema=None) as batch_op:
            if indexed:
                batch_op.drop_index(f"ix_{table}_user_id_received_at")
            batch_op.drop_column("received_at")
    with op.batch_alter_table("tracker_travel_days", schema=None) as batch_op:
        batch_op.drop_index("ix_tracker_travel_days_user_id_received_at")
    op.drop_table("tracker_travel_days")
