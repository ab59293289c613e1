"""A seat's rejoin secret: its SHA-256 on the chair, so the browser that took the chair can
bind it to its current guest cookie again (docs/protocol.md, "Rejoin").

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("room_seats", sa.Column("rejoin_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("room_seats") as batch:
        batch.drop_column("rejoin_hash")
