"""Serves the built frontend."""

from fastapi import FastAPI

from app.core.settings import Settings


def mount_site(app: FastAPI, settings: Settings) -> None:
    """Mounts the static site after every API route."""
