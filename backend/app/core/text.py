"""Characters that hide or disguise text, refused in names and messages people write.

What is refused and why is in docs/behaviour.md#names-text. In short: control characters,
unassigned and private-use code points, lone surrogates, line and paragraph separators, and
the invisible format characters that can hide text or reorder it on screen (zero-width
space, bidi marks, embeddings, overrides and isolates, word joiner and invisible operators,
the byte-order mark, tag characters). The zero-width non-joiner and joiner (U+200C, U+200D)
stay legal: Persian, Urdu and Indic spellings and emoji sequences need them, and so do the
tag characters inside an emoji flag (🏴 followed by tags and the cancel tag).

Text that goes into an email header (a name, a subject, an address) also may not hold an
RFC 2047 encoded-word, `=?charset?encoding?text?=`: the email package decodes one wherever it
finds it, even inside quotes or an address, so `=?utf-8?q?=0D=0ABcc:_x@example.com?=` is a
line break and a header once the message is written (docs/behaviour.md#names-text).
"""

from __future__ import annotations

import re
import unicodedata

# Refused whatever their category: format characters (Cf) that hide or reorder text.
HIDDEN = frozenset(
    "\u061c"  # Arabic letter mark (a bidi mark)
    "\u200b\u200e\u200f"  # zero-width space; left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # bidi embeddings and overrides
    "\u2060\u2061\u2062\u2063\u2064"  # word joiner, invisible operators
    "\u2066\u2067\u2068\u2069"  # bidi isolates
    "\u206a\u206b\u206c\u206d\u206e\u206f"  # deprecated shaping and digit controls
    "\ufeff"  # zero-width no-break space (byte-order mark)
    "\ufff9\ufffa\ufffb"  # interlinear annotation controls
)
_TAGS = range(0xE0000, 0xE0080)
# An emoji tag sequence (the flags of England, Scotland, Wales): black flag, tags, cancel tag.
_EMOJI_TAG_SEQUENCE = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")
_BAD_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
# An encoded-word's opening `=?` with a closing `?=` after it. Wider than RFC 2047's grammar
# on purpose: Python's decoder is lenient, and no name or subject needs the pair.
_ENCODED_WORD = re.compile(r"=\?.*\?=", re.DOTALL)


def hidden_character(text: str, *, allowed: str = "") -> str | None:
    """The first character of `text` that may not be stored, or None.

    `allowed` lists control characters a field takes (a message's newlines and tabs)."""
    for char in _EMOJI_TAG_SEQUENCE.sub("", text):
        if char in allowed:
            continue
        if char in HIDDEN or ord(char) in _TAGS or unicodedata.category(char) in _BAD_CATEGORIES:
            return char
    return None


def has_encoded_word(text: str) -> bool:
    """Whether `text` holds what a mail header would decode as an RFC 2047 encoded-word."""
    return _ENCODED_WORD.search(text) is not None


def replace_hidden(text: str, replacement: str = " ") -> str:
    """`text` with every character `hidden_character` refuses replaced, emoji flags kept whole:
    for text no form checked that is shown anyway (an email header, mail/compose.py)."""

    def replaced(piece: str) -> str:
        return "".join(replacement if hidden_character(char) else char for char in piece)

    pieces: list[str] = []
    end = 0
    for flag in _EMOJI_TAG_SEQUENCE.finditer(text):
        pieces += [replaced(text[end : flag.start()]), flag.group()]
        end = flag.end()
    pieces.append(replaced(text[end:]))
    return "".join(pieces)
