"""Room chat (issue 10): every line stored with its channel and the chairs it goes between.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("slot", sa.Integer, nullable=True),
        sa.Column("to_slot", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_chat_messages_room", "chat_messages", ["room_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_room", table_name="chat_messages")
    op.drop_table("chat_messages")
