"""``python -m riichi.play``: see :mod:`riichi.play.cli`."""

import sys

from riichi.play.cli import main

if __name__ == "__main__":
    sys.exit(main())
