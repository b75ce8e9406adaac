"""Newsletter tables."""
