"""The `slugboard-codec` command: decode, encode, detect and describe boards from the shell.

    slugboard-codec decode TEXT...     one board JSON per line (TEXT "-" reads lines from stdin)
    slugboard-codec encode             board JSON lines on stdin, one slug per line
    slugboard-codec detect TEXT...     the game of each text
    slugboard-codec info TEXT...       one JSON object of facts per board
    slugboard-codec url TEXT...        the web app's link for each board

Exit status 0 when every input was read, 2 when any was bad (one `error: ...` line each).
Whatever the input, the command answers or says what is wrong with it: no traceback.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import IO, Any

from . import GAMES, MAX_TEXT, Game, SlugError, decode_any, detect
from .errors import guarded

EXIT_BAD_INPUT = 2

# A line of standard input longer than this is refused unread: no legal slug or board
# JSON comes near it (the decoders refuse MAX_TEXT characters).
MAX_LINE_BYTES = 4 * MAX_TEXT


def _stdin_lines(stream: IO[bytes]) -> Iterator[str | SlugError]:
    """The non-blank lines of standard input as text; a line that is not UTF-8 (or is
    absurdly long) becomes a SlugError naming it, and the lines after it are still read."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE_BYTES:
            yield SlugError("input", f"line {number} is longer than {MAX_LINE_BYTES:,} bytes")
            while raw and not raw.endswith(b"\n"):  # skip the rest of that line
                raw = stream.readline(MAX_LINE_BYTES)
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield SlugError("input", f"line {number} is not UTF-8 text (byte 0x{raw[exc.start]:02x})", exc.start)
            continue
        line = line.lstrip("\ufeff").rstrip("\r\n")
        if line.strip():
            yield line


def _texts(values: list[str], stdin: IO[bytes]) -> Iterator[str | SlugError]:
    for value in values:
        if value == "-":
            yield from _stdin_lines(stdin)
        else:
            yield value


def _binary(stream: IO[str]) -> IO[bytes]:
    """The bytes under a text stream (a replaced sys.stdin may have none)."""
    buffer: IO[bytes] | None = getattr(stream, "buffer", None)
    return buffer if buffer is not None else io.BytesIO(stream.read().encode("utf-8", "surrogateescape"))


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _json_object(line: str) -> dict[str, Any]:
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
    if not isinstance(name, str) or name not in GAMES:
        raise SlugError("json", 'the object needs "game" set to one of ' + ", ".join(GAMES))
    game = GAMES[name]
    return game, guarded(name, lambda: game.from_json(obj))


def _apply_options(game: Game[Any], board: Any, args: argparse.Namespace) -> Any:
    hook: Callable[[Any, argparse.Namespace], Any] | None = getattr(game.codec, "apply_cli_options", None)
    return hook(board, args) if hook else board


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="slugboard-codec", description="Read and write puzzle board slugs.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("decode", "print the board JSON of each slug or link"),
        ("detect", "print the game of each slug or link"),
        ("info", "print facts about each board as JSON"),
        ("url", "print the web app's link for each board"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("texts", nargs="+", metavar="TEXT", help="a slug or link; - reads one per line from stdin")
        p.add_argument("--start-word", help="letters: the day's starting word")
    sub.add_parser("encode", help="read board JSON lines on stdin, print one slug per line")
    p = sub.add_parser("import", help="print the board JSON of each minesweeper replay file (.avf .rmv .evf .mvf)")
    p.add_argument("files", nargs="+", metavar="FILE", help="a replay file")
    p.add_argument("--slug", action="store_true", help="print one slug per line instead")
    return parser


def _answer(command: str, text: str, args: argparse.Namespace) -> str:
    if command == "detect":
        games = detect(text)
        if not games:
            decode_any(text)  # raises the most telling error
        return games[0]
    name, board = decode_any(text)
    game = GAMES[name]
    board = _apply_options(game, board, args)
    if command == "decode":
        return _dump(game.to_json(board))
    if command == "info":
        return _dump(game.info(board))
    url = game.share_url(board)
    return url if url is not None else game.encode(board)


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

    def fail(exc: SlugError) -> None:
        nonlocal failures
        failures += 1
        print(f"error: {exc}", file=err)

    if args.command == "encode":
        for line in _stdin_lines(stdin):
            try:
                if isinstance(line, SlugError):
                    raise line
                game, board = board_from_json_line(line)
                print(guarded(game.name, partial(game.encode, board)), file=out)
            except SlugError as exc:
                fail(exc)
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

    for text in _texts(args.texts, stdin):
        try:
            if isinstance(text, SlugError):
                raise text
            print(guarded("slugboard", partial(_answer, args.command, text, args)), file=out)
        except SlugError as exc:
            fail(exc)
    return EXIT_BAD_INPUT if failures else 0


def main(argv: list[str] | None = None) -> None:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
