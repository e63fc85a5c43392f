"""Allow `python -m rainboard`."""

import sys

from rainboard.cli import main

sys.exit(main())
