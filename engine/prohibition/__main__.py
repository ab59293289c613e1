import sys

from engine.prohibition.cli import main

sys.exit(main())
