"""python -m engine.spies legal|apply|replay|selfplay|bot (see engine.spies.cli)."""

import sys

from engine.spies.cli import main

sys.exit(main())
