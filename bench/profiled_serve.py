"""``speakeasy serve`` with cProfile switched on and off by signals (``bench/load.py --profile``).

    python bench/profiled_serve.py OUTPUT serve --port 8000

SIGUSR1 starts the profiler; SIGUSR2 stops it and writes its figures to OUTPUT (``pstats``
format: ``python -m pstats OUTPUT``). A profile of the whole process cannot be written at its
end: uvicorn raises SIGTERM again after its shutdown, so the process never returns to the code
that would write it. Switching by signal also leaves start-up and seating out of the figures.
The handlers run on the main thread, which is the event loop's: the profile is of the loop,
timed in the process's CPU time (a coroutine awaiting PostgreSQL's answer inside asyncpg's
compiled code would otherwise be charged the wait).
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time
from types import FrameType


def main() -> int:
    del sys.path[0]  # bench/, whose engine.py would hide the engine package
    output, arguments = sys.argv[1], sys.argv[2:]
    profiler = cProfile.Profile(time.process_time)  # CPU time: a wait on a socket is not work

    def start(signum: int, frame: FrameType | None) -> None:
        profiler.enable()

    def stop(signum: int, frame: FrameType | None) -> None:
        profiler.disable()
        profiler.dump_stats(output)

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    from app.cli import main as serve  # the server tree's own (PYTHONPATH)

    return serve(arguments)


if __name__ == "__main__":
    sys.exit(main())
