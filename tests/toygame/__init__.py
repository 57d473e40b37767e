"""Noughts and crosses: the smallest complete game, registered by the tests alone (see
docs/ADDING_A_GAME.md, which walks through it file by file)."""
