"""The auth emails: what each says and where its link points.

Links go to the auth server's /auth/v1/verify (as Supabase's do), which checks the token
and redirects the browser to the app with a session.
"""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from urllib.parse import urlencode

from app.auth.models import User
from app.core.settings import Settings
from app.mail.compose import compose


def verify_link(settings: Settings, token: str, kind: str, redirect_to: str) -> str:
    # `:` and `/` stay as they are in the redirect (RFC 3986 allows them in a query), as in
    # Supabase's links: tools that read a link's `redirect_to` expect it legible.
    query = urlencode({"token": token, "type": kind, "redirect_to": redirect_to}, safe=":/")
    return f"{settings.auth_url}/verify?{query}"


def _hours(seconds: int) -> str:
    hours = max(1, round(seconds / 3600))
    return "1 hour" if hours == 1 else f"{hours} hours"


def confirmation(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    return compose(
        settings,
        to=user.email or "",
        subject=f"Confirm your {settings.brand_name} account",
        template="auth_confirmation",
        context={"link": link, "otp": otp, "expires": _hours(settings.auth_email_link_expiry)},
    )


def recovery(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    return compose(
        settings,
        to=user.email or "",
        subject=f"Reset your {settings.brand_name} password",
        template="auth_recovery",
        context={"link": link, "otp": otp, "expires": _hours(settings.auth_email_link_expiry)},
    )


def magic_link(settings: Settings, user: User, link: str, otp: str) -> EmailMessage:
    return compose(
        settings,
        to=user.email or "",
        subject=f"Your {settings.brand_name} sign-in link",
        template="auth_magic_link",
        context={"link": link, "otp": otp, "expires": _hours(settings.auth_email_link_expiry)},
    )


def invite(settings: Settings, user: User, link: str) -> EmailMessage:
    return compose(
        settings,
        to=user.email or "",
        subject=f"You have been invited to {settings.brand_name}",
        template="auth_invite",
        context={"link": link, "expires": _hours(settings.auth_email_link_expiry)},
    )


def email_change(settings: Settings, user: User, to: str, link: str, side: str) -> EmailMessage:
    """`side`: 'current' (the address the account has) or 'new' (the one it is moving to)."""
    subject = (
        f"Confirm the change of your {settings.brand_name} email address"
        if side == "current"
        else f"Confirm your new {settings.brand_name} email address"
    )
    return compose(
        settings,
        to=to,
        subject=subject,
        template="auth_email_change",
        context={
            "side": side,
            "old_email": user.email or "",
            "new_email": user.email_change or "",
            "link": link,
            "expires": _hours(settings.auth_email_link_expiry),
            "support_email": settings.support_email,
        },
    )


def email_changed(settings: Settings, old_email: str, new_email: str) -> EmailMessage:
    return compose(
        settings,
        to=old_email,
        subject=f"Your {settings.brand_name} email address was changed",
        template="auth_email_changed",
        context={
            "old_email": old_email,
            "new_email": new_email,
            "support_email": settings.support_email,
        },
    )


def reauthentication(settings: Settings, user: User, otp: str, minutes: int) -> EmailMessage:
    return compose(
        settings,
        to=user.email or "",
        subject=f"Your {settings.brand_name} confirmation code",
        template="auth_reauthentication",
        context={"otp": otp, "minutes": minutes, "email": user.email or ""},
    )


def password_changed(settings: Settings, user: User) -> EmailMessage:
    return compose(
        settings,
        to=user.email or "",
        subject=f"Your {settings.brand_name} password was changed",
        template="auth_password_changed",
        context={
            "email": user.email or "",
            "reset_url": f"{settings.site_url}/auth/forgot-password",
            "support_email": settings.support_email,
        },
    )


def new_account_notice(settings: Settings, user: User, confirmed: bool) -> EmailMessage:
    return compose(
        settings,
        to=settings.admin_email,
        subject=f"New {settings.brand_name} account",
        template="auth_admin_new_account",
        context={"email": user.email or "", "user_id": str(user.id), "confirmed": confirmed},
    )


# The security notices of two-factor changes: template → subject (after the brand word).
SECURITY_NOTICES = {
    "auth_mfa_enabled": "Two-factor authentication was turned on for your {brand} account",
    "auth_mfa_disabled": "Two-factor authentication was turned off for your {brand} account",
    "auth_recovery_codes_generated": "New recovery codes were generated for your {brand} account",
    "auth_identity_linked": "{a_provider_account} was connected to your {brand} account",
    "auth_identity_unlinked": "{a_provider_account} was disconnected from your {brand} account",
}


def _a_provider_account(provider: str) -> str:
    """'A Google account', 'An Apple account'."""
    article = "An" if provider[:1].upper() in "AEIOU" else "A"
    return f"{article} {provider} account"


def security_notice(
    settings: Settings,
    user: User,
    template: str,
    device: str,
    when: datetime,
    provider: str = "",
) -> EmailMessage:
    """A change to how the account signs in, told to its owner with when and from where."""
    return compose(
        settings,
        to=user.email or "",
        subject=SECURITY_NOTICES[template].format(
            brand=settings.brand_name, a_provider_account=_a_provider_account(provider)
        ),
        template=template,
        context={
            "email": user.email or "",
            "when": when.strftime("%d %B %Y at %H:%M UTC"),
            "device": device,
            "security_url": f"{settings.site_url}/profile",
            "reset_url": f"{settings.site_url}/auth/forgot-password",
            "support_email": settings.support_email,
            "provider": provider,
            "a_provider_account": _a_provider_account(provider),
        },
    )
