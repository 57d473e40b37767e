"""Hypothesis strategies, one module per game, for the shared contract tests.

Each module `strategies.<game>` offers:

    boards()   a strategy of boards the game can encode (the round trip is exact)
    texts()    a strategy of texts near the game's slugs and links: real slugs cut,
               spliced and mutated, so a decoder is pushed past its header

`tests/test_contract.py` runs every registered game through the same checks with them.
"""
