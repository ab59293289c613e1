"""Confirmed e-mail addresses for turn notifications (issue 27).

``email_addresses``: one address per guest, pending until its owner opens the
confirmation link (``confirmed_at``); ``address_hash`` (SHA-256 of the address in lower
case) finds the guest of a confirmed address for a sign-in link without scanning, and is
what the logs name. ``nonce`` changes with every new address, so that a link mailed for an
earlier one no longer confirms or unsubscribes anything.
``email_sends``: the mails sent, for the rate limits (one "your turn" mail per room and
address an hour, a daily cap, few confirmation mails), counted in the database so that every
server process sees the same counts; rows older than two days are deleted as new ones come.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "email_addresses",
        sa.Column("guest_id", sa.String(64), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("address_hash", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("nonce", sa.String(32), nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("confirmed_at", sa.BigInteger, nullable=True),
        sa.Column("site", sa.String(300), nullable=False),
    )
    op.create_index("ix_email_addresses_address_hash", "email_addresses", ["address_hash"])
    op.create_table(
        "email_sends",
        sa.Column(
            "id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True, autoincrement=True
        ),
        sa.Column("address_hash", sa.String(64), nullable=False),
        sa.Column("room_id", sa.String(32), nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_email_sends_address", "email_sends", ["address_hash", "at"])


def downgrade() -> None:
    op.drop_index("ix_email_sends_address", table_name="email_sends")
    op.drop_table("email_sends")
    op.drop_index("ix_email_addresses_address_hash", table_name="email_addresses")
    op.drop_table("email_addresses")
