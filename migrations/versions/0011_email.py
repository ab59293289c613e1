"""Confirmed e-mail addresses for turn notifications (issue 27).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

import sqlalchemy as sa  # noqa: F401
from alembic import op  # noqa: F401

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
