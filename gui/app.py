"""Starting Slugboard: `slugboard [TEXT]` opens the window (with TEXT pasted), and
`slugboard --export FILE.png TEXT` draws the board to an image without a window."""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterator

APP_NAME = "Slugboard"


def _parser(games: list[str] = ()) -> argparse.ArgumentParser:  # type: ignore[assignment]
    """The options of `slugboard`, and those of the views of `games` (their CommandLine)."""
    import argparse

    from slugboard.codecs import all_games

    parser = argparse.ArgumentParser(
        prog="slugboard", description="Edit, replay and share puzzle boards that live in links."
    )
    parser.add_argument("text", nargs="?", help="a slug or link (or a file holding one, or a game's file) to open")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    desktop = parser.add_mutually_exclusive_group()
    extensions = " ".join(e for game in all_games().values() for kind in game.file_types for e in kind.extensions)
    desktop.add_argument(
        "--install-desktop",
        action="store_true",
        help=f"add Slugboard to the desktop's menu, with its icon, and have the games' files ({extensions}) "
        "open in it (in $XDG_DATA_HOME, else ~/.local/share), then exit",
    )
    desktop.add_argument(
        "--uninstall-desktop", action="store_true", help="remove what --install-desktop added, then exit"
    )
    parser.add_argument(
        "--export",
        metavar="FILE",
        help="draw the board of TEXT to FILE and exit (no window): .png (or another image type), .svg, "
        "or .pdf (one page for print, the slug under the board); a game may write kinds of its own "
        "(a recording of a game played: its options below say)",
    )
    parser.add_argument(
        "--paper", choices=("a4", "letter"), help="--export .pdf: the page size (default: the locale's)"
    )
    parser.add_argument("--size", metavar="WxH", help="image size in pixels for --export")
    parser.add_argument(
        "--book",
        metavar="PDF",
        help="write the boards of TEXT, a text file of links or slugs (one a line, any game), to one PDF and exit",
    )
    parser.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=4, help="--book: boards on a page")
    parser.add_argument(
        "--solutions", action="store_true", help="--book: the solutions at the back, of the boards whose game finds one"
    )
    parser.add_argument("--dark", action="store_true", help="use a dark palette (the window, or the --export image)")
    for game in all_games().values():  # the codecs' options for their boards (letters' --start-word)
        for option in game.board_options:
            parser.add_argument(option.flag, metavar=option.metavar, help=option.help)
    if games:
        from .games import target, view  # loads Qt: only for help, or an option the window does not know
    owners: dict[str, str] = {}  # each game's own option: the game it belongs to
    for name in games:
        command_line = view(name).command_line
        if command_line is not None:
            target(name, command_line.options)(parser)
            owners.update(dict.fromkeys(command_line.flags, name))
    parser.set_defaults(view_options=owners)
    return parser


def _parse(argv: list[str]) -> argparse.Namespace:
    """The command line read; the games' own options are looked up (their views loaded)
    only when it holds an option the window does not know, or asks for help."""
    # The help lists the games' options too (--at, --speed, --fps): asked before the
    # window's own parser answers it alone.
    asks_help = "-h" in argv or "--help" in argv
    if not asks_help:
        args, rest = _parser().parse_known_args(argv)
        if not rest:
            return args
    from .games import available

    return _parser(available()).parse_args(argv)


def _options_of_other_games(args: argparse.Namespace, name: str) -> str | None:
    """An option set on the command line that belongs to another game than `name`'s board.
    The games' own options (--at, --speed, --fps) are among them when the command line held
    one (`_parse` then read them from the views; else no view is loaded to ask)."""
    from slugboard.codecs import all_games, titles

    game = all_games()[name]
    owners: list[tuple[str, str]] = [
        (option.flag, other.name) for other in all_games().values() for option in other.board_options
    ]
    owners += list(args.view_options.items())
    for flag, owner in owners:
        if owner != name and getattr(args, flag.lstrip("-").replace("-", "_"), None) is not None:
            return f"{flag} is for {titles()[owner]} boards; this is a {game.title} {game.noun}"
    return None


# Qt's own command-line options (QApplication and QGuiApplication documentation): these
# take a value; the flags below do not.
QT_VALUE_OPTIONS = {
    "-style",
    "-stylesheet",
    "-platform",
    "-platformpluginpath",
    "-platformtheme",
    "-plugin",
    "-qwindowgeometry",
    "-qwindowicon",
    "-qwindowtitle",
    "-display",
    "-geometry",
}
QT_FLAG_OPTIONS = {"-reverse", "-nograb", "-dograb", "-sync", "-widgetcount"}


