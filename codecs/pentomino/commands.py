"""Pentomino's subcommands of `slugboard-codec` (declared in the package's COMMANDS)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import SlugError
from ..game import CommandFailed
from ..work import NEVER, Cancelled
from .model import Board

ALL_MOST = 1_000_000  # slugs `solve --all` prints at most
MEMORY_MB_MOST = 1 << 16  # the largest `count --memory` taken: 64 GB


def solve_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--nth",
        type=int,
        metavar="K",
        help="pentomino: print the K-th completion (1 is Solve's), in the order the window's browser shows them",
    )
    parser.add_argument(
        "--all", action="store_true", help="pentomino: print every completion's slug, one a line (see --limit)"
    )
    parser.add_argument(
        "--limit", type=int, metavar="N", help="pentomino: with --all, print at most N (default 10,000)"
    )


def solve(board: Board, args: argparse.Namespace) -> str:
    from . import solver
    from .slug import encode

    nth, every, limit = getattr(args, "nth", None), getattr(args, "all", False), getattr(args, "limit", None)
    if nth is not None or every or limit is not None:
        return _completions(board, nth, every, limit, getattr(args, "cancel", NEVER))
    done = solver.solve(board, cancel=getattr(args, "cancel", NEVER))
    if done is None:
        why = solver.reason(board) or "no placement of the pieces left fills the empty cells"
        raise CommandFailed(f"no completion: {why}")
    return encode(done)


def _completions(board: Board, nth: int | None, every: bool, limit: int | None, cancel: Any) -> str:
    """`solve --nth K` or `solve --all [--limit N]`: the slugs of completions, in the
    browser's order."""
    from . import completions, solver
    from .slug import encode

    if nth is not None and every:
        raise SlugError("solve", "--nth and --all ask for different things: give one")
    if limit is not None and not every:
        raise SlugError("solve", "--limit goes with --all")
    if nth is not None and nth < 1:
        raise SlugError("solve", "--nth wants a whole number of at least 1")
    if limit is not None and not 1 <= limit <= ALL_MOST:
        raise SlugError("solve", f"--limit wants a whole number from 1 to {ALL_MOST:,}")
    if nth is not None:
        done = completions.nth(board, nth - 1, cancel=cancel)
        if done is None:
            found = completions.completions(board, nth, cancel=cancel)
            if not found:
                why = solver.reason(board) or "no placement of the pieces left fills the empty cells"
                raise CommandFailed(f"no completion: {why}")
            raise CommandFailed(f"the board has only {len(found):,} completion{'s' if len(found) != 1 else ''}")
        return encode(done)
    found = completions.completions(board, limit or completions.LIMIT, cancel=cancel)
    if not found:
        why = solver.reason(board) or "no placement of the pieces left fills the empty cells"
        raise CommandFailed(f"no completion: {why}")
    return "\n".join(encode(found.board_of(k)) for k in range(len(found)))


def count_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--limit", type=int, metavar="N", help="stop counting at N")
    parser.add_argument("--jobs", type=int, metavar="N", help="count on N threads side by side (default: one per core)")
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="count on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786); needs dask[distributed]",
    )
    parser.add_argument(
        "--no-symmetry",
        action="store_true",
        help="search every completion, without counting one place of a piece for each of the board's symmetries"
        " (slower; the same count)",
    )
    parser.add_argument(
        "--memory",
        type=int,
        metavar="MB",
        help="megabytes for the memory of sub-counts (default: 32; a long count, a torus say, takes less time with"
        " more: 256 or a few thousand)",
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        help="keep each part of the count in FILE as it is counted; the same command with the same FILE, after"
        " Ctrl+C or --timeout, counts only the parts not yet counted",
    )
    parser.add_argument(
        "--reverse-sweep",
        action="store_true",
        help="fill the board's cells in the reverse of the usual order: a different search through the same"
        " tilings, to check a count (it may take longer; refused where a symmetry of the board makes it the same"
        " search)",
    )
    parser.add_argument(
        "--engine",
        choices=("auto", "compiled", "python"),
        default="auto",
        help="compiled (numba) or pure-Python search; auto: compiled where numba is installed",
    )


