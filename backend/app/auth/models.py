"""Auth tables."""
