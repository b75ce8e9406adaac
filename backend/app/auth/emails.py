"""The auth emails: what each says and where its link points.

Links go to the auth server's /auth/v1/verify (as Supabase's do), which checks the token
and redirects the browser to the app with a session (to the client's `redirect_to`, already in
the page's language). Every email to an account is in the account's language: its
`user_metadata.locale` (core/i18n.py); subjects are translated here, bodies in the templates.
"""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from typing import Any, NamedTuple
from urllib.parse import urlencode

from app.auth.models import User
from app.auth.user_agents import UNKNOWN, Device
from app.core.i18n import locale_of, page_url
from app.core.settings import Settings
from app.mail.compose import compose, link_life, name_of
from app.mail.i18n import N_, Texts, texts


def verify_link(settings: Settings, token: str, kind: str, redirect_to: str) -> str:
    # `:` and `/` stay as they are in the redirect (RFC 3986 allows them in a query), as in
    # Supabase's links: tools that read a link's `redirect_to` expect it legible.
    query = urlencode({"token": token, "type": kind, "redirect_to": redirect_to}, safe=":/")
    return f"{settings.auth_url}/verify?{query}"


def _lifetimes(settings: Settings) -> dict[str, int]:
    """How long the link and the code of an email work, as it says (the code never longer)."""
    code_seconds = min(settings.auth_email_otp_expiry, settings.auth_email_link_expiry)
    return {
        **link_life(_hours(settings.auth_email_link_expiry)),
        "code_minutes": max(1, code_seconds // 60),
    }


def _hours(seconds: int) -> int:
    return max(1, round(seconds / 3600))


def _language(user: User) -> Texts:
    return texts(locale_of(user.user_metadata))


class AccountEmail(NamedTuple):
    # English, marked for extraction and translated for each reader; `%(brand)s` and, for some,
    # values of the email's own (security_notice's `a_provider_account`).
    subject: str
    # app/mail/templates/<template>.html and .txt
    template: str


# Every email to an account's owner, by kind. A new one is a row here, its two templates, and
# a function below that gives `_to_owner` the values its templates show. A security notice's
# kind is its template's name, which the services pass (service/base.py).
ACCOUNT_EMAILS: dict[str, AccountEmail] = {
    # The emailed links: the link and a code (the same sign-in, typed instead of clicked).
    "confirmation": AccountEmail(N_("Confirm your %(brand)s account"), "auth_confirmation"),
    "recovery": AccountEmail(N_("Reset your %(brand)s password"), "auth_recovery"),
    "magic_link": AccountEmail(N_("Your %(brand)s sign-in link"), "auth_magic_link"),
    # The emailed links without a code.
    "invite": AccountEmail(N_("You have been invited to %(brand)s"), "auth_invite"),
    "email_change_current": AccountEmail(
        N_("Confirm the change of your %(brand)s email address"), "auth_email_change"
    ),
    "email_change_new": AccountEmail(
        N_("Confirm your new %(brand)s email address"), "auth_email_change"
    ),
    # A code alone, and the notices.
    "reauthentication": AccountEmail(
        N_("Your %(brand)s confirmation code"), "auth_reauthentication"
    ),
    "email_changed": AccountEmail(
        N_("Your %(brand)s email address was changed"), "auth_email_changed"
    ),
    "password_changed": AccountEmail(
        N_("Your %(brand)s password was changed"), "auth_password_changed"
    ),
    # The security notices of two-factor and sign-in changes (security_notice).
    "auth_mfa_enabled": AccountEmail(
        N_("Two-factor authentication was turned on for your %(brand)s account"),
        "auth_mfa_enabled",
    ),
    "auth_mfa_disabled": AccountEmail(
        N_("Two-factor authentication was turned off for your %(brand)s account"),
        "auth_mfa_disabled",
    ),
    "auth_recovery_codes_generated": AccountEmail(
        N_("New recovery codes were generated for your %(brand)s account"),
        "auth_recovery_codes_generated",
    ),
    "auth_identity_linked": AccountEmail(
        N_("%(a_provider_account)s was connected to your %(brand)s account"),
        "auth_identity_linked",
    ),
    "auth_identity_unlinked": AccountEmail(
        N_("%(a_provider_account)s was disconnected from your %(brand)s account"),
        "auth_identity_unlinked",
    ),
}
SECURITY_NOTICES = (
    "auth_mfa_enabled",
    "auth_mfa_disabled",
    "auth_recovery_codes_generated",
    "auth_identity_linked",
    "auth_identity_unlinked",
)


def _to_owner(
    settings: Settings,
    user: User,
    kind: str,
    context: dict[str, Any],
    *,
    to: str | None = None,
    subject_values: dict[str, str] | None = None,
) -> EmailMessage:
    """The email `kind` to the account's owner (or to `to`, an address it is moving to or
    from), in the account's language, greeting them by name."""
    email = ACCOUNT_EMAILS[kind]
    t = _language(user)
    return compose(
        settings,
        to=(user.email or "") if to is None else to,
        subject=t.gettext(email.subject, brand=settings.brand_name, **(subject_values or {})),
        template=email.template,
        context={"name": name_of(user.user_metadata), **context},
        locale=t.locale,
    )


def _link_and_code(settings: Settings, user: User, kind: str, link: str, otp: str) -> EmailMessage:
    return _to_owner(settings, user, kind, {"link": link, "otp": otp, **_lifetimes(settings)})


def confirmation(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    return _link_and_code(settings, user, "confirmation", link, otp)


def recovery(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    return _link_and_code(settings, user, "recovery", link, otp)


def magic_link(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    return _link_and_code(settings, user, "magic_link", link, otp)


def invite(settings: Settings, user: User, link: str) -> EmailMessage:
    lifetime = link_life(_hours(settings.auth_email_link_expiry))
    return _to_owner(settings, user, "invite", {"link": link, **lifetime})


def email_change(settings: Settings, user: User, to: str, link: str, side: str) -> EmailMessage:
    """`side`: 'current' (the address the account has) or 'new' (the one it is moving to)."""
    kind = "email_change_current" if side == "current" else "email_change_new"
    context = {
        "side": side,
        "old_email": user.email or "",
        "new_email": user.email_change or "",
        "link": link,
        **link_life(_hours(settings.auth_email_link_expiry)),
        "support_email": settings.support_email,
    }
    return _to_owner(settings, user, kind, context, to=to)


def email_changed(settings: Settings, user: User, old_email: str, new_email: str) -> EmailMessage:
    context = {
        "old_email": old_email,
        "new_email": new_email,
        "support_email": settings.support_email,
    }
    return _to_owner(settings, user, "email_changed", context, to=old_email)


def reauthentication(settings: Settings, user: User, otp: str, minutes: int) -> EmailMessage:
    context = {"otp": otp, "minutes": minutes, "email": user.email or ""}
    return _to_owner(settings, user, "reauthentication", context)


def password_changed(settings: Settings, user: User) -> EmailMessage:
    locale = _language(user).locale
    context = {
        "email": user.email or "",
        "reset_url": page_url(settings.site_url, locale, "/auth/forgot-password"),
        "support_email": settings.support_email,
    }
    return _to_owner(settings, user, "password_changed", context)


def new_account_notice(settings: Settings, user: User, confirmed: bool) -> EmailMessage:
    """To the operator, in English whatever the account's language."""
    return compose(
        settings,
        to=settings.admin_email,
        subject=f"New {settings.brand_name} account",
        template="auth_admin_new_account",
        context={"email": user.email or "", "user_id": str(user.id), "confirmed": confirmed},
    )


def _a_provider_account(t: Texts, provider: str) -> str:
    """'A Google account', 'An Apple account' (the article is English's alone)."""
    if provider[:1].upper() in "AEIOU":
        return t.gettext("An %(provider)s account", provider=provider)
    return t.gettext("A %(provider)s account", provider=provider)


def device_text(t: Texts, device: Device) -> str:
    """Device.label in the reader's language: 'Firefox on Windows'."""
    if device.browser == UNKNOWN and device.os == UNKNOWN:
        return t.gettext("an unknown device")
    unknown = t.gettext("Unknown")
    return t.gettext(
        "%(browser)s on %(os)s",
        browser=unknown if device.browser == UNKNOWN else device.browser,
        os=unknown if device.os == UNKNOWN else device.os,
    )


def when_text(t: Texts, when: datetime) -> str:
    """'05 March 2026 at 14:03 UTC' in English; the date, time and words per language."""
    return t.gettext("%(date)s at %(time)s UTC", date=t.date(when), time=t.time(when))


def security_notice(
    settings: Settings,
    user: User,
    template: str,
    device: Device,
    when: datetime,
    provider: str = "",
) -> EmailMessage:
    """A change to how the account signs in, told to its owner with when and from where."""
    t = _language(user)
    a_provider_account = _a_provider_account(t, provider)
    context = {
        "email": user.email or "",
        "when": when_text(t, when),
        "device": device_text(t, device),
        "security_url": page_url(settings.site_url, t.locale, "/profile"),
        "reset_url": page_url(settings.site_url, t.locale, "/auth/forgot-password"),
        "support_email": settings.support_email,
        "provider": provider,
        "a_provider_account": a_provider_account,
    }
    values = {"a_provider_account": a_provider_account}
    return _to_owner(settings, user, template, context, subject_values=values)
