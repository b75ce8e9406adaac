/**
 * The server's error codes the frontend branches on (backend/app/core/error_codes.py defines
 * them all; a backend test checks that every value here is one of them). The messages of the
 * ones people meet on several screens, in every language: serverMessages.ts.
 */
export const ErrorCode = {
  validationFailed: 'validation_failed',
  unexpectedFailure: 'unexpected_failure',
  overRequestRateLimit: 'over_request_rate_limit',
  overEmailSendRateLimit: 'over_email_send_rate_limit',
  serviceUnavailable: 'service_unavailable',
  signupDisabled: 'signup_disabled',
  userAlreadyExists: 'user_already_exists',
  invalidCredentials: 'invalid_credentials',
  userBanned: 'user_banned',
  weakPassword: 'weak_password',
  samePassword: 'same_password',
  currentPasswordRequired: 'current_password_required',
  currentPasswordMismatch: 'current_password_mismatch',
  emailNotConfirmed: 'email_not_confirmed',
  emailExists: 'email_exists',
  otpExpired: 'otp_expired',
  mfaVerificationFailed: 'mfa_verification_failed',
  mfaFactorNotFound: 'mfa_factor_not_found',
  mfaRecoveryCodesLocked: 'mfa_recovery_codes_locked',
  insufficientAal: 'insufficient_aal',
  singleIdentityNotDeletable: 'single_identity_not_deletable',
  reauthenticationNeeded: 'reauthentication_needed',
  reauthenticationNotValid: 'reauthentication_not_valid',
  invalidToken: 'invalid_token',
  pgUniqueViolation: '23505',
  pgCheckViolation: '23514',
} as const;
