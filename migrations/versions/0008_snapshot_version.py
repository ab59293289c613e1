"""Snapshots that do not grow on every move (issue 15): the version a game's snapshot holds.

A game's row used to carry the whole state (its log included) after every change; it now
takes a snapshot every few versions and the versions after it are rebuilt from
``game_actions``. Rows written before this hold the snapshot of their own version.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("snapshot_version", sa.Integer, nullable=False, server_default="0"))
    op.execute("UPDATE games SET snapshot_version = version")


def downgrade() -> None:
    # An older server reads a snapshot as the state at the row's version: refuse rather than
    # hand it games whose snapshot is older (SQL cannot apply the rules to bring them on).
    behind = op.get_bind().execute(sa.text("SELECT count(*) FROM games WHERE snapshot_version <> version"))
    count = behind.scalar_one()
    if count:
        raise RuntimeError(f"{count} games hold a snapshot older than their version; cannot downgrade")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("snapshot_version")
