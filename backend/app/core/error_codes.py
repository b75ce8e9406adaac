"""Every error code the server answers with: named, stable, in one place.

Clients branch on these strings, so a value never changes once shipped. Auth codes are
Supabase Auth's where it has one (its `apierrors` package), so supabase-js recognises them;
REST codes are PostgreSQL SQLSTATEs and PostgREST's `PGRST…` codes, as a Supabase project
would answer. The frontend imports the ones it branches on from `frontend/src/lib/errorCodes.ts`
(a test checks that file names only codes defined here). docs/api.md#api-errors lists them.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    # --- any API -----------------------------------------------------------------------
    bad_json = "bad_json"
    validation_failed = "validation_failed"
    request_too_large = "request_too_large"
    request_header_fields_too_large = "request_header_fields_too_large"
    not_found = "not_found"
    method_not_allowed = "method_not_allowed"
    http_error = "http_error"
    unexpected_failure = "unexpected_failure"
    over_request_rate_limit = "over_request_rate_limit"
    over_email_send_rate_limit = "over_email_send_rate_limit"
    # Ours: the database is overloaded (no pooled connection in time); retry later.
    service_unavailable = "service_unavailable"

    # --- callers and tokens ------------------------------------------------------------
    no_api_key = "no_api_key"
    invalid_api_key = "invalid_api_key"
    no_authorization = "no_authorization"
    bad_jwt = "bad_jwt"
    not_admin = "not_admin"

    # --- auth (Supabase Auth's codes) --------------------------------------------------
    signup_disabled = "signup_disabled"
    phone_provider_disabled = "phone_provider_disabled"
    user_already_exists = "user_already_exists"
    email_exists = "email_exists"
    weak_password = "weak_password"
    same_password = "same_password"
    current_password_required = "current_password_required"
    current_password_mismatch = "current_password_mismatch"
    invalid_credentials = "invalid_credentials"
    email_not_confirmed = "email_not_confirmed"
    user_banned = "user_banned"
    user_not_found = "user_not_found"
    session_not_found = "session_not_found"
    refresh_token_not_found = "refresh_token_not_found"
    refresh_token_already_used = "refresh_token_already_used"
    otp_expired = "otp_expired"
    flow_state_not_found = "flow_state_not_found"
    flow_state_expired = "flow_state_expired"
    bad_code_verifier = "bad_code_verifier"
    reauthentication_needed = "reauthentication_needed"
    reauthentication_not_valid = "reauthentication_not_valid"
    # What is off answers as Supabase Auth does when it is off (docs/api.md#auth-off).
    anonymous_provider_disabled = "anonymous_provider_disabled"
    manual_linking_disabled = "manual_linking_disabled"
    saml_provider_disabled = "saml_provider_disabled"
    web3_provider_disabled = "web3_provider_disabled"

    # --- sign-in with Google and Apple, linked identities (Supabase Auth's codes) ---------
    bad_oauth_state = "bad_oauth_state"
    bad_oauth_callback = "bad_oauth_callback"
    provider_disabled = "provider_disabled"
    identity_already_exists = "identity_already_exists"
    identity_not_found = "identity_not_found"
    single_identity_not_deletable = "single_identity_not_deletable"
    # Ours: an ID token that fails a check; the provider unreachable or refusing the code.
    bad_id_token = "bad_id_token"
    provider_unavailable = "provider_unavailable"

    # --- two-factor authentication (Supabase Auth's codes) -----------------------------
    insufficient_aal = "insufficient_aal"
    too_many_enrolled_mfa_factors = "too_many_enrolled_mfa_factors"
    mfa_factor_name_conflict = "mfa_factor_name_conflict"
    mfa_factor_not_found = "mfa_factor_not_found"
    mfa_ip_address_mismatch = "mfa_ip_address_mismatch"
    mfa_challenge_expired = "mfa_challenge_expired"
    mfa_verification_failed = "mfa_verification_failed"
    mfa_verified_factor_exists = "mfa_verified_factor_exists"
    mfa_phone_enroll_not_enabled = "mfa_phone_enroll_not_enabled"
    mfa_webauthn_enroll_not_enabled = "mfa_webauthn_enroll_not_enabled"
    mfa_recovery_codes_sole_factor = "mfa_recovery_codes_sole_factor"
    mfa_recovery_codes_locked = "mfa_recovery_codes_locked"

    # --- our own /api ------------------------------------------------------------------
    missing_token = "missing_token"
    invalid_token = "invalid_token"
    current_session = "current_session"
    # The prayer-times calendar feed (docs/api.md#calendar-feed).
    invalid_coordinates = "invalid_coordinates"
    unknown_time_zone = "unknown_time_zone"
    invalid_country = "invalid_country"
    unknown_method = "unknown_method"
    invalid_prayer_settings = "invalid_prayer_settings"
    invalid_lead = "invalid_lead"
    invalid_days = "invalid_days"
    unsupported_language = "unsupported_language"
    day_out_of_range = "day_out_of_range"

    # --- PostgREST and PostgreSQL, as /rest/v1 answers them ----------------------------
    pgrst_bad_query = "PGRST100"
    pgrst_invalid_body = "PGRST102"
    pgrst_invalid_range = "PGRST103"
    pgrst_bad_schema = "PGRST106"
    pgrst_not_single = "PGRST116"
    pgrst_unknown_function = "PGRST202"
    pgrst_unknown_column = "PGRST204"
    pgrst_unknown_table = "PGRST205"
    pgrst_jwt_invalid = "PGRST301"
    pgrst_jwt_expired = "PGRST303"
    pg_string_too_long = "22001"
    pg_invalid_datetime = "22007"
    pg_invalid_text = "22P02"
    pg_not_null_violation = "23502"
    pg_foreign_key_violation = "23503"
    pg_unique_violation = "23505"
    pg_check_violation = "23514"
    pg_insufficient_privilege = "42501"
    pg_undefined_column = "42703"
    pg_invalid_column_reference = "42P10"
    # Ours (PostgREST has no such limit): an insert of more rows than NEWSLETTER_MAX_ROWS.
    too_many_rows = "too_many_rows"
