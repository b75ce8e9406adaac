"""The one address rule every endpoint uses (docs/behaviour.md#email-addresses)."""

from __future__ import annotations

import pytest

from app.core.email_address import (
    INVALID,
    LOCAL_TOO_LONG,
    MIXED_SCRIPTS,
    NON_ASCII_LOCAL,
    TOO_LONG,
    EmailRefused,
    ascii_address,
    check_email,
    fold_email,
)

LOCAL_64 = "a" * 64
# 64 + 1 + 189 = 254 characters, the longest address.
LONGEST = LOCAL_64 + "@" + "b" * 63 + "." + "c" * 63 + "." + "d" * 57 + ".com"


def test_the_longest_address_is_254_characters() -> None:
    assert len(LONGEST) == 254


@pytest.mark.parametrize(
    ("raw", "canonical"),
    [
        (f"{LOCAL_64}@example.com", f"{LOCAL_64}@example.com"),
        (LONGEST, LONGEST),
        ("  Ali@Müller.DE ", "ali@müller.de"),
        ("ali@xn--mller-kva.de", "ali@müller.de"),
        ("a@example.みんな", "a@example.みんな"),
        ("a@日本語ドメイン.jp", "a@日本語ドメイン.jp"),  # Han with Katakana: Japanese
        # 々 (the iteration mark) is Han, ー Hiragana and Katakana: a Unicode name tells neither.
        ("a@佐々木.jp", "a@佐々木.jp"),
        ("a@ゲーム.jp", "a@ゲーム.jp"),
        ("a@ｹﾞｰﾑ.jp", "a@ゲーム.jp"),  # half-width Katakana, mapped by UTS #46
        ("a@한국어.kr", "a@한국어.kr"),
        ("a@ㄅㄆ中.tw", "a@ㄅㄆ中.tw"),  # Bopomofo with Han: Chinese
        ("a@abc123-x.com", "a@abc123-x.com"),  # ASCII digits and the hyphen: every script's
        ("a@例子.中国", "a@例子.中国"),
        ("a@مثال.إختبار", "a@مثال.إختبار"),
        ("a@пример.рф", "a@пример.рф"),  # all Cyrillic is one script
        ("a@उदाहरण.भारत", "a@उदाहरण.भारत"),
        ("Yusuf.Unal+news@Example.com", "yusuf.unal+news@example.com"),
        ("a=b?c@example.com", "a=b?c@example.com"),  # = and ? alone are ordinary
    ],
)
def test_accepted(raw: str, canonical: str) -> None:
    assert check_email(raw) == canonical


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("a" * 65 + "@example.com", LOCAL_TOO_LONG),
        (LONGEST.replace("@", "@e"), TOO_LONG),
        # 254 characters in Unicode but longer in the ASCII form mail is sent in.
        ("a@" + "ü" * 60 + "." + "b" * 63 + "." + "c" * 63 + "." + "d" * 50 + ".com", TOO_LONG),
        ("josé@example.com", NON_ASCII_LOCAL),
        ("josé@example.com".replace("é", "e\u0301"), NON_ASCII_LOCAL),
        ("محمد@example.com", NON_ASCII_LOCAL),
        ("a@\u0430pple.com", MIXED_SCRIPTS),  # a Cyrillic a (U+0430) among Latin letters
        ("a@xn--pple-43d.com", MIXED_SCRIPTS),  # the same, in punycode
        ("a@example\u043f\u0440\u0438\u043c\u0435\u0440.com", MIXED_SCRIPTS),
        ("a@\u03bfpenai.com", MIXED_SCRIPTS),  # Greek omicron
        ("a@\u03b1\u0431.com", MIXED_SCRIPTS),  # Greek and Cyrillic, no Latin
        ("a@中文ㄅ한.com", MIXED_SCRIPTS),  # Bopomofo and Hangul: no one language's mix
        ("a@ab\u0967.com", MIXED_SCRIPTS),  # a Devanagari digit among Latin letters
        # An RFC 2047 encoded-word: a mail header decodes it, here into two recipients.
        ("=?utf-8?q?a=40evil.example=2Cb?=@example.com", INVALID),
        ("=?utf-8?b?QQ==?=@example.com", INVALID),
    ],
)
def test_refused(raw: str, reason: str) -> None:
    with pytest.raises(EmailRefused) as refused:
        check_email(raw)
    assert refused.value.reason == reason


def test_ascii_address_is_what_mail_is_sent_to() -> None:
    assert ascii_address("ali@müller.de") == "ali@xn--mller-kva.de"
    assert ascii_address("a@example.みんな") == "a@example.xn--q9jyb4c"
    assert ascii_address("ali@example.com") == "ali@example.com"
    assert ascii_address("josé@exämple.com") == "josé@xn--exmple-cua.com"


def test_fold_email_of_a_refused_address_still_folds() -> None:
    assert fold_email(" JOSÉ@Example.com ") == "josé@example.com"
    assert fold_email("Ali@Example.com") == "ali@example.com"
