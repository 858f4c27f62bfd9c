import sys

from citelint.commands.cli import main

sys.exit(main())
