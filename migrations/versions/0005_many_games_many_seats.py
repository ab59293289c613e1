"""One platform, many games (issue 10): rooms record their game and number of chairs; a
game records its game, which chair plays each seat, its clocks per seat and its offers as
sets of seats. Existing rooms and games (Speak Easy, two chairs) are moved over as they are:
``south_slot`` becomes ``seat_slots``, the two clock columns a list, an offer a set of one.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_OLD_GAME_COLUMNS = (
    "south_slot",
    "clock_ms_0",
    "clock_ms_1",
    "clock_increment_ms",
    "clock_running",
    "clock_since",
    "draw_offer",
    "rematch_offer",
)


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("game", sa.String(32), nullable=False, server_default="speakeasy"))
        batch.add_column(sa.Column("players", sa.Integer, nullable=False, server_default="2"))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("game", sa.String(32), nullable=False, server_default="speakeasy"))
        batch.add_column(sa.Column("seat_slots", sa.Text, nullable=True))
        batch.add_column(sa.Column("clocks", sa.Text, nullable=True))
        batch.add_column(sa.Column("offers", sa.Text, nullable=True))

    bind = op.get_bind()
    games = sa.table(
        "games",
        sa.column("id", sa.String),
        sa.column("seat_slots", sa.Text),
        sa.column("clocks", sa.Text),
        sa.column("offers", sa.Text),
        *(sa.column(name, sa.BigInteger) for name in _OLD_GAME_COLUMNS),
    )
    rows = bind.execute(sa.select(games.c.id, *(games.c[name] for name in _OLD_GAME_COLUMNS))).all()
    for row in rows:
        south = int(row.south_slot)
        remaining = None if row.clock_ms_0 is None else [int(row.clock_ms_0), int(row.clock_ms_1)]
        clocks = {
            "remaining": remaining,
            "increment": int(row.clock_increment_ms),
            "running": [] if row.clock_running is None else [int(row.clock_running)],
            "since": None if row.clock_since is None else int(row.clock_since),
        }
        offers = {
            "draw": [] if row.draw_offer is None else [int(row.draw_offer)],
            "rematch": [] if row.rematch_offer is None else [int(row.rematch_offer)],
        }
        bind.execute(
            games.update()
            .where(games.c.id == row.id)
            .values(seat_slots=_dumps([south, south ^ 1]), clocks=_dumps(clocks), offers=_dumps(offers))
        )

    with op.batch_alter_table("games") as batch:
        for name in ("seat_slots", "clocks", "offers"):
            batch.alter_column(name, existing_type=sa.Text, nullable=False)
        for name in _OLD_GAME_COLUMNS:
            batch.drop_column(name)


def downgrade() -> None:
    raise NotImplementedError("games of more than two seats cannot be written in the old schema")
