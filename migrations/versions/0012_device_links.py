"""Find your turns and carry your identity to another device (issue 27, item 4).

``games.actors``: the seats that owe a decision in the game's current state, but those the
autopilot plays (a JSON list, ``[]`` once over), written with every change of the row, so
that "My games" and "Your move in N games" know whose turn it is from the row alone,
without loading any game's state; ``ix_room_seats_guest`` finds a guest's chairs.
Whose turn it is is public: every viewer's frames say it. Rows written before this hold
``NULL`` until their next change; the list falls back to loading those games' states.

``device_links``: one-time links that carry a guest's identity to another browser. Only
the SHA-256 of the link's token is stored (``token_hash``); a link is good for 15 minutes
(``expires_at``) and once (``used_at``, set by a guarded update, so two processes never
both honour it).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN (as 0009): a batch copy of ``games`` would drop a table
    # other tables' foreign keys point at.
    op.add_column("games", sa.Column("actors", sa.Text, nullable=True))
    op.create_index("ix_room_seats_guest", "room_seats", ["guest_id"])
    op.create_table(
        "device_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("guest_id", sa.String(64), nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.BigInteger, nullable=False),
        sa.Column("used_at", sa.BigInteger, nullable=True),
    )
    op.create_index("ix_device_links_guest", "device_links", ["guest_id"])


def downgrade() -> None:
    op.drop_index("ix_device_links_guest", table_name="device_links")
    op.drop_table("device_links")
    op.drop_index("ix_room_seats_guest", table_name="room_seats")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("actors")
