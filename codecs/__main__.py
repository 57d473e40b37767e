"""`python -m slugboard.codecs` runs the `slugboard-codec` command."""

from .cli import main

if __name__ == "__main__":  # a spawned child process imports this module again
    main()
