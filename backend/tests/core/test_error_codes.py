"""The error codes are one vocabulary shared by the server and the frontend."""

from __future__ import annotations

import re
from pathlib import Path

from app.core.error_codes import ErrorCode

FRONTEND_CODES = Path(__file__).resolve().parents[3] / "frontend/src/lib/errorCodes.ts"


def test_every_code_the_frontend_branches_on_is_one_the_server_answers() -> None:
    source = FRONTEND_CODES.read_text(encoding="utf-8")
    body = source[source.index("export const ErrorCode") :]
    used = re.findall(r":\s*'([^']+)'", body)
    assert used, "no codes found in errorCodes.ts"
    server = {code.value for code in ErrorCode}
    assert sorted(set(used) - server) == []


def test_codes_are_unique_and_stable_in_form() -> None:
    values = [code.value for code in ErrorCode]
    assert len(values) == len(set(values))
    for value in values:
        assert re.fullmatch(r"[a-z][a-z0-9_]*|PGRST\d{3}|[0-9A-Z]{5}", value), value