def count(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    import os

    from . import solver

    if args.limit is not None and args.limit < 1:
        raise SlugError("count", "--limit wants a whole number of at least 1")
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise SlugError("count", "--jobs wants a whole number of at least 1")
    memory = args.memory if args.memory is not None else solver.MEMORY_MB
    if not 1 <= memory <= MEMORY_MB_MOST:
        raise SlugError("count", f"--memory wants megabytes from 1 to {MEMORY_MB_MOST}")
    if args.reverse_sweep and solver.reverse_repeats(board):
        raise SlugError(
            "count",
            "on this board a symmetry carries the sweep onto its reverse, so --reverse-sweep would repeat the"
            " same search on the board turned or mirrored and check nothing; --no-symmetry counts it by another"
            " search (slower)",
        )
    if args.engine == "compiled" and not solver.compiled_available():
        raise CommandFailed("the compiled search needs numba: pip install numba")
    parts = None
    if args.resume is not None:
        if args.limit is not None:
            raise SlugError("count", "--resume counts every completion: leave out --limit")
        from .parts import PartsFile
        from .slug import encode

        parts = PartsFile(args.resume, encode(board))
    cancel = getattr(args, "cancel", NEVER)
    try:
        found, complete = solver.count(
            board,
            args.limit,
            cancel=cancel,
            progress=lambda _found, share: cancel.report(share),
            jobs=jobs,
            engine=args.engine,
            dask=args.dask,
            symmetric=not args.no_symmetry,
            memory=memory,
            parts=parts,
            reverse=args.reverse_sweep,
        )
    except (Cancelled, KeyboardInterrupt):
        if parts is not None:
            print(
                ("\n" if sys.stderr.isatty() else "")  # below the line of progress
                + f"The parts counted so far are kept in {args.resume}: the same command goes on from there.",
                file=sys.stderr,
            )
        raise
    result: dict[str, Any] = {"count": found, "complete": complete}
    if complete and args.limit is None:
        from .distinct import up_to_symmetry

        # As the literature quotes counts: a tiling and its turns and mirror images once.
        result["up_to_symmetry"] = up_to_symmetry(board, found, cancel=cancel)
    if parts is not None and parts.read:
        # Counts read back from a file this run did not write: said, with how many.
        result["resumed"] = {"parts": len(parts.keys), "from_file": parts.read}
    return result


def generate_pentomino_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--surface", default="R", help="surface letter: R C S T M P K (default R)")
    parser.add_argument("--size", default="6x10", metavar="HxW", help="rows x columns (default 6x10)")
    parser.add_argument("--pieces", type=int, metavar="K", help="place at least K pieces (default: the fewest)")
    parser.add_argument("--seed", type=int, help="the same seed makes the same puzzle")


def generate_pentomino(args: argparse.Namespace) -> int:
    """Print the slug of a new puzzle; a free command writes its own errors."""
    import sys

    try:
        sys.stdout.write(_puzzle_slug(args) + "\n")
    except SlugError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except CommandFailed as error:
        print(error.message, file=sys.stderr)
        return error.status
    return 0


def _puzzle_slug(args: argparse.Namespace) -> str:
    from .generate import NoPuzzleError, generate
    from .model import MAX_SIZE, MIN_SIZE, SURFACES
    from .slug import encode

    if args.surface not in SURFACES:
        raise SlugError("generate-pentomino", f"--surface is one of {' '.join(SURFACES)}")
    try:
        height, width = (int(part) for part in args.size.lower().split("x"))
    except ValueError:
        raise SlugError("generate-pentomino", "--size wants rows x columns, like 6x10") from None
    if not (MIN_SIZE <= height <= MAX_SIZE and MIN_SIZE <= width <= MAX_SIZE):
        raise SlugError("generate-pentomino", f"--size wants sides of {MIN_SIZE} to {MAX_SIZE}")
    if args.surface == "S" and height != width:
        raise SlugError("generate-pentomino", "a sphere is square")
    if args.pieces is not None and not 0 <= args.pieces <= 12:
        raise SlugError("generate-pentomino", "--pieces wants 0 to 12")
    try:
        board = generate(args.surface, height, width, args.pieces, args.seed, cancel=getattr(args, "cancel", NEVER))
    except NoPuzzleError as error:
        raise CommandFailed(f"no puzzle on that board: {error}") from None
    return encode(board)
