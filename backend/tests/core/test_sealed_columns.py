"""`python -m app data-keys` reseals what `cli.sealed_columns()` lists: a column sealed with
the keyring but missing there would keep an old key's values, and that key could then never
be dropped. Every place that makes a box, and every purpose it is made for, must be in it."""

from __future__ import annotations

import re
from pathlib import Path

from app.auth.providers import PROVIDER_TOKENS_PURPOSE
from app.auth.service.mfa import TOTP_SECRET_PURPOSE
from app.cli import sealed_columns
from app.tracker.tables import TABLES

APP = Path(__file__).resolve().parents[2] / "app"

# Each `.box(<purpose>)` in the code, and the purposes it may be called with. A new one is a
# new sealed column: list it in cli.sealed_columns(), then here.
KNOWN = {
    ("auth/providers.py", "PROVIDER_TOKENS_PURPOSE"): {PROVIDER_TOKENS_PURPOSE},
    ("auth/service/mfa.py", "TOTP_SECRET_PURPOSE"): {TOTP_SECRET_PURPOSE},
    # Every declared table with sealed columns.
    ("core/postgrest/statements.py", "table.seal_purpose"): {
        t.seal_purpose for t in TABLES if t.seal_purpose
    },
    # data-keys itself, over what sealed_columns() lists.
    ("core/rekey.py", "sealed.purpose"): set(),
}


def test_every_sealed_purpose_is_resealed_by_data_keys() -> None:
    calls = {
        (str(path.relative_to(APP)), match)
        for path in APP.rglob("*.py")
        for match in re.findall(r"\.box\(\s*([\w.]+)", path.read_text())
    }
    assert calls == set(KNOWN), "a new keyring.box(): add its column to cli.sealed_columns()"
    listed = {column.purpose for column in sealed_columns()}
    for purposes in KNOWN.values():
        assert purposes <= listed
    assert len(listed) == len(sealed_columns())
