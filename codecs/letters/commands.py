"""Letters' subcommands of `slugboard-codec` (declared in the package's COMMANDS)."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import CommandFailed
from .model import BLANK, RACK_SIZE, TILE_COUNTS, TURNS, Board


def best_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--turn", type=int, help=f"the position before this turn (1-{TURNS}; default: the next turn to play)"
    )
    parser.add_argument("--top", type=int, default=10, help="how many plays to print (default 10)")
    parser.add_argument("--rack", help=f"play these tiles instead of the day's rack (letters, {BLANK} for a blank)")


def best(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    from ..work import NEVER
    from .moves import best_plays, position_before

    turn = args.turn if args.turn is not None else board.last_turn + 1
    if not 1 <= turn <= TURNS:
        raise CommandFailed(
            f"the game's {TURNS} turns are played: give --turn 1-{TURNS}"
            if args.turn is None
            else f"--turn is 1-{TURNS}",
            status=2,
        )
    if args.top < 1:
        raise CommandFailed("--top is at least 1", status=2)
    position = position_before(board, turn)
    if position is None:
        raise CommandFailed("the day's starting word is needed: give it with --start-word", status=2)
    grid, rack = position
    if args.rack is not None:
        rack = tuple(args.rack.upper())
        if not 1 <= len(rack) <= RACK_SIZE or any(ch not in TILE_COUNTS and ch != BLANK for ch in rack):
            raise CommandFailed(f"--rack is 1-{RACK_SIZE} tiles: letters A-Z, {BLANK} for a blank", status=2)
    if rack is None:
        raise CommandFailed("this game's racks are not known (its tiles fit neither of the day's draws): give --rack")
    plays = best_plays(grid, rack, top=args.top, cancel=getattr(args, "cancel", NEVER))
    return {"turn": turn, "rack": "".join(rack), "plays": [play.to_json() for play in plays]}
