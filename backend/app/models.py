"""Every table, imported in one place so Alembic and the tests see the whole schema."""

from app.auth import models as auth_models
from app.core import mail_queue, ratelimit
from app.core.database import Base
from app.newsletter import models as newsletter_models
from app.tracker import models as tracker_models

__all__ = ["Base", "auth_models", "mail_queue", "newsletter_models", "ratelimit", "tracker_models"]
