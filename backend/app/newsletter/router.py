"""Newsletter and waitlist subscriptions (PostgREST-compatible) and the contact form."""

from fastapi import APIRouter

rest_router = APIRouter(prefix="/rest/v1")
api_router = APIRouter(prefix="/api")
