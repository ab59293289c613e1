import sys

from engine.speakeasy.cli import main

sys.exit(main())
