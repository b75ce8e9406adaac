"""prayer tracker: the server copy of a tracker whose owner turned sync on

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27

Seven tables served at /rest/v1 by the data API (app/tracker/tables.py): prayer marks, the
person's own prayers, make-up entries and starting balances, the tracker's settings, travel
days, and the sync consent. What a row says about a person's practice is one ciphertext
(`sealed`), its keyed digest beside it; only the keys, `updated_at` (the client's time of the
change, which last-writer-wins compares) and `received_at` (the server's time of the write
that stored the row's current version, which devices pull by) are in clear
(app/tracker/models.py). The tables with many rows per person are indexed by owner and
`received_at`, as a pull reads one person's rows since a time; the others are found by the
primary key's owner prefix. Every row goes with its user.
Downgrading drops the tables and, with them, every synced tracker (the devices keep theirs).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.schema import SchemaItem

from app.core.database import UTCDateTime

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PRAYER = 48
DIGEST = 32


def _owner(table: str) -> list[SchemaItem]:
    return [
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f(f"fk_{table}_user_id_users"), ondelete="CASCADE"
        ),
    ]


def _sealed() -> list[SchemaItem]:
    return [
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("received_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("sealed", sa.Text(), nullable=False),
        sa.Column("sealed_digest", sa.String(length=DIGEST), nullable=False),
    ]


def _pulled_by_owner(table: str) -> None:
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(
            f"ix_{table}_user_id_received_at", ["user_id", "received_at"], unique=False
        )


def upgrade() -> None:
    op.create_table(
        "prayer_marks",
        *_owner("prayer_marks"),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("prayer", sa.String(length=PRAYER), nullable=False),
        *_sealed(),
        sa.PrimaryKeyConstraint("user_id", "day", "prayer", name=op.f("pk_prayer_marks")),
    )
    _pulled_by_owner("prayer_marks")
    op.create_table(
        "tracker_custom_prayers",
        *_owner("tracker_custom_prayers"),
        sa.Column("id", sa.Uuid(), nullable=False),
        *_sealed(),
        sa.PrimaryKeyConstraint("user_id", "id", name=op.f("pk_tracker_custom_prayers")),
    )
    op.create_table(
        "tracker_make_up_entries",
        *_owner("tracker_make_up_entries"),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("prayer", sa.String(length=PRAYER), nullable=False),
        *_sealed(),
        sa.PrimaryKeyConstraint(
            "user_id", "day", "prayer", name=op.f("pk_tracker_make_up_entries")
        ),
    )
    _pulled_by_owner("tracker_make_up_entries")
    op.create_table(
        "tracker_make_up_balances",
        *_owner("tracker_make_up_balances"),
        sa.Column("prayer", sa.String(length=PRAYER), nullable=False),
        *_sealed(),
        sa.PrimaryKeyConstraint("user_id", "prayer", name=op.f("pk_tracker_make_up_balances")),
    )
    op.create_table(
        "tracker_settings",
        *_owner("tracker_settings"),
        *_sealed(),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_tracker_settings")),
    )
    op.create_table(
        "tracker_travel_days",
        *_owner("tracker_travel_days"),
        sa.Column("day", sa.Date(), nullable=False),
        *_sealed(),
        sa.PrimaryKeyConstraint("user_id", "day", name=op.f("pk_tracker_travel_days")),
    )
    _pulled_by_owner("tracker_travel_days")
    op.create_table(
        "tracker_sync_consents",
        *_owner("tracker_sync_consents"),
        sa.Column("consent_version", sa.String(length=32), nullable=False),
        sa.Column("consented_at", UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_tracker_sync_consents")),
    )


def downgrade() -> None:
    op.drop_table("tracker_sync_consents")
    for table in ("tracker_travel_days", "tracker_make_up_entries", "prayer_marks"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(f"ix_{table}_user_id_received_at")
    op.drop_table("tracker_travel_days")
    op.drop_table("tracker_settings")
    op.drop_table("tracker_make_up_balances")
    op.drop_table("tracker_make_up_entries")
    op.drop_table("tracker_custom_prayers")
    op.drop_table("prayer_marks")
