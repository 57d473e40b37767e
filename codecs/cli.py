"""The `slugboard-codec` command: decode, encode, detect and describe boards from the shell.

    slugboard-codec decode TEXT...     one board JSON per line (TEXT "-" reads lines from stdin)
    slugboard-codec encode             board JSON lines on stdin, one slug per line
    slugboard-codec detect TEXT...     the game of each text
    slugboard-codec info TEXT...       one JSON object of facts per board
    slugboard-codec url TEXT...        the web app's link for each board
    slugboard-codec qr TEXT -o FILE    the board's web link as a QR code (.png or .svg)
    slugboard-codec explain TEXT       what every character of the slug holds: one JSON object per
                                       span (field, bits, characters, value, board element), then totals
    slugboard-codec import FILE...     the board JSON of each file a game opens (--slug: its slug)

and the commands each game adds (its COMMANDS: `solve`, `count`, `moves`, `hint`, `generate`...),
listed by `slugboard-codec --help`.

Exit status 0 when every input was read, 2 when any was bad (one `error: ...` line each).
Whatever the input, the command answers or says what is wrong with it: no traceback.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import IO, Any

from . import MAX_TEXT, Game, SlugError, all_games, decode_any, read
from .errors import guarded
from .game import Command, CommandFailed
from .work import Cancel, Cancelled

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


class _Version(argparse.Action):
    """--version: the installed version, looked up only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(f"{parser.prog} {version()}")
        parser.exit()


def version() -> str:
    """The installed version of Slugboard."""
    from importlib import metadata

    try:
        return metadata.version("slugboard")
    except metadata.PackageNotFoundError:
        return "(not installed)"


# The commands every game's boards take; the games add their own (their COMMANDS).
_BOARD_COMMANDS = (
    ("decode", "print the board JSON of each slug or link"),
    ("detect", "print the game of each slug or link"),
    ("info", "print facts about each board as JSON"),
    ("url", "print the web app's link for each board"),
)


def _offers() -> dict[str, list[tuple[Game[Any], Command]]]:
    """Each game command's name, with the games that offer it (in tab order). Only the
    games' declarations are read: no game's modules are loaded."""
    offers: dict[str, list[tuple[Game[Any], Command]]] = {}
    for game in all_games().values():
        for command in game.commands:
            offers.setdefault(command.name, []).append((game, command))
    return offers


def _board_options(parser: argparse.ArgumentParser) -> None:
    """The options of the games' boards (letters' --start-word), for a command that reads boards."""
    for game in all_games().values():
        for option in game.board_options:
            parser.add_argument(option.flag, metavar=option.metavar, help=option.help)


class _Listed(_Parser):
    """Stands for the parser of a command that a command line only names: its help, or the
    error that lists the commands. argparse lists a command by the parser made for it, and
    two dozen whole parsers were a quarter of the command's start (benchmarks/startup.py
    guards `slugboard-codec --help`); this one is never asked to read anything, so it is
    made with nothing in it and takes no options."""

    def __init__(self, **kwargs: Any) -> None:  # argparse's own making of a parser left out
        pass


def _parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The argument parser. A command line that runs a command (`chosen`) gets that
    command's parser alone, with the options of its games (loading their command modules);
    one that runs none (help, or a command that is not one) gets every command listed."""
    parser = _top_parser()
    offers = _offers()
    summaries = _summaries(offers)
    runs = chosen in summaries
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser if runs else _Listed
    )
    for name, summary in summaries.items():
        if not runs:
            sub.add_parser(name, help=summary)
        elif name == chosen:
            p = sub.add_parser(name, help=summary, conflict_handler="resolve")
            _command_options(name, p, offers.get(name))
            for game, offered in offers.get(name, ()):
                if offered.options:
                    game.target(offered.options)(p)
    return parser


def _top_parser() -> argparse.ArgumentParser:
    """The parser of what comes before the command: the program's name, what it does, --version."""
    parser = _Parser(prog="slugboard-codec", description="Read and write puzzle board slugs.")
    parser.add_argument("--version", action=_Version)
    return parser


