"""The auth API under /auth/v1, wire-compatible with Supabase Auth."""

from fastapi import APIRouter

router = APIRouter(prefix="/auth/v1")