def split_qt_options(argv: list[str]) -> tuple[list[str], list[str]]:
    """Separate Qt's options (`-style Fusion`, `-platform xcb`...) from Slugboard's own."""
    ours, qt = [], []
    items = iter(argv)
    for item in items:
        name = item.split("=", 1)[0]
        if name in QT_VALUE_OPTIONS:
            qt.append(item)
            if "=" not in item:
                qt.append(next(items, ""))
        elif item in QT_FLAG_OPTIONS:
            qt.append(item)
        else:
            ours.append(item)
    return ours, qt


def image_size(text: str | None):
    """The QSize --size names (None for the board's own), or exit 2 saying what is wrong."""
    from PySide6.QtCore import QSize

    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except (ValueError, OverflowError):
        print(f"error: --size wants WIDTHxHEIGHT, got {text!r}", file=sys.stderr)
        raise SystemExit(2) from None
    if not (16 <= w <= 8000 and 16 <= h <= 8000):
        print("error: --size must be between 16 and 8000 pixels each way", file=sys.stderr)
        raise SystemExit(2)
    return QSize(w, h)


def dark_palette():
    from .theme import dark_palette as palette

    return palette()


def _board_of(text: str):
    """The game and board of a slug or link, or of a file (one a game opens, else a text
    file holding a slug or link), with the file's record when it is a game's file."""
    from slugboard.codecs import all_games, game, read, read_text_file
    from slugboard.codecs.reading import refuse_missing_file

    refuse_missing_file(text)  # a file's name, with no file there: said so, not read as a slug
    if os.path.isfile(text):
        for candidate in all_games().values():
            for kind in candidate.file_types:
                if kind.matches(text):
                    record = candidate.target(kind.reader)(text)[0]
                    return candidate.name, record.board, record
        text = read_text_file(text)  # a file holding a slug or link, as the window opens it
    name, board, reading, _ = read(text)
    return name, game(name).shown_board(reading, board), None


