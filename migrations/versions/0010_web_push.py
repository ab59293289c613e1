"""Web Push subscriptions bound to a guest, and the notices owed (issue 27, notifications).

``push_subscriptions``: one browser's Web Push subscription (its push service endpoint and
the keys its payloads are encrypted to, RFC 8291), bound to the guest whose cookie made it,
with the language its notifications are written in. A push service's 404/410 deletes it.

``notice_marks``: what the notifications remember across processes and restarts. A
``your_turn`` mark says a seat was told it is his turn (no second one until he acts); a
``time_low`` mark is a "12 h left" notice owed at ``due_at`` for the seat's deadline
``deadline``, claimed by exactly one process (an atomic UPDATE of ``claimed_at``).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("guest_id", sa.String(64), nullable=False),
        sa.Column("endpoint", sa.String(1024), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(100), nullable=False),
        sa.Column("auth", sa.String(40), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_push_subscriptions_guest", "push_subscriptions", ["guest_id"])
    op.create_table(
        "notice_marks",
        sa.Column("id", BigId, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("deadline", sa.BigInteger, nullable=False),
        sa.Column("due_at", sa.BigInteger, nullable=False),
        sa.Column("claimed_at", sa.BigInteger, nullable=True),
        sa.UniqueConstraint("game_id", "seat", "kind", "deadline", name="uq_notice_marks"),
    )
    op.create_index("ix_notice_marks_due", "notice_marks", ["claimed_at", "due_at"])


def downgrade() -> None:
    op.drop_index("ix_notice_marks_due", table_name="notice_marks")
    op.drop_table("notice_marks")
    op.drop_index("ix_push_subscriptions_guest", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
