"""Game seeds for the platform generator: 64 hex digits (32 bytes) instead of a 62-bit
integer. Existing seeds are kept, written in decimal: those games' states hold the legacy
stream and play on (``engine/rng_legacy.py``).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.alter_column(
            "seed", existing_type=sa.BigInteger, type_=sa.String(64), postgresql_using="seed::text"
        )


def downgrade() -> None:
    # Only games of the legacy stream (decimal seeds) can go back; hex seeds cannot.
    with op.batch_alter_table("games") as batch:
        batch.alter_column(
            "seed", existing_type=sa.String(64), type_=sa.BigInteger, postgresql_using="seed::bigint"
        )