def book(args) -> int:
    """`--book PDF FILE`: the boards of a text file as one PDF (gui/book.py)."""
    from PySide6.QtWidgets import QApplication

    from slugboard.codecs import SlugError

    from .book import book_from_file

    if not args.text:
        print("error: --book needs the text file of links or slugs to print", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication([sys.argv[0]])  # noqa: F841 - drawing needs one to exist
    try:
        count = book_from_file(args.text, args.book, per_page=args.per_page, solutions=args.solutions)
    except (OSError, ValueError, SlugError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {count} board{'' if count == 1 else 's'} to {args.book}")
    return 0


def export(args) -> int:
    from PySide6.QtGui import QGuiApplication, QImageWriter
    from PySide6.QtWidgets import QApplication

    from slugboard.codecs import GAMES, SlugError

    from .games import target, view
    from .render import VECTOR_SUFFIXES, save_board

    if not args.text:
        print("error: --export needs the slug or link to draw", file=sys.stderr)
        return 2
    size = image_size(args.size)
    app = QApplication.instance() or QApplication([sys.argv[0]])  # noqa: F841 - drawing needs one to exist
    try:
        name, board, record = _board_of(args.text)
        wrong = _options_of_other_games(args, name)
        if wrong:
            print(f"error: {wrong}", file=sys.stderr)
            return 2
        board = GAMES[name].apply_options(board, args)
    except SlugError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    command_line = view(name).command_line
    if command_line is not None and command_line.export is not None:
        written_by_game = target(name, command_line.export)(args, board, record)
        if written_by_game is not None:
            return written_by_game  # the game's own kind of file (a recording)
    suffix = os.path.splitext(args.export)[1].lower().lstrip(".")
    known = sorted(bytes(f.data()).decode() for f in QImageWriter.supportedImageFormats())
    if suffix not in known and "." + suffix not in VECTOR_SUFFIXES:
        codec = GAMES[name]
        print(
            f"error: --export cannot write {suffix or 'a file without a suffix'} for a {codec.name} {codec.noun}: "
            f"name the file .png, .svg or .pdf (or one of {', '.join(k for k in known if k in ('jpg', 'bmp', 'webp', 'ppm'))})",
            file=sys.stderr,
        )
        return 2
    state = target(name, command_line.state)(args, record) if command_line and command_line.state else {}
    palette = dark_palette() if args.dark else QGuiApplication.palette()
    codec = GAMES[name]
    caption = codec.share_url(board) or codec.encode(board)
    folder = os.path.dirname(os.path.abspath(args.export))
    if not os.path.isdir(folder):
        print(f"error: could not write {args.export} (no such folder)", file=sys.stderr)
        return 2
    from slugboard.codecs.newfile import written_beside

    # Drawn into a new file beside the target, which takes the target's name once complete.
    if suffix == "pdf":
        from .render import save_pdf

        def draw(path: str) -> bool:
            shown = palette if args.dark else None
            return save_pdf(path, name, board, caption, paper=args.paper, palette=shown, **state)
    else:

        def draw(path: str) -> bool:
            return save_board(path, name, board, caption, size, palette, **state)

    try:
        written = written_beside(args.export, draw)
    except OSError:
        written = False
    if not written:
        print(f"error: could not write {args.export} (the folder or file cannot be written)", file=sys.stderr)
        return 2
    print(f"{name}: wrote {args.export}")
    return 0


EXIT_INTERRUPTED = 130  # as slugboard-codec: the shell's status for Ctrl+C (128 + SIGINT)


@contextlib.contextmanager
def _stopped_at_once() -> Iterator[None]:
    """For a run with no window (--export, --book): Ctrl+C and SIGTERM end it at once,
    with "stopped (Ctrl+C)" and status 130 as slugboard-codec says it (SIGTERM: 143), after
    removing the file it was writing (under a new name beside its target: `newfile`), so an
    earlier file at the target stays as it was. No exception unwinds the drawing: one that
    stops a QPainter halfway can crash Qt as the program ends."""
    import signal

    from slugboard.codecs.newfile import remove_unfinished

    def stop(signum: int, _frame: object) -> None:
        remove_unfinished()
        if signum == signal.SIGINT:
            sys.stderr.write("stopped (Ctrl+C)\n")
            sys.stderr.flush()
        os._exit(EXIT_INTERRUPTED if signum == signal.SIGINT else 128 + signum)

    earlier = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue  # ignored by whoever started it (a background job's Ctrl+C): left so
        try:
            earlier[signum] = signal.signal(signum, stop)
        except ValueError:  # not the main thread: signals stay as they are
            pass
    try:
        yield
    finally:
        for signum, handler in earlier.items():
            signal.signal(signum, handler)


def main(argv: list[str] | None = None) -> int:
    # Loading the start's modules sets off no collection (they live as long as the program):
    # the window's collector (gui/collector.py) takes collection over once the application
    # exists, and `--export` ends with it off; any other run gives it back as it found it.
    collecting = gc.isenabled()
    gc.disable()
    handed_over: list[bool] = []
    try:
        return _start(argv if argv is not None else sys.argv[1:], handed_over)
    finally:
        if collecting and not handed_over:
            gc.enable()


def _start(argv: list[str], handed_over: list[bool]) -> int:
    """The program's run; `handed_over` is filled in once collection is another's to manage."""
    ours, qt_args = split_qt_options(argv)
    args = _parse(ours)
    if args.version:
        from slugboard.codecs.cli import version

        print(f"slugboard {version()}")
        return 0
    if args.install_desktop or args.uninstall_desktop:
        from .desktop import run

        return run(uninstalling=args.uninstall_desktop)
    headless = sys.platform.startswith("linux") and not any(
        os.environ.get(name) for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    )
    if headless and (args.export or args.book):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no display: draw off screen
    elif headless:
        print(
            "error: no display to open the window on; draw a board to an image instead with\n"
            "  slugboard --export board.png TEXT",
            file=sys.stderr,
        )
        return 2
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.setOrganizationName(APP_NAME)
    QCoreApplication.setApplicationName(APP_NAME)
    if args.export or args.book:
        from .collector import quiet_teardown

        handed_over.append(True)
        try:
            with _stopped_at_once():
                return export(args) if args.export else book(args)
        except KeyboardInterrupt:  # as slugboard-codec says it, with no traceback
            print("stopped (Ctrl+C)", file=sys.stderr)
            return EXIT_INTERRUPTED
        finally:
            quiet_teardown()

    if sys.platform.startswith("linux"):
        from .platform_check import advice, missing_xcb_libraries_once, uses_xcb

        missing = missing_xcb_libraries_once() if uses_xcb() else []
        if missing:
            print(advice(missing), file=sys.stderr)
            return 2

    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from .collector import MainThreadCollector

    QGuiApplication.setDesktopFileName("slugboard")  # the menu entry --install-desktop writes (its icon, on Wayland)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1] + qt_args)
    # Garbage is freed on this thread, never on a worker's; and from here on, from a timer:
    # loading the window's modules starts no collection.
    collector = MainThreadCollector(app)
    handed_over.append(True)
    from .main_window import MainWindow
    from .slug_pane import SlugPane
    from .theme import Themes

    themes = Themes(app)
    app.aboutToQuit.connect(SlugPane.hand_over_clipboard)
    window = MainWindow(themes=themes, theme="dark" if args.dark else None)
    # Once the other games are loaded, what the start made is left out of later collections.
    window.warmed.connect(collector.settle)
    window.show()
    if args.text and os.path.isfile(args.text):  # a game's file, or a text file holding a slug
        window.open_file(args.text)
    elif args.text:
        window.paste_text(args.text)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