def _summaries(offers: dict[str, list[tuple[Game[Any], Command]]]) -> dict[str, str]:
    """Every command, in the order the help lists them, with what it does."""
    summaries = dict(_BOARD_COMMANDS)
    summaries["explain"] = "print what every part of a slug holds, one JSON object per span"
    summaries["encode"] = "read board JSON lines on stdin, print one slug per line"
    summaries["qr"] = "write the board's web link as a QR code image"
    kinds = [f"{t.description} ({' '.join(t.extensions)})" for g in all_games().values() for t in g.file_types]
    summaries["import"] = "print the board JSON of each file: " + "; ".join(kinds)
    for name, offered in offers.items():
        # A command several games offer (solve: sudoku and pentomino) is described for each.
        summaries[name] = "; ".join(dict.fromkeys(command.summary for _, command in offered))
    return summaries


def _command_options(name: str, p: argparse.ArgumentParser, offers: list[tuple[Game[Any], Command]] | None) -> None:
    """The options every game that offers the command `name` shares (`offers`: those games, if
    it is a game's command); the options of each game's own are its command module's."""
    if name in dict(_BOARD_COMMANDS):
        p.add_argument("texts", nargs="+", metavar="TEXT", help="a slug or link; - reads one per line from stdin")
        _board_options(p)
    elif name == "explain":
        p.add_argument("text", metavar="TEXT", help="a slug or link")
    elif name == "qr":
        p.add_argument("text", metavar="TEXT", help="a slug or link")
        p.add_argument("-o", "--output", required=True, metavar="FILE", help="the image to write: .png or .svg")
        p.add_argument("--scale", type=int, default=8, choices=range(1, 41), metavar="N", help="pixels per module (8)")
    elif name == "import":
        p.add_argument("files", nargs="+", metavar="FILE", help="a file of a kind a game opens")
        p.add_argument("--slug", action="store_true", help="print one slug per line instead")
        p.add_argument("--game", type=int, metavar="N", help="only the Nth game or board of each file (from 1)")
        p.add_argument("--list", action="store_true", help="list the games or boards of each file, one line each")
    elif offers:
        command = offers[0][1]
        if command.takes_board:
            if command.many:
                p.add_argument("texts", nargs="+", metavar="TEXT", help="a slug or link; - reads one per line")
            else:
                p.add_argument("text", metavar="TEXT", help="a slug or link")
            _board_options(p)
        if any(offered.long for _, offered in offers):
            p.add_argument(
                "--timeout", type=_positive_seconds, metavar="SECONDS", help="give up after this many seconds"
            )


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants a number of seconds, got {text!r}") from None
    if not 0 < value <= 10**7:
        raise argparse.ArgumentTypeError(f"wants seconds above 0, got {text!r}")
    return value


EXIT_TIMED_OUT = 124  # as timeout(1) exits


class _LongWork:
    """What a long command's work is given (`args.cancel`): a Cancel that --timeout sets,
    and, on a terminal, a line of progress on standard error that the answer replaces."""

    def __init__(self, timeout: float | None, err: IO[str]) -> None:
        import threading

        self.err = err
        self.shown = False
        tty = getattr(err, "isatty", lambda: False)()
        self.cancel = Cancel(self._progress if tty else None)
        self.timer = threading.Timer(timeout, self.cancel.set) if timeout else None
        if self.timer is not None:
            self.timer.daemon = True
            self.timer.start()

    def _progress(self, fraction: float) -> None:
        self.shown = True
        print(f"\r{fraction:6.1%} done", end="", file=self.err, flush=True)

    def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.shown:
            print("\r" + " " * 12 + "\r", end="", file=self.err, flush=True)


