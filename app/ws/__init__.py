"""The WebSocket edge: inbound messages, the per-viewer connection, rate limits."""
