"""Two-factor authentication: authenticator-app (TOTP) factors and recovery codes, wire-
compatible with Supabase Auth's `/factors` API (docs/api.md#auth-mfa).

- enrol → challenge → verify: the first verified factor turns two-factor on; verifying
  raises the current session to aal2 (amr gains `totp`) with a fresh refresh token.
- A code is accepted once: the time step of the last accepted code is kept per factor.
- Recovery codes are a factor of type `recovery_code` (Supabase's shape), never the only
  one: ten single-use codes stored as digests, shown once.
"""

from __future__ import annotations

import hmac
import io
import secrets
import uuid
from datetime import datetime, timedelta
from typing import Any

import pyotp
import segno
from segno import DataOverflowError

from app.auth.audit import AuditAction
from app.auth.models import FACTOR_UNVERIFIED, FACTOR_VERIFIED, Challenge, Factor, User
from app.auth.passwords import Passwords
from app.auth.responses import factor_json
from app.auth.schemas.mfa import (
    EnrollFactorParams,
    GenerateRecoveryCodesParams,
    RecoveryCodeParams,
    VerifyFactorParams,
    canonical_recovery_code,
)
from app.auth.service.base import AAL2, AccessToken, Authenticated, AuthServiceBase
from app.core.database import new_uuid, utcnow
from app.core.deps import RequestContext
from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid
from app.core.jwt_keys import JwtKeys
from app.core.tokens import digest

TOTP = "totp"
RECOVERY_CODE = "recovery_code"
RECOVERY_CODES_NAME = "Recovery codes"
RECOVERY_CODE_COUNT = 10
# 16 characters from 31 that cannot be confused with each other (no 0/o, 1/l/i): ~79 bits.
RECOVERY_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
RECOVERY_CODE_LENGTH = 16
# An enrolment never verified is dropped after this long.
UNVERIFIED_FACTOR_LIFETIME = timedelta(hours=1)
TOTP_PERIOD_SECONDS = 30


def _new_recovery_code() -> str:
    return "".join(secrets.choice(RECOVERY_CODE_ALPHABET) for _ in range(RECOVERY_CODE_LENGTH))


def _qr_svg(uri: str) -> str:
    """The provisioning URI as an SVG QR code: dark on white with a quiet zone (scannable on
    a dark page), named colours only, so the markup can sit in a data: URI unescaped, as
    supabase-js puts it."""
    buffer = io.BytesIO()
    segno.make(uri, error="m").save(
        buffer, kind="svg", scale=4, border=4, dark="#000", light="#fff", xmldecl=False
    )
    # segno writes colours as hex; a `#` would end a data: URI early.
    svg = buffer.getvalue().decode().replace('"#000"', '"black"').replace('"#fff"', '"white"')
    if "#" in svg:
        raise RuntimeError("QR code SVG has a colour the data: URI cannot carry")
    return svg


def _matching_step(secret: str, code: str, now: datetime) -> int | None:
    """The time step whose code this is (now, one before or one after, for clock drift)."""
    if not (len(code) == 6 and code.isascii() and code.isdigit()):
        return None
    totp = pyotp.TOTP(secret, interval=TOTP_PERIOD_SECONDS)
    instant = now.timestamp()
    current = totp.timecode(instant)
    for offset in (0, -1, 1):
        if hmac.compare_digest(totp.at(instant, counter_offset=offset), code):
            return current + offset
    return None


# The key purpose of TOTP secrets (core/crypto.py), bound to the factor's id.
TOTP_SECRET_PURPOSE = "mfa-totp-secret"  # noqa: S105 (a key's purpose, no secret)


