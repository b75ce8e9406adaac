"""`python -m app openapi`: the document the frontend's API types are generated from
(frontend/scripts/api-types.mjs), printed without serving."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main


def test_prints_the_openapi_document_with_our_api(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # the development secret it makes goes to a scratch var/
    assert main(["openapi"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["openapi"].startswith("3.")
    assert "/api/account/sessions" in document["paths"]
    assert "/api/contact" in document["paths"]
