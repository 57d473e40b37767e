"""Starting Slugboard: `slugboard [TEXT]` opens the window (with TEXT pasted), and
`slugboard --export FILE.png TEXT` draws the board to an image without a window."""

from __future__ import annotations

import argparse
import math
import os
import sys

APP_NAME = "Slugboard"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="slugboard", description="Edit, replay and share puzzle boards that live in links."
    )
    parser.add_argument("text", nargs="?", help="a slug or link to open")
    parser.add_argument(
        "--export",
        metavar="FILE",
        help="draw the board of TEXT to FILE and exit (no window): .png (or another image type), .svg, "
        "or .pdf (one page for print, the slug under the board); a minesweeper game to .gif, .webp or .apng "
        "records the whole replay as an animation",
    )
    parser.add_argument(
        "--paper", choices=("a4", "letter"), help="--export .pdf: the page size (default: the locale's)"
    )
    parser.add_argument("--at", type=_seconds, metavar="SECONDS", help="minesweeper replay: the moment to render")
    parser.add_argument(
        "--speed", type=float, metavar="X", help="--export recording: play X times faster than the game (default 1)"
    )
    parser.add_argument(
        "--fps", type=int, metavar="N", help="--export recording: frames a second (default 30; a GIF takes at most 50)"
    )
    parser.add_argument("--size", metavar="WxH", help="image size in pixels for --export")
    parser.add_argument("--dark", action="store_true", help="use a dark palette (the window, or the --export image)")
    parser.add_argument(
        "--start-word", metavar="WORD", help="letters: the day's starting word, to show letters and scores"
    )
    return parser


# Options that mean something for one game's boards only.
GAME_OPTIONS = {"at": "minesweeper", "start_word": "letters"}

# The latest moment --at takes: far past the end of any game (a replay's clock stops at
# its last action), small enough to count in milliseconds without overflow.
MAX_AT_SECONDS = 10_000_000