def _chosen_command(argv: list[str]) -> str | None:
    """The subcommand `argv` runs (its first word that is not an option); None when the
    help or the version is asked for before it, which the command line then gives alone."""
    for word in argv:
        if word in ("-h", "--help", "--version"):
            return None
        if not word.startswith("-"):
            return word
    return None


EXIT_NO_ANSWER = 1  # a command found no answer (`solve`: the board cannot be completed)


def _explain(args: argparse.Namespace, out: IO[str]) -> None:
    from .reading import explain

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


def _refuse_foreign_options(game: Game[Any], args: argparse.Namespace) -> None:
    """A board option of another game (--start-word on a sudoku) is a mistake: say so."""
    for other in all_games().values():
        if other is game:
            continue
        for option in other.board_options:
            if getattr(args, option.dest, None) is not None:
                raise SlugError(
                    game.name, f"{option.flag} is for {other.title} boards; this is a {game.title} {game.noun}"
                )


def _board(text: str, args: argparse.Namespace) -> tuple[Game[Any], Any]:
    """The board `text` shows, as the window opens it: for a FEN followed by moves, the
    position after them (moves that cannot be played are refused, never dropped)."""
    name, board, reading, _ = read(text)
    game = all_games()[name]
    board = game.shown_board(reading, board)
    _refuse_foreign_options(game, args)
    return game, game.apply_options(board, args)


def _write_answer(command: str, text: str, args: argparse.Namespace, out: IO[str]) -> None:
    """The answer to `command` about `text`, as a line of `out`."""
    answer = _answer(command, text, args)
    if isinstance(answer, str):
        print(answer, file=out)
        return
    for piece in answer:
        out.write(piece)
    out.write("\n")


def _answer(command: str, text: str, args: argparse.Namespace) -> str | Iterable[str]:
    if command == "detect":
        # The most likely game is the one decode_any reads it as; when none can, the error
        # it raises is the most telling one.
        return decode_any(text)[0]
    game, board = _board(text, args)
    if command == "decode":
        # In pieces: the JSON of a long game is written as it is made, never whole.
        return game.json_pieces(board, _dump)
    if command == "info":
        return _dump(game.info(board))
    if command == "url":
        url = game.share_url(board)
        return url if url is not None else game.encode(board)
    return _game_answer(command, game, board, args)


def _game_answer(command: str, game: Game[Any], board: Any, args: argparse.Namespace) -> str:
    """What a game's own board command answers for `board`."""
    offers = _offers()[command]
    offered = next((c for g, c in offers if g is game), None)
    if offered is None:
        games = " and ".join(g.title for g, _ in offers)
        raise SlugError(game.name, f"{command} works on {games} boards; this text is a {game.title} {game.noun}")
    answer = game.target(offered.handler)(board, args)
    return answer if isinstance(answer, str) else _dump(answer)


def _import(args: argparse.Namespace, out: IO[str], fail: Callable[[SlugError], None]) -> None:
    kinds = [(game, kind) for game in all_games().values() for kind in game.file_types]
    for path in args.files:
        found = next(((game, kind) for game, kind in kinds if kind.matches(path)), None)
        if found is None:
            known = " ".join(e for _, kind in kinds for e in kind.extensions)
            fail(SlugError("import", f"{path}: Slugboard opens files ending {known}"))
            continue
        game, kind = found
        try:
            records = guarded(game.name, partial(game.target(kind.reader), path))
            if args.list:
                for number, record in enumerate(records, 1):
                    print(_dump({"number": number, **_listed(record.facts)}), file=out)
                continue
            if args.game is not None:
                if not 1 <= args.game <= len(records):
                    raise SlugError(game.name, f"it holds {len(records)}, so --game {args.game} is not one of them")
                records = records[args.game - 1 : args.game]
            for record in records:
                if args.slug:
                    print(guarded(game.name, partial(game.encode, record.board)), file=out)
                else:
                    print(_dump({**game.to_json(record.board), **record.facts}), file=out)
        except SlugError as exc:
            fail(SlugError(exc.game, f"{path}: {exc.message}"))


