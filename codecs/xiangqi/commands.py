"""Xiangqi's subcommands of `slugboard-codec` (declared in the package's COMMANDS): `moves`
(the legal moves), `analyse` (an engine's best lines) and `export-game` (a game record or a
move list written as PGN or as a move list)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..errors import SlugError
from .model import Board


def moves(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    """The legal moves, check and result; a position no game is played from (no generals,
    45 soldiers) is refused, saying why."""
    from .moves import summary

    return summary(board)


def _engine_options(parser: argparse.ArgumentParser, depth: str, movetime: str) -> None:
    """How long the engine thinks (a depth or a time, with their defaults said), and which engine."""
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=int, metavar="N", help=depth)
    limit.add_argument("--movetime", type=int, metavar="MS", help=movetime)
    parser.add_argument(
        "--engine", metavar="PATH", help="the engine program (default: pikafish or fairy-stockfish on PATH)"
    )


def analyse_options(parser: argparse.ArgumentParser) -> None:
    _engine_options(parser, "search this many plies deep (default 12)", "search for this many milliseconds")
    parser.add_argument("--multipv", type=int, default=1, metavar="K", help="how many best lines to give (1-5)")


def analyse(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    """`{"lines": [{"move", "score", "pv"}, ...], "depth": N}` for `board`; a missing or
    failing engine raises EngineError, a SlugError, so the command ends with status 2."""
    from .engine import analyse as run

    return run(
        board,
        depth=args.depth,
        movetime=args.movetime,
        multipv=args.multipv,
        engine=args.engine,
    )


def engine_move_options(parser: argparse.ArgumentParser) -> None:
    _engine_options(parser, "think this many plies deep", "think for this many milliseconds (default 1000)")
    parser.add_argument(
        "--elo",
        type=int,
        metavar="N",
        help="play as a player of this Elo (the engine's nearest; default: its full strength)",
    )


def engine_move(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    """`{"move": "h2e2", "score": {...}, "elo": N, "engine": NAME}`: the move the engine would
    play here at that strength (ICCS, ranks 0-9; "elo" null at full strength); "move" is
    null, with the game's "result", where the game is over."""
    from .engine import Engine
    from .moves import result
    from .strength import HIGHEST_ELO, LOWEST_ELO, limit_strength

    if args.elo is not None and not LOWEST_ELO <= args.elo <= HIGHEST_ELO:
        raise SlugError("xiangqi", f"--elo is {LOWEST_ELO} to {HIGHEST_ELO}, not {args.elo}")
    over = result(board)
    if over is not None:
        from .engine import check_position

        check_position(board)
        return {"move": None, "result": over}
    movetime = args.movetime if args.depth is None and args.movetime is not None else None
    if args.depth is None and movetime is None:
        movetime = 1000
    with Engine(args.engine) as engine:
        elo = limit_strength(engine, args.elo) if args.elo is not None else None
        final = engine.analyse(board, depth=args.depth, movetime=movetime)
        best = final.to_json()["lines"][:1]
        return {
            "move": best[0]["move"] if best else None,
            "score": best[0]["score"] if best else None,
            "elo": elo,
            "engine": engine.name,
        }


def export_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="TEXT_OR_FILE", help="a game record file, or a FEN and moves, or PGN text")
    parser.add_argument("--format", choices=("pgn", "moves"), default="pgn", help="what to write (default pgn)")
    parser.add_argument(
        "--notation", choices=("WXF", "ICCS", "Chinese"), default="WXF", help="how moves are written (default WXF)"
    )
    parser.add_argument(
        "--script",
        choices=("traditional", "simplified"),
        default="traditional",
        help="the characters of Chinese moves: traditional (馬７進５, as the window writes them; the default) or "
        "simplified (马７进５, as most record programs write them)",
    )


def read_games(source: str) -> list[Any]:
    """The games of a file (PGN, XQF, DhtmlXQ) or of a text (PGN, DhtmlXQ, a FEN and moves)."""
    from . import records

    if len(source) < 4096 and os.path.exists(source):
        return records.read_file(source)
    return records.read_text(source)


def export_game(args: argparse.Namespace) -> int:
    """Write each game to standard output (what its reader left out said on standard
    error); a file that cannot be read: one line, status 2."""
    from . import records
    from .notation import chinese_list, iccs_list, wxf_list

    try:
        games = read_games(args.source)
    except SlugError as exc:
        print(f"slugboard-codec: {exc}", file=sys.stderr)
        return 2
    for number, game in enumerate(games, 1):
        for problem in game.problems:  # what was left out is said, never dropped without a word
            where = f"game {number}: " if len(games) > 1 else ""
            print(f"slugboard-codec: {where}{problem}", file=sys.stderr)
        if args.format == "pgn":
            sys.stdout.write(records.write_pgn(game, args.notation, args.script))
        elif args.notation == "ICCS":
            sys.stdout.write(iccs_list(game.main_line) + "\n")
        elif args.notation == "Chinese":
            sys.stdout.write(chinese_list(game.start, game.main_line, args.script) + "\n")
        else:
            sys.stdout.write(wxf_list(game.start, game.main_line) + "\n")
        if len(games) > 1:
            sys.stdout.write("\n")
    return 0
