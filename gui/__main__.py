"""`python -m slugboard.gui` starts the application."""

import sys

from .app import main

sys.exit(main())
