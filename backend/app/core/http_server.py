"""Limits on a request's head, enforced by the HTTP parser before the app sees the request.

uvicorn's default parser (httptools) buffers a request line and headers of any size and
number, so a client could send megabytes of headers or thousands of them per request. This
protocol answers **431 Request Header Fields Too Large** (RFC 6585) and closes the
connection once the head passes `MAX_HEAD_BYTES` or `MAX_HEADER_COUNT`
(docs/api.md#api-transport). No route, and so no envelope, has been chosen yet: the JSON body
carries the fields of all three (`code`, `message`; auth's `error_code` and `msg`; PostgREST's
`details` and `hint`), so whichever client sent it reads a stable code.
"""

from __future__ import annotations

import json
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.core.error_codes import ErrorCode

# Browsers send about 20 headers and a few KiB (cookies and a bearer token included);
# nginx's defaults allow 32 KiB of headers, Apache's 100 fields.
MAX_HEAD_BYTES = 32 * 1024
MAX_HEADER_COUNT = 100

_431_MESSAGE = "Request header fields too large"
_431_BODY = json.dumps(
    {
        "code": ErrorCode.request_header_fields_too_large.value,
        "error_code": ErrorCode.request_header_fields_too_large.value,
        "msg": _431_MESSAGE,
        "message": _431_MESSAGE,
        "details": f"At most {MAX_HEAD_BYTES} bytes and {MAX_HEADER_COUNT} header fields",
        "hint": None,
    }
).encode()
_431 = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: application/json\r\n"
    b"content-length: %d\r\n"
    b"connection: close\r\n\r\n%s" % (len(_431_BODY), _431_BODY)
)


class _HeadTooLarge(Exception):
    pass


class LimitedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with the limits above."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._in_head = True
        self._raw_head_bytes = 0  # bytes received while the head is incomplete
        self._head_bytes = 0  # request line and complete headers, as parsed
        self._header_count = 0

    def data_received(self, data: bytes) -> None:
        # uvicorn's data_received, plus the 431: a callback's exception reaches us wrapped
        # in HttpParserCallbackError, which uvicorn would answer with a 400.
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
            if self._in_head:
                # Still incomplete: a single huge header is buffered by the parser before
                # any callback sees it, so count what has arrived.
                self._raw_head_bytes += len(data)
                if self._raw_head_bytes > MAX_HEAD_BYTES:
                    raise _HeadTooLarge
        except _HeadTooLarge:
            self._reject()
        except httptools.HttpParserCallbackError as exc:
            if isinstance(exc.__context__, _HeadTooLarge):
                self._reject()
            else:
                self._bad_request()
        except httptools.HttpParserError:
            self._bad_request()
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()

    def _bad_request(self) -> None:
        msg = "Invalid HTTP request received."
        self.logger.warning(msg)
        self.send_400_response(msg)

    def _reject(self) -> None:
        self.logger.warning("Request header fields too large.")
        self.transport.write(_431)
        self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head = True
        self._raw_head_bytes = 0
        self._head_bytes = 0
        self._header_count = 0

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_count += 1
        self._count(len(name) + len(value) + 4)  # ": " and CRLF
        if self._header_count > MAX_HEADER_COUNT:
            raise _HeadTooLarge
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._in_head = False
        super().on_headers_complete()

    def _count(self, size: int) -> None:
        self._head_bytes += size
        if self._head_bytes > MAX_HEAD_BYTES:
            raise _HeadTooLarge
