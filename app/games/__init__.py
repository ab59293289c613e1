"""Games: the in-memory runtime of a room, its storage, the one command path, projections
and timers."""
