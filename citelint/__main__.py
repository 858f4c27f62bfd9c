import sys

from citelint.cli import main

sys.exit(main())
