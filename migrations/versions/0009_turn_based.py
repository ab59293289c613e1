"""Turn-based rooms (issue 27): what durable deadlines need (owned by the turn-based clocks work).

``rooms.turn_based``: the room is played over days (its ``time_initial_ms`` is then the
allowance per move, ``NULL`` for no limit). ``games.deadline``: when the server must next
act on its own (a flag, a decision limit, the setup timer), kept in step at every commit
and indexed, so that every server process's sweeper finds the games due, also those whose
deadline fell while no process ran. Games written before this have none until their next
change (or until a socket opens them, which settles their clocks as before).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN, on SQLite too: a batch copy of ``rooms`` would drop a
    # table other tables' foreign keys point at.
    op.add_column("rooms", sa.Column("turn_based", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("deadline", sa.BigInteger, nullable=True))
    op.create_index("ix_games_deadline", "games", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_games_deadline", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("deadline")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("turn_based")
