"""The development mailbox: the outbox folder as a page, with every link clickable.

Mounted only in development with the outbox backend; it shows real mail to anyone who can
reach the server, so production never has it.
"""

from __future__ import annotations

import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup, escape

from app.core.error_codes import ErrorCode
from app.core.errors import AppError

router = APIRouter(prefix="/dev/mailbox", include_in_schema=False)

_URL = re.compile(r"https?://[^\s<>\"')]+")
_NAME = re.compile(r"^[0-9TZ]+-[0-9a-f]{8}\.eml$")


def _outbox(request: Request) -> Path:
    directory: Path = request.app.state.settings.outbox_dir
    return directory


def read_message(path: Path) -> EmailMessage:
    with path.open("rb") as fh:
        message = BytesParser(policy=policy.default).parse(fh)
    assert isinstance(message, EmailMessage)
    return message


def text_body(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    return part.get_content() if isinstance(part, EmailMessage) else ""


def _linkify(text: str) -> Markup:
    out: list[str] = []
    last = 0
    for match in _URL.finditer(text):
        out.append(str(escape(text[last : match.start()])))
        url = escape(match.group(0))
        out.append(f'<a href="{url}">{url}</a>')
        last = match.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out))  # noqa: S704 - every piece was escaped above


def _page(title: str, body: str) -> HTMLResponse:
    html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head><body><main>{body}</main></body></html>"
    )
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


@router.get("")
async def list_messages(request: Request) -> HTMLResponse:
    directory = _outbox(request)
    files = sorted(directory.glob("*.eml"), reverse=True) if directory.exists() else []
    rows = []
    for path in files[:500]:
        message = read_message(path)
        rows.append(
            f'<li><a href="/dev/mailbox/{escape(path.name)}">{escape(message["Subject"])}</a>'
            f" to {escape(message['To'])}, {escape(message['Date'])}</li>"
        )
    listing = f"<ol>{''.join(rows)}</ol>" if rows else "<p>No messages yet.</p>"
    return _page(
        "Development mailbox",
        f"<h1>Development mailbox</h1><p>{len(files)} messages in {escape(str(directory))}, "
        f"newest first.</p>{listing}",
    )


@router.get("/{name}")
async def show_message(request: Request, name: str) -> HTMLResponse:
    path = _outbox(request) / name
    if not _NAME.match(name) or not path.is_file():
        raise AppError(404, ErrorCode.not_found, "No such message")
    message = read_message(path)
    headers = "".join(
        f"<dt>{escape(key)}</dt><dd>{escape(message[key])}</dd>"
        for key in ("From", "To", "Reply-To", "Subject", "Date", "List-Unsubscribe")
        if message[key]
    )
    return _page(
        str(message["Subject"]),
        f'<p><a href="/dev/mailbox">All messages</a></p><h1>{escape(message["Subject"])}</h1>'
        f"<dl>{headers}</dl><pre>{_linkify(text_body(message))}</pre>",
    )
