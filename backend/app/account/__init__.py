"""The account as a whole, across domains: delete it, export it (docs/behaviour.md#accounts-data).

An application layer above the domains (docs/architecture.md#layers): an account's data lives in
auth (the user, identities, factors, sessions, activity) and in newsletter (subscriptions by
email), and the domains do not import each other, so what spans both is composed here.
"""
