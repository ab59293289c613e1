"""``python -m app serve`` is ``speakeasy serve``."""

import sys

from app.cli import main

sys.exit(main())
