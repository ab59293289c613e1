"""What a client sent under each action id: a reused id with another command is refused
instead of being acknowledged and silently not applied (issue 9).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_actions", sa.Column("command_digest", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_actions") as batch:
        batch.drop_column("command_digest")
