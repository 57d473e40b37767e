"""The `slugboard-codec` command: decode, encode, detect and describe boards from the shell.

    slugboard-codec decode TEXT...     one board JSON per line (TEXT "-" reads lines from stdin)
    slugboard-codec encode             board JSON lines on stdin, one slug per line
    slugboard-codec detect TEXT...     the game of each text
    slugboard-codec info TEXT...       one JSON object of facts per board
    slugboard-codec url TEXT...        the web app's link for each board

Exit status 0 when every input was read, 2 when any was bad (one `error: ...` line each).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator

from . import GAMES, SlugError, decode_any, detect

EXIT_BAD_INPUT = 2


def _texts(values: list[str]) -> Iterator[str]:
    for value in values:
        if value == "-":
            for line in sys.stdin:
                if line.strip():
                    yield line.rstrip("\r\n")
        else:
            yield value


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _board_from_json_line(line: str):
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise SlugError("json", f"not JSON ({exc.msg})", exc.pos) from None
    if not isinstance(obj, dict) or obj.get("game") not in GAMES:
        known = ", ".join(GAMES)
        raise SlugError("json", f'the object needs "game" set to one of {known}')
    game = GAMES[obj["game"]]
    return game, game.from_json(obj)


def _apply_options(game, board, args):
    hook = getattr(game.codec, "apply_cli_options", None)
    return hook(board, args) if hook else board


def run(argv: list[str] | None = None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
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
    args = parser.parse_args(argv)

    failures = 0

    def fail(exc: Exception) -> None:
        nonlocal failures
        failures += 1
        print(f"error: {exc}", file=err)

    if args.command == "encode":
        lines: Iterable[str] = (line for line in sys.stdin if line.strip())
        for line in lines:
            try:
                game, board = _board_from_json_line(line)
                print(game.encode(board), file=out)
            except SlugError as exc:
                fail(exc)
        return EXIT_BAD_INPUT if failures else 0

    for text in _texts(args.texts):
        try:
            if args.command == "detect":
                games = detect(text)
                if not games:
                    decode_any(text)  # raises the most telling error
                print(games[0], file=out)
                continue
            name, board = decode_any(text)
            game = GAMES[name]
            board = _apply_options(game, board, args)
            if args.command == "decode":
                print(_dump(game.to_json(board)), file=out)
            elif args.command == "info":
                print(_dump(game.info(board)), file=out)
            elif args.command == "url":
                url = game.share_url(board)
                print(url if url is not None else game.encode(board), file=out)
        except SlugError as exc:
            fail(exc)
    return EXIT_BAD_INPUT if failures else 0


def main(argv: list[str] | None = None) -> None:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
