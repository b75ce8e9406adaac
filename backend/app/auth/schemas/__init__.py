"""Request bodies as supabase-js sends them, each checking its own fields, one module per flow
beside its service (auth/service/): signup, tokens, user, admin, mfa, external; `common` holds
the rules several flows share. The answers' shapes and builders are auth/responses.py.

Requests accept what the client really sends: explicit nulls (`code_challenge: null`),
extra keys (`gotrue_meta_security`, spread `options`), and ignore what they do not use.
Each model's validator raises the exact error Supabase Auth answers for that field; what
depends on settings or on the stored account (password policy, sign-up switch, limits) is
the service's to check (docs/api.md#auth-endpoints).
"""