def _seconds(text: str) -> float:
    """A moment of a replay in seconds, for --at."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or not 0 <= value <= MAX_AT_SECONDS:
        raise argparse.ArgumentTypeError(f"wants seconds from 0 to {MAX_AT_SECONDS:,}, got {text!r}")
    return value


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


def _size(text: str | None):
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
    """The game and board of a slug or link, or of a minesweeper replay file, and what
    else the picture draws (a replay file's mouse path)."""
    from slugboard.codecs import game, read, read_text_file
    from slugboard.codecs.minesweeper.files import EXTENSIONS, read_replay_file

    if os.path.isfile(text):
        if os.path.splitext(text)[1].lower() in EXTENSIONS:
            replay_file = read_replay_file(text)
            return "minesweeper", replay_file.board, {"mouse": replay_file.mouse_path()} if replay_file.mouse else {}
        text = read_text_file(text)  # a file holding a slug or link, as the window opens it
    name, board, reading, _ = read(text)
    return name, game(name).shown_board(reading, board), {}


def export(args) -> int:
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from slugboard.codecs import GAMES, SlugError, titles

    from .render import VECTOR_SUFFIXES, save_board

    names = titles()

    if not args.text:
        print("error: --export needs the slug or link to draw", file=sys.stderr)
        return 2
    suffix = os.path.splitext(args.export)[1].lower()
    if suffix in (".gif", ".apng") or (suffix == ".webp" and args.at is None and _is_replay(args.text)):
        return export_recording(args)
    if args.speed is not None or args.fps is not None:
        print("error: --speed and --fps are for recordings: name the file .gif, .webp or .apng", file=sys.stderr)
        return 2
    from PySide6.QtGui import QImageWriter

    suffix = os.path.splitext(args.export)[1].lower().lstrip(".")
    known = sorted(bytes(f.data()).decode() for f in QImageWriter.supportedImageFormats())
    if suffix not in known and "." + suffix not in VECTOR_SUFFIXES:
        print(
            f"error: --export cannot write {suffix or 'a file without a suffix'}: name the file .png, .svg or "
            f".pdf (or one of {', '.join(k for k in known if k in ('jpg', 'bmp', 'webp', 'ppm'))})",
            file=sys.stderr,
        )
        return 2
    size = _size(args.size)
    app = QApplication.instance() or QApplication([sys.argv[0]])  # noqa: F841 - drawing needs one to exist
    try:
        game, board, extras = _board_of(args.text)
        for option, owner in GAME_OPTIONS.items():
            if getattr(args, option) is not None and game != owner:
                flag = "--" + option.replace("_", "-")
                print(f"error: {flag} is for {names[owner]} boards; this is a {names[game]} board", file=sys.stderr)
                return 2
        hook = getattr(GAMES[game].codec, "apply_cli_options", None)
        if hook is not None:
            board = hook(board, args)
    except SlugError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    state = {}
    if args.at is not None:
        state["at"] = args.at
        state.update(extras)
    palette = dark_palette() if args.dark else QGuiApplication.palette()
    codec = GAMES[game]
    caption = codec.share_url(board) or codec.encode(board)
    folder = os.path.dirname(os.path.abspath(args.export))
    if not os.path.isdir(folder):
        print(f"error: could not write {args.export} (no such folder)", file=sys.stderr)
        return 2
    if suffix == "pdf":
        from .render import save_pdf

        written = save_pdf(
            args.export, game, board, caption, paper=args.paper, palette=palette if args.dark else None, **state
        )
    else:
        written = save_board(args.export, game, board, caption, size, palette, **state)
    if not written:
        print(f"error: could not write {args.export} (the folder or file cannot be written)", file=sys.stderr)
        return 2
    print(f"{game}: wrote {args.export}")
    return 0


def _is_replay(text: str) -> bool:
    """Whether TEXT is a minesweeper game with clicks (a .webp of one is a recording)."""
    from slugboard.codecs import SlugError

    from .recording import has_replay

    try:
        game, board, _ = _board_of(text)
        return has_replay(game, board)
    except SlugError:
        return False


def export_recording(args) -> int:
    """`--export game.gif TEXT`: the whole replay of a minesweeper game as an animation."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from slugboard.codecs import SlugError

    from .recording import DEFAULT_FPS, RecordingError, check, has_replay, record

    if args.at is not None:
        print(
            "error: --at draws one moment, a recording plays the whole game: leave --at out, or name the file .png",
            file=sys.stderr,
        )
        return 2
    fps = DEFAULT_FPS if args.fps is None else args.fps
    speed = 1.0 if args.speed is None else args.speed
    try:
        check(args.export, fps=fps, speed=speed)
    except RecordingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    size = _size(args.size)
    app = QApplication.instance() or QApplication([sys.argv[0]])  # noqa: F841 - drawing needs one to exist
    try:
        game, board, _ = _board_of(args.text)
    except SlugError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not has_replay(game, board):
        what = "a minesweeper board with no clicks" if game == "minesweeper" else f"a {game} board"
        print(
            f"error: only a recorded minesweeper game can be exported as {args.export}, and this is {what}; "
            "name the file .png for a picture",
            file=sys.stderr,
        )
        return 2
    if not os.path.isdir(os.path.dirname(os.path.abspath(args.export))):
        print(f"error: could not write {args.export} (no such folder)", file=sys.stderr)
        return 2
    palette = dark_palette() if args.dark else QGuiApplication.palette()
    try:
        frames = record(args.export, board, fps=fps, speed=speed, size=size, palette=palette)
    except OSError as exc:
        print(f"error: could not write {args.export} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    print(f"{game}: wrote {args.export} ({frames} frames)")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = argv if argv is not None else sys.argv[1:]
    ours, qt_args = split_qt_options(argv)
    args = _parser().parse_args(ours)
    headless = sys.platform.startswith("linux") and not any(
        os.environ.get(name) for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    )
    if headless and args.export:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no display: draw off screen
    elif headless:
        print(
            "error: no display to open the window on; draw a board to an image instead with\n"
            "  slugboard --export board.png TEXT",
            file=sys.stderr,
        )
        return 2
    from PySide6.QtCore import QCoreApplication

    from . import spare_source_reads

    spare_source_reads()  # PySide is loaded now: what it would learn from our sources, it is told
    QCoreApplication.setOrganizationName(APP_NAME)
    QCoreApplication.setApplicationName(APP_NAME)
    if args.export:
        from .collector import quiet_teardown

        try:
            return export(args)
        finally:
            quiet_teardown()

    if sys.platform.startswith("linux"):
        from .platform_check import advice, missing_xcb_libraries_once, uses_xcb

        missing = missing_xcb_libraries_once() if uses_xcb() else []
        if missing:
            print(advice(missing), file=sys.stderr)
            return 2

    from PySide6.QtWidgets import QApplication

    from .collector import MainThreadCollector

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1] + qt_args)
    # Garbage is freed on this thread, never on a worker's; and from here on, from a timer:
    # loading the window's modules starts no collection.
    collector = MainThreadCollector(app)
    from .main_window import MainWindow
    from .slug_pane import SlugPane
    from .theme import Themes

    themes = Themes(app)
    app.aboutToQuit.connect(SlugPane.hand_over_clipboard)
    window = MainWindow(themes=themes, theme="dark" if args.dark else None)
    # Once the other games are loaded, what the start made is left out of later collections.
    window.warmed.connect(collector.settle)
    window.show()
    if args.text and os.path.isfile(args.text):
        window.open_file(args.text)
    elif args.text:
        window.paste_text(args.text)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
