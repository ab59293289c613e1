"""Running a browser module's Node probe (``*_probe.mjs``): one JSON request on its stdin,
one JSON answer on its stdout. Without node the client tests skip, unless ``CI`` is set."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

NODE = shutil.which("node")


def run_probe(
    probe: Path, request: dict[str, Any], node_args: Sequence[str] = (), timeout: float = 120
) -> dict[str, Any]:
    if NODE is None:
        if os.environ.get("CI"):
            pytest.fail("node is needed for the client tests")
        pytest.skip("node is not installed")
    done = subprocess.run(
        [NODE, *node_args, str(probe)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer
