"""The tracker's tables as the data API serves them (core/postgrest/tables.py).

Each is a few lines: its columns (sealed ones are encrypted at rest), its key, and its
policy, `owned_by("user_id")`: a signed-in user reads and writes only their own rows, anon
nothing, service_role everything; and a user writes a row only with a consent row in
`tracker_sync_consents` (the consent table itself excepted). The synced tables are last-writer-wins on `updated_at`, the
client's time of the change, so a device may send the same batch twice, or batches out of
order, and every device converges on the same rows; clearing a mark is a change too (a
tombstone: `deleted: true`), so it wins over an older mark and loses to a newer one.

`received_at` is the server's time of the write that stored a row's current version, set on
insert and on a winning update (a losing one leaves it), never by the client: a device pulls
what changed since its last pull by it, because `updated_at` is the client's clock, and a
device whose clock is behind would otherwise write rows "in the past" that no pull finds.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from app.core.postgrest.tables import (
    Column,
    DataTable,
    RequiredRow,
    RowCheck,
    Type,
    Verb,
    owned_by,
    table_of,
)
from app.tracker.models import (
    CustomPrayer,
    MakeUpBalance,
    MakeUpEntry,
    PrayerMark,
    SyncConsent,
    TrackerSettings,
    TravelDay,
)

OBLIGATORY = frozenset({"fajr", "dhuhr", "asr", "maghrib", "isha"})
VOLUNTARY = frozenset(
    {
        "witr",
        "sunnah_fajr",
        "sunnah_dhuhr_before",
        "sunnah_dhuhr_after",
        "sunnah_asr",
        "sunnah_maghrib",
        "sunnah_isha",
        "duha",
        "tahajjud",
    }
)
STATUSES = frozenset({"on_time", "late", "made_up", "missed"})
# A prayer of the person's own (tracker_custom_prayers) in a mark: `custom:<its id>`.
CUSTOM_PRAYER = r"custom:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
# A year of marks (5 + 4 prayers, 365 days) is 3285 rows: four batches of this size.
MAX_ROWS = 1000
# The consent text's versions, as the tracker page shows them (docs/behaviour.md).
CONSENT_VERSIONS = frozenset({"2026-11"})

# A traveller shortens (qasr) the four-unit prayers and combines (jam') dhuhr with asr and
# maghrib with isha; the voluntary prayers are neither.
SHORTENED = frozenset({"dhuhr", "asr", "isha"})
COMBINED = frozenset({"dhuhr", "asr", "maghrib", "isha"})


def _live_mark_has_status(row: Mapping[str, object]) -> bool:
    return bool(row["deleted"]) or row["status"] is not None


def _qasr_fits(row: Mapping[str, object]) -> bool:
    return not row["qasr"] or row["prayer"] in SHORTENED


def _jam_fits(row: Mapping[str, object]) -> bool:
    return not row["jam"] or row["prayer"] in COMBINED


MARK_CHECKS = (
    RowCheck("status", _live_mark_has_status, "a mark that is not deleted has a status"),
    RowCheck("qasr", _qasr_fits, "only dhuhr, asr and isha are shortened (qasr)"),
    RowCheck("jam", _jam_fits, "only dhuhr, asr, maghrib and isha are combined (jam')"),
)

_OWNER = Column("user_id", Type.uuid, nullable=False)
_UPDATED_AT = Column("updated_at", Type.timestamptz, nullable=False)


def _now() -> datetime:
    return datetime.now(UTC)


_RECEIVED_AT = Column("received_at", Type.timestamptz, writable=False, server_value=_now)

# Nothing is written to the server without the person's consent to sync, whatever a client
# sends: every table but the consent's own refuses a write by a user with no consent row
# (docs/behaviour.md#tracker-privacy). Reads and deletes need none.
_SYNCED = owned_by("user_id", writes_need=RequiredRow(table_of(SyncConsent), "user_id"))


PRAYER_MARKS = DataTable(
    name="prayer_marks",
    table=table_of(PrayerMark),
    columns=(
        _OWNER,
        Column("day", Type.date, nullable=False),
        Column(
            "prayer",
            Type.text,
            nullable=False,
            choices=OBLIGATORY | VOLUNTARY,
            pattern=CUSTOM_PRAYER,
        ),
        # Null only on a tombstone.
        Column("status", Type.text, sealed=True, choices=STATUSES),
        Column("congregation", Type.boolean, sealed=True),
        # A traveller's prayer shortened (qasr) or combined with the next or previous (jam').
        Column("qasr", Type.boolean, sealed=True),
        Column("jam", Type.boolean, sealed=True),
        Column("deleted", Type.boolean, sealed=True),
        _UPDATED_AT,
        _RECEIVED_AT,
    ),
    key=("user_id", "day", "prayer"),
    policy=_SYNCED,
    version="updated_at",
    seal_purpose="tracker/prayer_marks",
    max_rows=MAX_ROWS,
    checks=MARK_CHECKS,
)

CUSTOM_PRAYERS = DataTable(
    name="tracker_custom_prayers",
    table=table_of(CustomPrayer),
    columns=(
        _OWNER,
        Column("id", Type.uuid, nullable=False),
        Column("name", Type.text, sealed=True, max_length=60),
        Column("deleted", Type.boolean, sealed=True),
        _UPDATED_AT,
        _RECEIVED_AT,
    ),
    key=("user_id", "id"),
    policy=_SYNCED,
    version="updated_at",
    seal_purpose="tracker/custom_prayers",
    checks=(RowCheck("name", lambda row: bool(row["deleted"]) or bool(row["name"]), "a name"),),
)

MAKE_UP_ENTRIES = DataTable(
    name="tracker_make_up_entries",
    table=table_of(MakeUpEntry),
    columns=(
        _OWNER,
        Column("day", Type.date, nullable=False),
        Column("prayer", Type.text, nullable=False, choices=OBLIGATORY),
        Column("count", Type.integer, sealed=True, nullable=False, minimum=0, maximum=1000),
        _UPDATED_AT,
        _RECEIVED_AT,
    ),
    key=("user_id", "day", "prayer"),
    policy=_SYNCED,
    version="updated_at",
    seal_purpose="tracker/make_up_entries",
    max_rows=MAX_ROWS,
)

MAKE_UP_BALANCES = DataTable(
    name="tracker_make_up_balances",
    table=table_of(MakeUpBalance),
    columns=(
        _OWNER,
        Column("prayer", Type.text, nullable=False, choices=OBLIGATORY),
        # Years of missed prayers are common: up to 100 years of one prayer.
        Column("starting", Type.integer, sealed=True, nullable=False, minimum=0, maximum=36500),
        _UPDATED_AT,
        _RECEIVED_AT,
    ),
    key=("user_id", "prayer"),
    policy=_SYNCED,
    version="updated_at",
    seal_purpose="tracker/make_up_balances",
)

SETTINGS = DataTable(
    name="tracker_settings",
    table=table_of(TrackerSettings),
    columns=(
        _OWNER,
        Column("voluntary", Type.text_array, sealed=True, choices=VOLUNTARY, max_length=32),
        _UPDATED_AT,
        _RECEIVED_AT,
    ),
    key=("user_id",),
    policy=_SYNCED,
    version="updated_at",
    seal_purpose="tracker/settings",
)

TRAVEL_DAYS = DataTable(
    name="tracker_travel_days",
    table=table_of(TravelDay),
    columns=(
        _OWNER,
        Column("day", Type.date, nullable=False),
        Column("travelling", Type.boolean, sealed=True, nullable=False),
        _UPDATED_AT,
        _RECEIVED_AT,
    ),
    key=("user_id", "day"),
    policy=_SYNCED,
    version="updated_at",
    seal_purpose="tracker/travel_days",
    max_rows=MAX_ROWS,
)

SYNC_CONSENTS = DataTable(
    name="tracker_sync_consents",
    table=table_of(SyncConsent),
    columns=(
        _OWNER,
        Column("consent_version", Type.text, nullable=False, choices=CONSENT_VERSIONS),
        Column("consented_at", Type.timestamptz, writable=False, server_value=_now),
    ),
    key=("user_id",),
    # Read by the owner; written only by tracker_sync_on and tracker_forget (functions.py),
    # which email the owner, and delete the whole copy with it.
    policy=owned_by("user_id", verbs=frozenset({Verb.select})),
)

TABLES = (
    PRAYER_MARKS,
    CUSTOM_PRAYERS,
    MAKE_UP_ENTRIES,
    MAKE_UP_BALANCES,
    SETTINGS,
    TRAVEL_DAYS,
    SYNC_CONSENTS,
)
