"""Rooms and seats: creating a room, claiming the invite, re-issuing it, the summary."""
