"""Rooms, seats, games and the append-only action log.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("time_initial_ms", sa.BigInteger, nullable=True),
        sa.Column("time_increment_ms", sa.BigInteger, nullable=True),
        sa.Column("setup_seconds", sa.Integer, nullable=True),
        sa.Column("spectators", sa.Boolean, nullable=False),
        sa.Column("creator", sa.String(64), nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("invite_expires_at", sa.BigInteger, nullable=True),
        sa.Column("watch_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("current_game_id", sa.String(32), nullable=True),
        sa.Column("game_number", sa.Integer, nullable=False),
    )
    op.create_table(
        "room_seats",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("slot", sa.Integer, primary_key=True),
        sa.Column("guest_id", sa.String(64), nullable=True),
        sa.Column("bot_level", sa.String(16), nullable=True),
        sa.Column("joined_at", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("room_id", "guest_id", name="uq_room_seats_guest"),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("south_slot", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("snapshot", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("updated_at", sa.BigInteger, nullable=False),
        sa.Column("clock_ms_0", sa.BigInteger, nullable=True),
        sa.Column("clock_ms_1", sa.BigInteger, nullable=True),
        sa.Column("clock_increment_ms", sa.BigInteger, nullable=False),
        sa.Column("clock_running", sa.Integer, nullable=True),
        sa.Column("clock_since", sa.BigInteger, nullable=True),
        sa.Column("setup_deadline", sa.BigInteger, nullable=True),
        sa.Column("setup_seconds", sa.Integer, nullable=True),
        sa.Column("draw_offer", sa.Integer, nullable=True),
        sa.Column("rematch_offer", sa.Integer, nullable=True),
        sa.UniqueConstraint("room_id", "number", name="uq_games_room_number"),
    )
    op.create_index("ix_games_room_id", "games", ["room_id"])
    op.create_table(
        "game_actions",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("client_id", sa.String(64), nullable=True),
        sa.Column("first_version", sa.Integer, nullable=False),
        sa.Column("last_version", sa.Integer, nullable=False),
        sa.Column("events", sa.Text, nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("game_id", "seat", "client_id", name="uq_game_actions_client"),
    )
    op.create_index("ix_game_actions_game_version", "game_actions", ["game_id", "last_version"])


def downgrade() -> None:
    op.drop_table("game_actions")
    op.drop_index("ix_games_room_id", table_name="games")
    op.drop_table("games")
    op.drop_table("room_seats")
    op.drop_table("rooms")
