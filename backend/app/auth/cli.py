"""Operator commands for this package."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    """Adds this package's subcommands to the CLI."""
    _ = (subparsers, argparse)
