"""`python -m slugboard.codecs` runs the `slugboard-codec` command."""

from .cli import main

main()
