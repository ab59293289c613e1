"""A token bucket per connection: ``rate`` frames per second, bursts up to ``rate``.

Rate limiting protects the process, not the rules, so it reads the monotonic clock of the
process rather than the injected game clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    def __init__(self, rate: float, now: Callable[[], float] = time.monotonic) -> None:
        self._rate = rate
        self._capacity = rate
        self._tokens = rate
        self._now = now
        self._last = now()

    def take(self) -> bool:
        current = self._now()
        self._tokens = min(self._capacity, self._tokens + (current - self._last) * self._rate)
        self._last = current
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
