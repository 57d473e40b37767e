"""The `slugboard-codec` command: decode, encode, detect and describe boards from the shell.

    slugboard-codec decode TEXT...     one board JSON per line (TEXT "-" reads lines from stdin)
    slugboard-codec encode             board JSON lines on stdin, one slug per line
    slugboard-codec detect TEXT...     the game of each text
    slugboard-codec info TEXT...       one JSON object of facts per board
    slugboard-codec url TEXT...        the web app's link for each board
    slugboard-codec qr TEXT -o FILE    the board's web link as a QR code (.png or .svg)
    slugboard-codec grid TEXT          sudoku: the 81-character string (--candidates: the candidate grid)
    slugboard-codec solve TEXT         pentomino: the slug of the board completed (exit 1 when it cannot be)
    slugboard-codec count TEXT         pentomino: {"count": N, "complete": true|false} (--limit N)
    slugboard-codec moves TEXT...      xiangqi: legal moves (ICCS, sorted), check and result as JSON
    slugboard-codec hint TEXT...       sudoku: the next logical step as JSON
    slugboard-codec explain TEXT       what every character of the slug holds: one JSON object per
                                       span (field, bits, characters, value, board element), then totals
    slugboard-codec generate [--givens N] [--symmetry S] [--rating MIN-MAX] [--seed S]
                                       sudoku: a new puzzle with one solution, as a slug

Exit status 0 when every input was read, 2 when any was bad (one `error: ...` line each).
Whatever the input, the command answers or says what is wrong with it: no traceback.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import IO, Any

from . import MAX_TEXT, Game, SlugError, all_games, decode_any
from .errors import FormatError, guarded

EXIT_BAD_INPUT = 2
EXIT_OUTPUT_CLOSED = 1  # the reader of the output went away

# A line of standard input longer than this is refused unread: no legal slug or board
# JSON comes near it (the decoders refuse MAX_TEXT characters).
MAX_LINE_BYTES = 4 * MAX_TEXT


def _stdin_lines(stream: IO[bytes]) -> Iterator[tuple[str, str | SlugError]]:
    """The non-blank lines of standard input as text, each with where it stands ("line
    3"); a line that is not UTF-8 (or is absurdly long) becomes a SlugError naming it, and
    the lines after it are still read."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        where = f"line {number}"
        if len(raw) > MAX_LINE_BYTES:
            yield "", SlugError("input", f"{where} is longer than {MAX_LINE_BYTES:,} bytes")
            while raw and not raw.endswith(b"\n"):  # skip the rest of that line
                raw = stream.readline(MAX_LINE_BYTES)
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield "", SlugError("input", f"{where} is not UTF-8 text (byte 0x{raw[exc.start]:02x})", exc.start)
            continue
        line = line.lstrip("\ufeff").rstrip("\r\n")
        if line.strip():
            yield where, line


def _texts(values: list[str], stdin: IO[bytes]) -> Iterator[tuple[str, str | SlugError]]:
    """The texts to read, each with where it came from when there is more than one: its
    line of standard input, or its place among the arguments ("text 2")."""
    for index, value in enumerate(values, 1):
        if value == "-":
            yield from _stdin_lines(stdin)
        else:
            yield (f"text {index}" if len(values) > 1 else ""), value


def _binary(stream: IO[str]) -> IO[bytes]:
    """The bytes under a text stream (a replaced sys.stdin may have none)."""
    buffer: IO[bytes] | None = getattr(stream, "buffer", None)
    return buffer if buffer is not None else io.BytesIO(stream.read().encode("utf-8", "surrogateescape"))


def _dump(obj: Any) -> str:
    import json  # here, not at the top: `detect` and `encode` print no JSON

    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _json_object(line: str) -> dict[str, Any]:
    import json

    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise SlugError("json", f"not JSON ({exc.msg})", exc.pos) from None
    except RecursionError:
        raise SlugError("json", "the JSON is nested too deeply") from None
    except ValueError as exc:  # an integer of thousands of digits, among others
        raise SlugError("json", f"the JSON holds a value Slugboard cannot read ({exc})") from None
    if not isinstance(obj, dict):
        raise SlugError("json", f"expected a board object, got a JSON {type(obj).__name__}")
    return obj


def board_from_json_line(line: str) -> tuple[Game[Any], Any]:
    """The game and board of one line of board JSON; raises SlugError for anything else."""
    obj = _json_object(line)
    name = obj.get("game")
    games = all_games()
    if not isinstance(name, str) or name not in games:
        raise SlugError("json", 'the object needs "game" set to one of ' + ", ".join(games))
    game = games[name]
    return game, guarded(name, lambda: game.from_json(obj))


def _apply_options(game: Game[Any], board: Any, args: argparse.Namespace) -> Any:
    hook: Callable[[Any, argparse.Namespace], Any] | None = getattr(game.codec, "apply_cli_options", None)
    return hook(board, args) if hook else board


def _columns() -> int:
    """The terminal's width, as shutil.get_terminal_size finds it (COLUMNS, then the
    terminal of standard output, else 80)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, given the terminal's width: argparse would import shutil
    to find it (a tenth of a command's start), for every command, though only --help and a
    usage error print anything."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose subcommands' parsers (made as this class) use _Formatter."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="slugboard-codec", description="Read and write puzzle board slugs.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("decode", "print the board JSON of each slug or link"),
        ("detect", "print the game of each slug or link"),
        ("info", "print facts about each board as JSON"),
        ("url", "print the web app's link for each board"),
        ("moves", "xiangqi: print the legal moves, check and the result of each position as JSON"),
        ("hint", "sudoku: print the next logical step as JSON"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("texts", nargs="+", metavar="TEXT", help="a slug or link; - reads one per line from stdin")
        p.add_argument("--start-word", help="letters: the day's starting word")
    explain = sub.add_parser("explain", help="print what every part of a slug holds, one JSON object per span")
    explain.add_argument("text", metavar="TEXT", help="a slug or link")
    sub.add_parser("encode", help="read board JSON lines on stdin, print one slug per line")
    grid = sub.add_parser("grid", help="sudoku: print the 81-character string, or the candidate grid")
    grid.add_argument("text", metavar="TEXT", help="a sudoku slug, link, grid or .sdk text")
    grid.add_argument("--candidates", action="store_true", help="the HoDoKu / Sudoku Explainer candidate grid")
    qr = sub.add_parser("qr", help="write the board's web link as a QR code image")
    qr.add_argument("text", metavar="TEXT", help="a slug or link")
    qr.add_argument("-o", "--output", required=True, metavar="FILE", help="the image to write: .png or .svg")
    qr.add_argument("--scale", type=int, default=8, choices=range(1, 41), metavar="N", help="pixels per module (8)")
    solve = sub.add_parser("solve", help="pentomino: print the slug of the board completed")
    solve.add_argument("text", metavar="TEXT", help="a pentomino slug or link")
    count = sub.add_parser("count", help="pentomino: count the ways to complete the board")
    count.add_argument("text", metavar="TEXT", help="a pentomino slug or link")
    count.add_argument("--limit", type=int, metavar="N", help="stop counting at N")
    gen = sub.add_parser("generate", help="sudoku: print a new puzzle with one solution as a slug")
    gen.add_argument("--givens", type=int, help="at most this many givens (17-81)")
    gen.add_argument("--symmetry", default="rotational", choices=("none", "rotational", "diagonal", "mirror"))
    gen.add_argument("--rating", help="a rating range such as 1.0-2.5")
    gen.add_argument("--seed", type=int, help="the same seed gives the same puzzle")
    p = sub.add_parser("import", help="print the board JSON of each minesweeper replay file (.avf .rmv .evf .mvf)")
    p.add_argument("files", nargs="+", metavar="FILE", help="a replay file")
    p.add_argument("--slug", action="store_true", help="print one slug per line instead")
    return parser


EXIT_NO_ANSWER = 1  # `solve`: the board cannot be completed


def _pentomino_board(text: str) -> Any:
    from . import pentomino

    name, board = decode_any(text)
    if name != pentomino.NAME:
        raise SlugError(
            name, f"solve and count are for pentomino boards; this text is a {all_games()[name].title} board"
        )
    return board


def _solve(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from . import pentomino
    from .pentomino import solver

    board = _pentomino_board(args.text)
    done = solver.solve(board)
    if done is None:
        why = solver.reason(board) or "no placement of the pieces left fills the empty cells"
        print(f"no completion: {why}", file=err)
        return EXIT_NO_ANSWER
    print(pentomino.encode(done), file=out)
    return 0


def _count(args: argparse.Namespace, out: IO[str]) -> None:
    from .pentomino import solver

    if args.limit is not None and args.limit < 1:
        raise SlugError("count", "--limit wants a whole number of at least 1")
    found, complete = solver.count(_pentomino_board(args.text), args.limit)
    print(_dump({"count": found, "complete": complete}), file=out)


def _grid(args: argparse.Namespace, out: IO[str]) -> None:
    from .sudoku import formats

    name, board = decode_any(args.text)
    if name != "sudoku":
        raise SlugError(name, f"grid is for sudoku boards; this text is a {all_games()[name].title} board")
    text = formats.write_candidate_grid(board) if args.candidates else formats.write_string(board)
    print(text.rstrip("\n"), file=out)


def _explain(args: argparse.Namespace, out: IO[str]) -> None:
    from .anatomy import explain

    anatomy = explain(args.text)
    for span in anatomy.spans:
        print(_dump(span.to_json()), file=out)
    print(_dump(anatomy.summary()), file=out)


def _qr(args: argparse.Namespace, out: IO[str]) -> None:
    from . import qr

    name, link = qr.share_link(args.text)
    code = qr.make(link)
    qr.save(code, args.output, args.scale)
    print(f"{name}: wrote {args.output} (QR version {code.version}, {link})", file=out)


def _answer(command: str, text: str, args: argparse.Namespace) -> str:
    if command == "detect":
        # The most likely game is the one decode_any reads it as; when none can, the error
        # it raises is the most telling one.
        return decode_any(text)[0]
    name, board = decode_any(text)
    game = all_games()[name]
    board = _apply_options(game, board, args)
    if command == "decode":
        return _dump(game.to_json(board))
    if command == "info":
        return _dump(game.info(board))
    if command == "moves":
        return _dump(_moves(name, board))
    if command == "hint":
        hint: Callable[[Any], Any] | None = getattr(game.codec, "hint", None)
        if hint is None:
            raise SlugError(name, f"hints are for sudoku, not {name}")
        return _dump(hint(board))
    url = game.share_url(board)
    return url if url is not None else game.encode(board)


def _moves(name: str, board: Any) -> dict[str, Any]:
    from . import xiangqi

    if name != xiangqi.NAME:
        raise FormatError(name, "only xiangqi positions have moves to list")
    return {
        "moves": sorted(xiangqi.iccs(m) for m in xiangqi.legal_moves(board)),
        "in_check": xiangqi.in_check(board),
        "result": xiangqi.result(board),
    }


def run(
    argv: list[str] | None = None,
    out: IO[str] | None = None,
    err: IO[str] | None = None,
    stdin: IO[bytes] | None = None,
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    stdin = stdin if stdin is not None else _binary(sys.stdin)
    args = _parser().parse_args(argv)
    failures = 0

    def fail(exc: SlugError, where: str = "") -> None:
        """Say what is wrong, and with many texts, which one (\"line 3\" of the input)."""
        nonlocal failures
        failures += 1
        print(f"error: {where}: {exc}" if where else f"error: {exc}", file=err)

    # Commands about one text: an answer, or one error line.
    single: dict[str, Callable[[], int | None]] = {
        "solve": partial(_solve, args, out, err),
        "count": partial(_count, args, out),
        "grid": partial(_grid, args, out),
        "qr": partial(_qr, args, out),
        "explain": partial(_explain, args, out),
    }
    if args.command in single:
        try:
            return guarded("slugboard", single[args.command]) or 0
        except SlugError as exc:
            fail(exc)
            return EXIT_BAD_INPUT
    if args.command == "generate":
        from .sudoku.generate import generate_from_cli

        try:
            print(generate_from_cli(args.givens, args.symmetry, args.rating, args.seed), file=out)
        except ValueError as exc:
            print(f"error: {exc}", file=err)
            return EXIT_BAD_INPUT
        return 0

    if args.command == "encode":
        for where, line in _stdin_lines(stdin):
            try:
                if isinstance(line, SlugError):
                    raise line
                game, board = board_from_json_line(line)
                print(guarded(game.name, partial(game.encode, board)), file=out)
            except SlugError as exc:
                fail(exc, where)
        return EXIT_BAD_INPUT if failures else 0

    if args.command == "import":
        from .minesweeper import encode as ms_encode
        from .minesweeper import to_json as ms_to_json
        from .minesweeper.files import read_replay_file

        for path in args.files:
            try:
                board = guarded("minesweeper", partial(read_replay_file, path)).board
                print(ms_encode(board) if args.slug else _dump(ms_to_json(board)), file=out)
            except SlugError as exc:
                fail(SlugError(exc.game, f"{path}: {exc.message}"))
        return EXIT_BAD_INPUT if failures else 0

    for where, text in _texts(args.texts, stdin):
        try:
            if isinstance(text, SlugError):
                raise text
            print(guarded("slugboard", partial(_answer, args.command, text, args)), file=out)
        except SlugError as exc:
            fail(exc, where)
    return EXIT_BAD_INPUT if failures else 0


def main(argv: list[str] | None = None) -> None:
    try:
        code = run(argv)
        sys.stdout.flush()  # an answer still buffered meets a closed pipe here
    except BrokenPipeError:
        # The reader stopped reading (`| head`): nothing is wrong with the input, so nothing
        # is said; stdout goes to nowhere, so Python's own flush at exit stays quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_OUTPUT_CLOSED
    sys.exit(code)


if __name__ == "__main__":
    main()
