"""The auth emails: what each says and where its link points.

Links go to the auth server's /auth/v1/verify (as Supabase's do), which checks the token
and redirects the browser to the app with a session (to the client's `redirect_to`, already in
the page's language). Every email to an account is in the account's language: its
`user_metadata.locale` (core/i18n.py); subjects are translated here, bodies in the templates.
"""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
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


def confirmation(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    t = _language(user)
    return compose(
        settings,
        to=user.email or "",
        subject=t.gettext("Confirm your %(brand)s account", brand=settings.brand_name),
        template="auth_confirmation",
        context={
            "name": name_of(user.user_metadata),
            "link": link,
            "otp": otp,
            **_lifetimes(settings),
        },
        locale=t.locale,
    )


def recovery(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    t = _language(user)
    return compose(
        settings,
        to=user.email or "",
        subject=t.gettext("Reset your %(brand)s password", brand=settings.brand_name),
        template="auth_recovery",
        context={
            "name": name_of(user.user_metadata),
            "link": link,
            "otp": otp,
            **_lifetimes(settings),
        },
        locale=t.locale,
    )


def magic_link(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    t = _language(user)
    return compose(
        settings,
        to=user.email or "",
        subject=t.gettext("Your %(brand)s sign-in link", brand=settings.brand_name),
        template="auth_magic_link",
        context={
            "name": name_of(user.user_metadata),
            "link": link,
            "otp": otp,
            **_lifetimes(settings),
        },
        locale=t.locale,
    )


def invite(settings: Settings, user: User, link: str) -> EmailMessage:
    t = _language(user)
    return compose(
        settings,
        to=user.email or "",
        subject=t.gettext("You have been invited to %(brand)s", brand=settings.brand_name),
        template="auth_invite",
        context={
            "name": name_of(user.user_metadata),
            "link": link,
            **link_life(_hours(settings.auth_email_link_expiry)),
        },
        locale=t.locale,
    )


def email_change(settings: Settings, user: User, to: str, link: str, side: str) -> EmailMessage:
    """`side`: 'current' (the address the account has) or 'new' (the one it is moving to)."""
    t = _language(user)
    subject = (
        t.gettext("Confirm the change of your %(brand)s email address", brand=settings.brand_name)
        if side == "current"
        else t.gettext("Confirm your new %(brand)s email address", brand=settings.brand_name)
    )
    return compose(
        settings,
        to=to,
        subject=subject,
        template="auth_email_change",
        context={
            "name": name_of(user.user_metadata),
            "side": side,
            "old_email": user.email or "",
            "new_email": user.email_change or "",
            "link": link,
            **link_life(_hours(settings.auth_email_link_expiry)),
            "support_email": settings.support_email,
        },
        locale=t.locale,
    )


def email_changed(settings: Settings, user: User, old_email: str, new_email: str) -> EmailMessage:
    t = _language(user)
    return compose(
        settings,
        to=old_email,
        subject=t.gettext("Your %(brand)s email address was changed", brand=settings.brand_name),
        template="auth_email_changed",
        context={
            "name": name_of(user.user_metadata),
            "old_email": old_email,
            "new_email": new_email,
            "support_email": settings.support_email,
        },
        locale=t.locale,
    )


def reauthentication(settings: Settings, user: User, otp: str, minutes: int) -> EmailMessage:
    t = _language(user)
    return compose(
        settings,
        to=user.email or "",
        subject=t.gettext("Your %(brand)s confirmation code", brand=settings.brand_name),
        template="auth_reauthentication",
        context={
            "name": name_of(user.user_metadata),
            "otp": otp,
            "minutes": minutes,
            "email": user.email or "",
        },
        locale=t.locale,
    )


def password_changed(settings: Settings, user: User) -> EmailMessage:
    t = _language(user)
    return compose(
        settings,
        to=user.email or "",
        subject=t.gettext("Your %(brand)s password was changed", brand=settings.brand_name),
        template="auth_password_changed",
        context={
            "name": name_of(user.user_metadata),
            "email": user.email or "",
            "reset_url": page_url(settings.site_url, t.locale, "/auth/forgot-password"),
            "support_email": settings.support_email,
        },
        locale=t.locale,
    )


def new_account_notice(settings: Settings, user: User, confirmed: bool) -> EmailMessage:
    """To the operator, in English whatever the account's language."""
    return compose(
        settings,
        to=settings.admin_email,
        subject=f"New {settings.brand_name} account",
        template="auth_admin_new_account",
        context={"email": user.email or "", "user_id": str(user.id), "confirmed": confirmed},
    )


# The security notices of two-factor and sign-in changes: template → subject.
SECURITY_NOTICES = {
    "auth_mfa_enabled": N_("Two-factor authentication was turned on for your %(brand)s account"),
    "auth_mfa_disabled": N_("Two-factor authentication was turned off for your %(brand)s account"),
    "auth_recovery_codes_generated": N_(
        "New recovery codes were generated for your %(brand)s account"
    ),
    "auth_identity_linked": N_("%(a_provider_account)s was connected to your %(brand)s account"),
    "auth_identity_unlinked": N_(
        "%(a_provider_account)s was disconnected from your %(brand)s account"
    ),
}


def _a_provider_account(t: Texts, provider: str) -> str:
    """'A Google account', 'An Apple account' (the article is English's alone)."""
    if provider[:1].upper() in "AEIOU":
        return t.gettext("An %(provider)s account", provider=provider)
    return t.gettext("A %(provider)s account", provider=provider)


def _device(t: Texts, device: Device) -> str:
    """Device.label in the reader's language: 'Firefox on Windows'."""
    if device.browser == UNKNOWN and device.os == UNKNOWN:
        return t.gettext("an unknown device")
    unknown = t.gettext("Unknown")
    return t.gettext(
        "%(browser)s on %(os)s",
        browser=unknown if device.browser == UNKNOWN else device.browser,
        os=unknown if device.os == UNKNOWN else device.os,
    )


def _when(t: Texts, when: datetime) -> str:
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
    return compose(
        settings,
        to=user.email or "",
        subject=t.gettext(
            SECURITY_NOTICES[template],
            brand=settings.brand_name,
            a_provider_account=a_provider_account,
        ),
        template=template,
        context={
            "name": name_of(user.user_metadata),
            "email": user.email or "",
            "when": _when(t, when),
            "device": _device(t, device),
            "security_url": page_url(settings.site_url, t.locale, "/profile"),
            "reset_url": page_url(settings.site_url, t.locale, "/auth/forgot-password"),
            "support_email": settings.support_email,
            "provider": provider,
            "a_provider_account": a_provider_account,
        },
        locale=t.locale,
    )
