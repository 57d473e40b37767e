"""Minesweeper's `slugboard-codec` commands, each as `<name>_options(parser)` and
`<name>(args) -> int` (they take a slug, a link or a replay file, so they read their
TEXT_OR_FILE themselves and write their own output).

export-replay   the game as an .evf replay (with the mouse path of a replay file)
generate-mines  a new random field's slug, optionally one that needs no guessing
analyse-replay  every action with what Metasweeper's analysis finds there
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import IO, TYPE_CHECKING

from ..errors import FormatError, SlugError
from ..newfile import write_atomically
from .model import NAME, Board

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1

if TYPE_CHECKING:
    from .files import ReplayFile


def game_of(text: str) -> tuple[Board, ReplayFile | None]:
    """The minesweeper game of a slug or link, of a file holding one, or of a replay file
    (.avf .rmv .evf .mvf, with the file's extras)."""
    from ..reading import read, read_text_file  # the floor that asks every game, not the package top
    from .files import EXTENSIONS, read_replay_file

    if os.path.isfile(text):
        if os.path.splitext(text)[1].lower() in EXTENSIONS:
            found = read_replay_file(text)
            return found.board, found
        text = read_text_file(text)
    name, board, _, _ = read(text)
    if name != NAME or not isinstance(board, Board):
        raise FormatError(NAME, f"this is a {name} board, not a minesweeper game")
    return board, None


def _say(err: IO[str], exc: SlugError) -> int:
    print(f"error: {exc}", file=err)
    return EXIT_BAD_INPUT


# --- export-replay ---------------------------------------------------------------------


def export_replay_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT_OR_FILE", help="a minesweeper game: slug, link or replay file")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="the .evf file to write")
    parser.add_argument("--player", default="", help="the player's name for the file (a replay file keeps its own)")


def export_replay(args: argparse.Namespace, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    """Write the game of `args.text` to `args.output` as an .evf replay: a replay file's
    game with its mouse path, a link's with its clicks at the cells' middles."""
    from .evf import recording_of, write_evf

    out, err = out or sys.stdout, err or sys.stderr
    if not args.output.lower().endswith(".evf"):
        print("error: export-replay writes .evf replays: name the file .evf", file=err)
        return EXIT_BAD_INPUT
    try:
        board, found = game_of(args.text)
        data = write_evf(recording_of(board, replay_file=found, player=args.player))
    except SlugError as exc:
        return _say(err, exc)
    try:
        write_atomically(args.output, data)
    except OSError as exc:
        print(f"error: could not write {args.output} ({exc.strerror or exc})", file=err)
        return EXIT_FAILED
    print(f"wrote {args.output} ({len(board.events)} actions, {len(data):,} bytes)", file=out)
    return 0


# --- generate-mines --------------------------------------------------------------------


def _cell(text: str) -> tuple[int, int]:
    try:
        row, col = (int(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants ROW,COLUMN (from 0), got {text!r}") from None
    return row, col


def generate_mines_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--width", type=int, required=True, metavar="W", help="columns")
    parser.add_argument("--height", type=int, required=True, metavar="H", help="rows")
    parser.add_argument("--mines", type=int, required=True, metavar="M", help="how many mines")
    parser.add_argument(
        "--no-guess",
        action="store_true",
        help="a field that logic alone solves from the first click, which opens a region (judged by ms-toollib)",
    )
    parser.add_argument(
        "--first-click",
        type=_cell,
        metavar="R,C",
        help="the first click's row and column, from 0: no mine on it or around it (default with --no-guess: the middle)",
    )
    parser.add_argument("--seed", type=int, metavar="S", help="the same seed gives the same field")


def generate_mines(args: argparse.Namespace, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    """Print the slug of a new random field (no game yet)."""
    from .model import MAX_CELLS, random_board
    from .slug import encode

    out, err = out or sys.stdout, err or sys.stderr
    w, h, mines = args.width, args.height, args.mines
    if w < 1 or h < 1 or w * h > MAX_CELLS:
        print(f"error: a field is at least 1x1 and at most {MAX_CELLS:,} cells", file=err)
        return EXIT_BAD_INPUT
    if not 0 <= mines <= w * h:
        print(f"error: a {w}x{h} field holds 0 to {w * h:,} mines", file=err)
        return EXIT_BAD_INPUT
    first = None if args.first_click is None else (args.first_click[1], args.first_click[0])
    if first is not None and not (0 <= first[0] < w and 0 <= first[1] < h):
        print(f"error: the first click (row {first[1]}, column {first[0]}) is off the {w}x{h} field", file=err)
        return EXIT_BAD_INPUT
    if args.no_guess:
        from .noguess import no_guess_board

        try:
            board = no_guess_board(w, h, mines, first or (w // 2, h // 2), seed=args.seed)
        except ValueError as exc:
            print(f"error: {exc}", file=err)
            return EXIT_FAILED
    else:
        if first is not None and mines == w * h:
            print("error: a first click needs a cell with no mine", file=err)
            return EXIT_BAD_INPUT
        board = random_board(w, h, mines, seed=args.seed, safe=first)
    print(encode(board), file=out)
    return 0


# --- analyse-replay --------------------------------------------------------------------


def analyse_replay_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", metavar="TEXT_OR_FILE", help="a minesweeper game: slug, link or replay file")


def analyse_replay(args: argparse.Namespace, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    """Print one JSON object per action of the game: its time, kind and cell, what
    ms-toollib's analysis found there, and for a guess its chance of being safe."""
    import json

    from .analysis import analyse

    out, err = out or sys.stdout, err or sys.stderr
    try:
        board, found = game_of(args.text)
        result = analyse(board, found)
    except SlugError as exc:
        return _say(err, exc)
    for i in range(len(board.events)):
        print(json.dumps(result.action_json(board, i), ensure_ascii=False, separators=(",", ":")), file=out)
    return 0
