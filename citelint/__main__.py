import sys

from citelint.commands.entry import main

sys.exit(main())
