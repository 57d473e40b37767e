"""`python -m slugboard.gui` starts the application."""

import sys

from .app import main

# Guarded: a child process of ms-toollib's calculations (spawned, see
# codecs/minesweeper/toollib.py) imports this module again, and must not start the
# application a second time.
if __name__ == "__main__":
    sys.exit(main())