def _listed(facts: dict[str, Any]) -> dict[str, Any]:
    """A record's facts on one line: counts for its lists, its tables left out."""
    return {k: len(v) if isinstance(v, list) else v for k, v in facts.items() if not isinstance(v, dict)}


def run(
    argv: list[str] | None = None,
    out: IO[str] | None = None,
    err: IO[str] | None = None,
    stdin: IO[bytes] | None = None,
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    stdin = stdin if stdin is not None else _binary(sys.stdin)
    argv = sys.argv[1:] if argv is None else argv
    args = _parser(_chosen_command(argv)).parse_args(argv)
    failures = 0

    def fail(exc: SlugError, where: str = "") -> None:
        """Say what is wrong, and with many texts, which one (\"line 3\" of the input)."""
        nonlocal failures
        failures += 1
        print(f"error: {where}: {exc}" if where else f"error: {exc}", file=err)

    # Commands about one text: an answer, or one error line.
    single: dict[str, Callable[[], int | None]] = {
        "qr": partial(_qr, args, out),
        "explain": partial(_explain, args, out),
    }
    offers = _offers().get(args.command)
    if args.command in single:
        try:
            return guarded("slugboard", single[args.command]) or 0
        except SlugError as exc:
            fail(exc)
            return EXIT_BAD_INPUT
    long_work = _LongWork(getattr(args, "timeout", None), err) if offers and offers[0][1].long else None
    if long_work is not None:
        args.cancel = long_work.cancel
    try:
        return _run_command(args, offers, out, err, stdin, fail, lambda: failures)
    except Cancelled:
        print(f"error: gave up after {args.timeout:g} s (--timeout)", file=err)
        return EXIT_TIMED_OUT
    finally:
        if long_work is not None:
            long_work.close()


def _run_command(
    args: argparse.Namespace,
    offers: list[tuple[Game[Any], Command]] | None,
    out: IO[str],
    err: IO[str],
    stdin: IO[bytes],
    fail: Callable[..., None],
    failures: Callable[[], int],
) -> int:
    if offers and not offers[0][1].takes_board:  # a game's own command, with no board to read
        from contextlib import redirect_stderr, redirect_stdout

        game, command = offers[0]
        with redirect_stdout(out), redirect_stderr(err):
            return int(game.target(command.handler)(args))

    if args.command == "encode":
        for where, line in _stdin_lines(stdin):
            try:
                if isinstance(line, SlugError):
                    raise line
                game, board = board_from_json_line(line)
                print(guarded(game.name, partial(game.encode, board)), file=out)
            except SlugError as exc:
                fail(exc, where)
        return EXIT_BAD_INPUT if failures() else 0

    if args.command == "import":
        _import(args, out, fail)
        return EXIT_BAD_INPUT if failures() else 0

    texts = getattr(args, "texts", None) or [args.text]
    for where, text in _texts(texts, stdin):
        try:
            if isinstance(text, SlugError):
                raise text
            guarded("slugboard", partial(_write_answer, args.command, text, args, out))
        except SlugError as exc:
            fail(exc, where)
        except CommandFailed as exc:
            print(exc.message, file=err)
            return exc.status
    return EXIT_BAD_INPUT if failures() else 0


EXIT_INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl+C (128 + SIGINT)


def main(argv: list[str] | None = None) -> None:
    try:
        code = run(argv)
        sys.stdout.flush()  # an answer still buffered meets a closed pipe here
    except KeyboardInterrupt:
        print("stopped (Ctrl+C)", file=sys.stderr)
        code = EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader stopped reading (`| head`): nothing is wrong with the input, so nothing
        # is said; stdout goes to nowhere, so Python's own flush at exit stays quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_OUTPUT_CLOSED
    sys.exit(code)


if __name__ == "__main__":
    main()
