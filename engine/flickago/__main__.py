import sys

from engine.flickago.cli import main

sys.exit(main())