class MfaService(AuthServiceBase):
    def __init__(self, ctx: RequestContext, keys: JwtKeys, passwords: Passwords) -> None:
        super().__init__(ctx, keys, passwords)
        self.box = keys.keyring.box(TOTP_SECRET_PURPOSE)

    # -- helpers ------------------------------------------------------------------------

    @staticmethod
    def _factor_uuid(factor_id: str) -> uuid.UUID:
        """The path's factor id, checked before anything counts or queries."""
        try:
            return uuid.UUID(factor_id)
        except ValueError:
            raise AppError(404, ErrorCode.validation_failed, "factor_id must be an UUID") from None

    def _own_factor(self, auth: Authenticated, factor_id: uuid.UUID) -> Factor:
        for factor in auth.user.factors:
            if factor.id == factor_id:
                return factor
        raise AppError(404, ErrorCode.mfa_factor_not_found, "Factor not found")

    def _recovery_factor(self, auth: Authenticated) -> Factor | None:
        return next((f for f in auth.user.factors if f.factor_type == RECOVERY_CODE), None)

    @staticmethod
    def _second_factors(auth: Authenticated) -> list[Factor]:
        """Verified factors that can stand on their own (recovery codes cannot)."""
        return [f for f in auth.user.verified_factors if f.factor_type != RECOVERY_CODE]

    def _require_aal2(self, auth: Authenticated, message: str, status: int = 403) -> None:
        if auth.session.aal != AAL2:
            raise AppError(status, ErrorCode.insufficient_aal, message)

    async def _limit_attempts(
        self, token: AccessToken, *, account_key: str | None, code: ErrorCode
    ) -> None:
        """Second-factor attempts (docs/behaviour.md#limits-two-factor): per session, per IP,
        and for authenticator codes also per account, one budget for all its factors (a
        6-digit code is guessable; spreading guesses over several factors or sessions must
        not buy more). Recovery codes (~79 bits) are not guessable, so nothing per account
        counts them: an attacker who has only the password, and spends the account's budget
        of codes, cannot also close the owner's way in with a recovery code."""
        rule = self.settings.rate_limit_mfa_verify
        await self.limit(f"mfa-session:{token.session_id or token.user_id}", rule, code)
        if account_key is not None:
            await self.limit(account_key, rule, code)
        await self.limit(f"mfa-ip:{self.client.network}", self.settings.rate_limit_verify)

    @staticmethod
    def totp_key(user_id: uuid.UUID) -> str:
        """The account's one budget of authenticator codes, whichever factor they are for."""
        return f"mfa-totp:{user_id}"

    async def _authenticate_locked(self, token: AccessToken) -> Authenticated:
        """The caller, with their user row locked for the rest of the request: changes to one
        account's factors never interleave (two enrolments, an enrolment and a verify)."""
        await self.repo.lock_user(token.user_id)
        return await self.authenticate(token)

    async def _elevate(self, auth: Authenticated, method: str) -> dict[str, Any]:
        """aal2 for this session; the user's other sessions that never passed the second
        factor are signed out (as Supabase Auth does)."""
        refresh_token = await self.sessions.elevate(auth.session, method)
        others = await self.repo.session_ids_below_aal2(auth.user.id, except_id=auth.session.id)
        await self.repo.delete_sessions(others)
        await self.repo.flush()
        return self.sessions.token_response(auth.user, auth.session, refresh_token)

    # -- factors --------------------------------------------------------------------------

    async def enroll(self, token: AccessToken, params: EnrollFactorParams) -> dict[str, Any]:
        auth = await self._authenticate_locked(token)
        user = auth.user
        now = utcnow()
        # Abandoned enrolments make way: old ones, and an unverified one of the same name.
        for stale in [
            f
            for f in user.factors
            if f.status == FACTOR_UNVERIFIED
            and (
                now - f.created_at > UNVERIFIED_FACTOR_LIFETIME
                or (f.friendly_name is not None and f.friendly_name == params.friendly_name)
            )
        ]:
            user.factors.remove(stale)
        await self.repo.flush()  # deleted before a new one may take the name
        if params.friendly_name is not None and any(
            f.friendly_name == params.friendly_name for f in user.factors
        ):
            raise AppError(
                422,
                ErrorCode.mfa_factor_name_conflict,
                f'A factor with the friendly name "{params.friendly_name}" for this user '
                "already exists",
            )
        if len(user.factors) >= self.settings.mfa_max_enrolled_factors:
            raise AppError(
                422,
                ErrorCode.too_many_enrolled_mfa_factors,
                "Maximum number of verified factors reached, unenroll to continue",
            )
        if user.verified_factors:
            self._require_aal2(auth, "AAL2 required to enroll a new factor")

        secret = pyotp.random_base32()
        issuer = params.issuer or self.settings.mfa_totp_issuer or self.settings.brand_name
        uri = pyotp.TOTP(secret).provisioning_uri(name=user.email or "", issuer_name=issuer)
        try:
            qr_code = _qr_svg(uri)
        except DataOverflowError:
            raise invalid("The issuer and email are too long for a QR code") from None
        factor_id = new_uuid()
        factor = Factor(
            id=factor_id,
            user_id=user.id,
            friendly_name=params.friendly_name,
            factor_type=TOTP,
            status=FACTOR_UNVERIFIED,
            secret=self.box.seal(secret, str(factor_id)),
        )
        user.factors.append(factor)
        await self.repo.flush()
        return {
            "id": str(factor.id),
            "type": TOTP,
            "friendly_name": factor.friendly_name or "",
            "totp": {"qr_code": qr_code, "secret": secret, "uri": uri},
        }

    async def challenge(self, token: AccessToken, factor_id: str) -> dict[str, Any]:
        factor_uuid = self._factor_uuid(factor_id)
        # Per session and IP, not per account: a challenge is not a guess, and a stranger's
        # session must not use up the owner's challenges.
        await self.limit(f"mfa-challenge:{token.session_id}", self.settings.rate_limit_verify)
        await self.limit(f"mfa-challenge-ip:{self.client.network}", self.settings.rate_limit_verify)
        auth = await self.authenticate(token)
        factor = self._own_factor(auth, factor_uuid)
        if factor.factor_type != TOTP:
            raise invalid("Recovery codes are verified without a challenge")
        challenge = Challenge(factor_id=factor.id, ip_address=self.client.ip)
        factor.last_challenged_at = utcnow()
        await self.repo.add(challenge)
        expires = challenge.created_at + timedelta(seconds=self.settings.mfa_challenge_expiry)
        return {"id": str(challenge.id), "type": TOTP, "expires_at": int(expires.timestamp())}

    async def verify(
        self, token: AccessToken, factor_id: str, params: VerifyFactorParams
    ) -> dict[str, Any]:
        factor_uuid = self._factor_uuid(factor_id)
        await self._limit_attempts(
            token, account_key=self.totp_key(token.user_id), code=ErrorCode.over_request_rate_limit
        )
        auth = await self._authenticate_locked(token)
        factor = self._own_factor(auth, factor_uuid)
        if factor.status != FACTOR_VERIFIED:
            # Adding a factor to an account that has one is a change only its second factor
            # may make; and an enrolment left too long is void.
            if self._second_factors(auth):
                self._require_aal2(auth, "AAL2 required to verify a new factor")
            if utcnow() - factor.created_at > UNVERIFIED_FACTOR_LIFETIME:
                raise AppError(404, ErrorCode.mfa_factor_not_found, "Factor not found")
        challenge = await self._live_challenge(factor, params.challenge_id or "")
        secret = self.box.open(factor.secret or "", str(factor.id))
        if secret is None:
            raise RuntimeError(f"the secret of factor {factor.id} does not decrypt")
        step = _matching_step(secret, (params.code or "").strip(), utcnow())
        # A code of a step already used is a replay: refused like a wrong code.
        if step is None or not await self.repo.claim_totp_step(factor.id, step):
            raise AppError(422, ErrorCode.mfa_verification_failed, "Invalid TOTP code entered")
        if not await self.repo.take_challenge(challenge.id):
            raise AppError(
                422,
                ErrorCode.mfa_factor_not_found,
                "MFA factor with the provided challenge ID not found",
            )
        turning_on = not self._second_factors(auth)
        first_time = factor.status != FACTOR_VERIFIED
        if first_time:
            factor.status = FACTOR_VERIFIED
            # Other abandoned enrolments of this kind go (Supabase does the same).
            for other in [
                f
                for f in auth.user.factors
                if f.status == FACTOR_UNVERIFIED and f.factor_type == TOTP
            ]:
                auth.user.factors.remove(other)
        response = await self._elevate(auth, TOTP)
        if first_time:
            await self.audit(
                auth.user, AuditAction.factor_enabled, factor_type=TOTP, turned_on=turning_on
            )
        else:
            await self.audit(auth.user, AuditAction.second_factor_passed, method=TOTP)
        if turning_on:
            self.notify(auth.user, "auth_mfa_enabled")
        return response

    async def _live_challenge(self, factor: Factor, challenge_id: str) -> Challenge:
        try:
            challenge = await self.repo.challenge(uuid.UUID(challenge_id))
        except ValueError:
            challenge = None
        if challenge is None or challenge.factor_id != factor.id:
            raise AppError(
                422,
                ErrorCode.mfa_factor_not_found,
                "MFA factor with the provided challenge ID not found",
            )
        if challenge.ip_address != self.client.ip:
            raise AppError(
                422,
                ErrorCode.mfa_ip_address_mismatch,
                "Challenge and verify IP addresses mismatch.",
            )
        expiry = timedelta(seconds=self.settings.mfa_challenge_expiry)
        if utcnow() - challenge.created_at > expiry:
            await self.repo.delete_challenge(challenge)
            raise AppError(
                422,
                ErrorCode.mfa_challenge_expired,
                f"MFA challenge {challenge.id} has expired, verify against another challenge "
                "or create a new challenge.",
                commit=True,
            )
        return challenge

    async def unenroll(self, token: AccessToken, factor_id: str) -> dict[str, Any]:
        factor_uuid = self._factor_uuid(factor_id)
        auth = await self._authenticate_locked(token)
        factor = self._own_factor(auth, factor_uuid)
        if factor.status == FACTOR_VERIFIED:
            self._require_aal2(auth, "AAL2 required to unenroll verified factor", status=422)
        await self._remove(auth.user, factor)
        return {"id": str(factor_uuid)}

    async def _remove(self, user: User, factor: Factor) -> None:
        """The rules of removing a factor, by its owner or an operator alike."""

        def second_factors() -> list[Factor]:
            return [f for f in user.verified_factors if f.factor_type != RECOVERY_CODE]

        was_on = bool(second_factors())
        removed_verified = factor.status == FACTOR_VERIFIED
        user.factors.remove(factor)
        if factor.status == FACTOR_VERIFIED and factor.factor_type == TOTP:
            # Sessions do not record which factor raised them: every one goes back to aal1
            # (and loses its second-factor amr entries) until it passes a factor again.
            self.sessions.downgrade(list(await self.repo.sessions_of(user.id)))
        if was_on and not second_factors():
            # Recovery codes are never the only factor: they go with the last real one.
            recovery = next((f for f in user.factors if f.factor_type == RECOVERY_CODE), None)
            if recovery is not None:
                user.factors.remove(recovery)
            self.notify(user, "auth_mfa_disabled")
        await self.repo.flush()
        if removed_verified:  # an abandoned enrolment changed nothing
            await self.audit(
                user,
                AuditAction.factor_removed,
                factor_type=factor.factor_type,
                turned_off=was_on and not second_factors(),
            )

    # -- the admin API: an operator helping someone who lost their authenticator ----------

    async def admin_factors(self, user_id: str) -> list[dict[str, Any]]:
        """GET /admin/users/{id}/factors: never a factor's secret."""
        return [factor_json(f) for f in (await self.user_at(user_id, lock=True)).factors]

    async def admin_remove(self, user_id: str, factor_id: str) -> dict[str, Any]:
        """DELETE /admin/users/{id}/factors/{factor_id}: as the owner's own removal (sessions
        back to aal1, recovery codes with the last factor, the owner told by email)."""
        factor_uuid = self._factor_uuid(factor_id)
        user = await self.user_at(user_id, lock=True)
        factor = next((f for f in user.factors if f.id == factor_uuid), None)
        if factor is None:
            raise AppError(404, ErrorCode.mfa_factor_not_found, "Factor not found")
        body = factor_json(factor)
        await self._remove(user, factor)
        return body

    # -- recovery codes -------------------------------------------------------------------

    async def recovery_codes_status(self, token: AccessToken) -> dict[str, Any]:
        auth = await self.authenticate(token)
        factor = self._recovery_factor(auth)
        if factor is None:
            raise AppError(404, ErrorCode.mfa_factor_not_found, "Recovery codes not found")
        total, remaining = await self.repo.recovery_code_counts(factor.id)
        return {"id": str(factor.id), "type": RECOVERY_CODE, "total": total, "remaining": remaining}

    async def generate_recovery_codes(
        self, token: AccessToken, params: GenerateRecoveryCodesParams
    ) -> dict[str, Any]:
        auth = await self._authenticate_locked(token)
        self._require_aal2(auth, "AAL2 required to generate recovery codes")
        if not self._second_factors(auth):
            raise AppError(
                422,
                ErrorCode.mfa_recovery_codes_sole_factor,
                "Recovery codes need another verified factor first",
            )
        if self._recovery_factor(auth) is not None:
            raise AppError(
                422,
                ErrorCode.mfa_verified_factor_exists,
                "Recovery codes already exist; regenerate them to get a new set",
            )
        name = (params.friendly_name or "").strip() or RECOVERY_CODES_NAME
        if any(f.friendly_name == name for f in auth.user.factors):
            raise AppError(
                422,
                ErrorCode.mfa_factor_name_conflict,
                f'A factor with the friendly name "{name}" for this user already exists',
            )
        factor = Factor(
            id=new_uuid(),
            user_id=auth.user.id,
            friendly_name=name,
            factor_type=RECOVERY_CODE,
            status=FACTOR_VERIFIED,
        )
        auth.user.factors.append(factor)
        await self.repo.flush()
        response = await self._new_codes(factor)
        await self.audit(auth.user, AuditAction.recovery_codes_generated, regenerated=False)
        return response

    async def regenerate_recovery_codes(self, token: AccessToken) -> dict[str, Any]:
        auth = await self._authenticate_locked(token)
        self._require_aal2(auth, "AAL2 required to regenerate recovery codes")
        factor = self._recovery_factor(auth)
        if factor is None:
            raise AppError(404, ErrorCode.mfa_factor_not_found, "Recovery codes not found")
        response = await self._new_codes(factor)
        factor.updated_at = utcnow()
        self.notify(auth.user, "auth_recovery_codes_generated")
        await self.audit(auth.user, AuditAction.recovery_codes_generated, regenerated=True)
        return response

    async def _new_codes(self, factor: Factor) -> dict[str, Any]:
        codes = [_new_recovery_code() for _ in range(RECOVERY_CODE_COUNT)]
        await self.repo.replace_recovery_codes(factor.id, [digest(code) for code in codes])
        return {
            "id": str(factor.id),
            "type": RECOVERY_CODE,
            "friendly_name": factor.friendly_name,
            "total": len(codes),
            "codes": codes,
        }

    async def verify_recovery_code(
        self, token: AccessToken, params: RecoveryCodeParams
    ) -> dict[str, Any]:
        await self._limit_attempts(
            token, account_key=None, code=ErrorCode.mfa_recovery_codes_locked
        )
        auth = await self.authenticate(token)
        factor = self._recovery_factor(auth)
        code = params.canonical
        used = factor is not None and bool(code)
        if used and factor is not None:
            used = await self.repo.use_recovery_code(factor.id, digest(code), utcnow())
        if not used:
            raise AppError(422, ErrorCode.mfa_verification_failed, "Invalid recovery code entered")
        response = await self._elevate(auth, "mfa/recovery_code")
        await self.audit(auth.user, AuditAction.second_factor_passed, method=RECOVERY_CODE)
        return response

    async def pass_without_challenge(self, user: User, code: str) -> str | None:
        """A second factor proved outside a session (the emailed deletion link, account/
        service.py): a current code of one of the user's verified authenticator factors (each
        30-second step accepted once, as in verify), or one of their unused recovery codes,
        spent. The method passed, or None. Callers count the attempt first."""
        typed = code.strip()
        now = utcnow()
        for factor in self._totp_factors(user):
            secret = self.box.open(factor.secret or "", str(factor.id))
            if secret is None:
                raise RuntimeError(f"the secret of factor {factor.id} does not decrypt")
            step = _matching_step(secret, typed, now)
            if step is not None and await self.repo.claim_totp_step(factor.id, step):
                return TOTP
        recovery = next((f for f in user.verified_factors if f.factor_type == RECOVERY_CODE), None)
        canonical = canonical_recovery_code(code)
        if (
            recovery is not None
            and canonical
            and await self.repo.use_recovery_code(recovery.id, digest(canonical), now)
        ):
            return RECOVERY_CODE
        return None

    @staticmethod
    def _totp_factors(user: User) -> list[Factor]:
        return [f for f in user.verified_factors if f.factor_type == TOTP]

    @staticmethod
    def has_second_factor(user: User) -> bool:
        """Two-factor is on: a verified factor that stands on its own (not recovery codes)."""
        return any(f.factor_type != RECOVERY_CODE for f in user.verified_factors)

    async def delete_recovery_codes(self, token: AccessToken) -> dict[str, Any]:
        auth = await self._authenticate_locked(token)
        self._require_aal2(auth, "AAL2 required to remove recovery codes")
        factor = self._recovery_factor(auth)
        if factor is None:
            raise AppError(404, ErrorCode.mfa_factor_not_found, "Recovery codes not found")
        auth.user.factors.remove(factor)
        await self.repo.flush()
        await self.audit(
            auth.user, AuditAction.factor_removed, factor_type=RECOVERY_CODE, turned_off=False
        )
        return {"id": str(factor.id)}
