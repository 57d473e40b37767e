"""`slugboard --export`: a board drawn to PNG without a window, by the same paint code."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from processes import fresh_process
from PySide6.QtGui import QColor, QImage

SEED_SLUG = "UyF2MQRhyECJQWIySCkiKoXU+yAUcJiTwoVTKoVqsHYm5V3D54DxCitHWQclJ0g="


def _run(*args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "slugboard.gui", *args], capture_output=True, text=True, timeout=120, env=env
    )


@pytest.mark.slow
def test_export_draws_the_board(tmp_path, qapp):
    out = tmp_path / "board.png"
    done = _run("--export", str(out), SEED_SLUG)
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (540, 540)
    # the thick outer frame and the given digits make dark pixels; the empty cells stay light
    dark = sum(1 for x in range(0, 540, 3) for y in range(0, 540, 3) if QColor(image.pixel(x, y)).lightness() < 80)
    assert dark > 500
    assert QColor(image.pixel(270, 200)).lightness() > 150 or QColor(image.pixel(100, 500)).lightness() > 150


@pytest.mark.slow
def test_export_matches_what_the_window_draws(tmp_path, qapp):
    from slugboard.codecs import sudoku
    from slugboard.gui.render import render_image

    out = tmp_path / "a.png"
    assert _run("--export", str(out), "--size", "300x300", SEED_SLUG).returncode == 0
    mine = render_image("sudoku", sudoku.decode(SEED_SLUG), QImage(str(out)).size())
    theirs = QImage(str(out)).convertToFormat(mine.format())
    differing = sum(1 for x in range(0, 300, 2) for y in range(0, 300, 2) if mine.pixel(x, y) != theirs.pixel(x, y))
    assert differing < 50  # font hinting may differ by a few pixels between processes, nothing more


@pytest.mark.slow
def test_export_bad_slug_is_an_error(tmp_path):
    out = tmp_path / "x.png"
    done = _run("--export", str(out), "UyF2Mg==")
    assert done.returncode == 2
    assert "unknown version 'v2' at character 3" in done.stderr
    assert not out.exists()


def _run_app(tmp_path, on_shown: str, argv: list[str]) -> subprocess.CompletedProcess:
    """Run `slugboard.gui.app.main(argv)` in a fresh process; `on_shown` is the body of a
    function run once the main window is shown, with `self` the window and `qapp` the
    application (it must end by quitting)."""
    body = "".join(f"    {line}\n" for line in on_shown.strip("\n").splitlines())
    script = tmp_path / "run.py"
    script.write_text(
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtGui import QPalette\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from slugboard.gui import app\n"
        "from slugboard.gui.main_window import MainWindow\n"
        "shown = MainWindow.show\n"
        "def show(self):\n"
        "    shown(self)\n"
        "    qapp = QApplication.instance()\n" + body + "MainWindow.show = show\n"
        f"sys.exit(app.main({argv!r}))\n"
    )
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
        HOME=str(tmp_path),
    )
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.slow
def test_app_quits_cleanly_after_copy_link(tmp_path):
    """Copy link leaves URL data on the clipboard; quitting must still exit with 0."""
    done = _run_app(
        tmp_path,
        """
self.slug_pane.copy_link()
QTimer.singleShot(50, qapp.quit)
""",
        ["UyF2MQAg"],
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_export_with_start_word(tmp_path):
    link = "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA"
    out = tmp_path / "letters.png"
    done = _run("--export", str(out), link, "--start-word", "RUNNELS")
    assert done.returncode == 0, done.stderr
    assert QImage(str(out)).width() > 0
    done = _run("--export", str(tmp_path / "bad.png"), link, "--start-word", "R2")
    assert done.returncode == 2 and "--start-word" in done.stderr


@pytest.mark.slow
def test_no_display_says_how_to_export_instead(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    if sys.platform.startswith("linux"):  # elsewhere there is always a screen to open the window on
        done = subprocess.run(
            [sys.executable, "-m", "slugboard.gui", SEED_SLUG], capture_output=True, text=True, timeout=120, env=env
        )
        assert done.returncode == 2
        assert "--export" in done.stderr
    out = tmp_path / "b.png"
    done = subprocess.run(
        [sys.executable, "-m", "slugboard.gui", "--export", str(out), SEED_SLUG],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0 and out.exists()


def test_qt_options_are_passed_to_qt():
    from slugboard.gui.app import split_qt_options

    assert split_qt_options(["-style", "Fusion", "UyF2MQAg", "--dark", "-reverse"]) == (
        ["UyF2MQAg", "--dark"],
        ["-style", "Fusion", "-reverse"],
    )
    assert split_qt_options(["--export", "a.png", "-platform=offscreen", "x"]) == (
        ["--export", "a.png", "x"],
        ["-platform=offscreen"],
    )


@pytest.mark.slow
def test_dark_window_and_style_option(tmp_path):
    done = _run_app(
        tmp_path,
        """
def report():
    window = qapp.palette().color(QPalette.ColorRole.Window).lightness()
    print(qapp.style().name(), window, self.slug_pane.slug_text())
    qapp.quit()
QTimer.singleShot(50, report)
""",
        ["-style", "Fusion", "--dark", "UyF2MQAg"],
    )
    assert done.returncode == 0, done.stderr
    style, lightness, slug = done.stdout.split()
    assert style.lower() == "fusion" and int(lightness) < 80 and slug == "UyF2MQAg"


MINESWEEPER = "1=15x15+90E2E3A445556575D506C65797D71848D89A0B1BAB5CAD4E7EBEEE+000;5840;594;5A7;5B5;5C7;6B1;698;685;"


def _export_error(capsys, *args: str) -> str:
    """What `slugboard ARGS` says on its error output, checking it ends with status 2.
    Run in this process (`main`, as `python -m slugboard.gui` runs it): a fresh interpreter
    for each of these refusals cost a second or more of Qt's loading apiece, and the tests
    above run the whole program in its own process, refusals among them."""
    from slugboard.gui.app import main

    capsys.readouterr()
    try:
        status = main(list(args))
    except SystemExit as stop:  # argparse and --size end the run this way
        status = stop.code
    out, err = capsys.readouterr()
    assert status == 2, (status, out, err)
    assert "Traceback" not in err  # an exception would have come through here
    assert err.count("error") >= 1
    return err


@pytest.mark.slow
def test_export_moment_out_of_range_is_an_error(tmp_path, capsys):
    for at in ("inf", "1e308", "nan", "-1", "soon"):
        err = _export_error(capsys, "--export", str(tmp_path / "m.png"), MINESWEEPER, "--at", at)
        assert "--at" in err
    assert not (tmp_path / "m.png").exists()


@pytest.mark.slow
def test_export_refuses_another_games_option_by_name(tmp_path, capsys):
    err = _export_error(capsys, "--export", str(tmp_path / "s.png"), SEED_SLUG, "--at", "1")
    assert "--at is for Minesweeper boards; this is a Sudoku puzzle" in err
    assert not (tmp_path / "s.png").exists()


_EXPORT_LOADS = """
import sys
from slugboard.gui.app import main
status = main(sys.argv[1:])
print(status, sorted(m for m in sys.modules if m.startswith("slugboard.gui.") and m.count(".") == 2))
"""


@pytest.mark.slow
def test_export_of_a_sudoku_loads_no_other_games_window(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = tmp_path / "s.png"
    done = subprocess.run(
        [sys.executable, "-c", _EXPORT_LOADS, "--export", str(out), SEED_SLUG],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    status, loaded = done.stdout.splitlines()[-1].split(" ", 1)
    assert status == "0" and out.exists(), done.stderr
    games = {"slugboard.gui.sudoku", "slugboard.gui.pentomino", "slugboard.gui.xiangqi", "slugboard.gui.minesweeper"}
    assert "slugboard.gui.sudoku" in loaded
    assert [game for game in sorted(games) if f"'{game}'" in loaded] == ["slugboard.gui.sudoku"]


@pytest.mark.slow
def test_export_malformed_link_is_an_error(tmp_path, capsys):
    for text in ("s://]", "http://["):
        err = _export_error(capsys, "--export", str(tmp_path / "x.png"), text)
        assert "which no game here reads" in err


@pytest.mark.slow
def test_export_bad_size_suffix_or_folder_is_an_error(tmp_path, capsys):
    assert "--size" in _export_error(capsys, "--export", str(tmp_path / "a.png"), "--size", "9" * 400 + "x9", SEED_SLUG)
    assert "name the file .png" in _export_error(capsys, "--export", str(tmp_path / "a.docx"), SEED_SLUG)
    assert "no such folder" in _export_error(capsys, "--export", str(tmp_path / "none" / "a.png"), SEED_SLUG)


def test_missing_window_libraries_are_named_with_their_packages():
    from slugboard.gui import platform_check

    output = (
        "\tlinux-vdso.so.1 (0x00007ffd)\n"
        "\tlibxcb-icccm.so.4 => not found\n"
        "\tlibxcb-keysyms.so.1 => not found\n"
        "\tlibQt6Gui.so.6 => /x/libQt6Gui.so.6 (0x0000)\n"
        "\tlibxkbcommon-x11.so.0 => not found\n"
    )
    missing = platform_check.missing_from_ldd(output)
    assert missing == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0"]
    said = platform_check.advice(missing)
    assert "sudo apt install libxcb-icccm4 libxcb-keysyms1 libxkbcommon-x11-0" in said
    assert platform_check.debian_package("libxcb-cursor.so.0") == "libxcb-cursor0"


def test_the_check_asks_the_real_plugin(monkeypatch):
    from slugboard.gui import platform_check

    files = platform_check.xcb_plugin_files()
    assert files and all(path.endswith((".so", ".so.6")) for path in files)
    # On this machine every library is there (the tests' own set-up installs them or not: both are fine),
    # and the answer is a list of sonames either way.
    assert all(".so." in name for name in platform_check.missing_xcb_libraries())
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert not platform_check.uses_xcb()
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert platform_check.uses_xcb()


REPLAY_FILE = os.path.join(os.path.dirname(__file__), "data", "minesweeper", "test_rmv2_24px.rmv")


@pytest.mark.slow
def test_export_records_a_replay_in_each_format(tmp_path, qapp, capsys):
    """Run in this process, as `_export_error` is (the program's own process is tested
    above): a fresh interpreter a format cost a second of Qt's loading apiece."""
    from PIL import Image

    from slugboard.gui.app import main

    for suffix in (".gif", ".webp", ".apng"):
        out = tmp_path / f"game{suffix}"
        assert main(["--export", str(out), REPLAY_FILE, "--speed", "2", "--fps", "20", "--size", "320x360"]) == 0
        assert capsys.readouterr().out.startswith(f"minesweeper: wrote {out}")
        with Image.open(out) as image:
            assert image.size == (320, 360) and image.n_frames > 1
    # A .png stays a picture of one moment.
    out = tmp_path / "moment.png"
    assert main(["--export", str(out), REPLAY_FILE, "--at", "1"]) == 0
    with Image.open(out) as image:
        assert getattr(image, "n_frames", 1) == 1


@pytest.mark.slow
def test_export_recording_errors(tmp_path, capsys):
    out = str(tmp_path / "r.gif")
    assert "cannot write gif for a sudoku puzzle" in _export_error(capsys, "--export", out, SEED_SLUG)
    assert "no clicks" in _export_error(capsys, "--export", out, MINESWEEPER.split("+000")[0])
    assert "at most 50" in _export_error(capsys, "--export", out, REPLAY_FILE, "--fps", "60")
    assert "--speed" in _export_error(capsys, "--export", out, REPLAY_FILE, "--speed", "-1")
    assert "--fps" in _export_error(capsys, "--export", out, REPLAY_FILE, "--fps", "fast")
    assert "--at" in _export_error(capsys, "--export", out, REPLAY_FILE, "--at", "1")
    assert "for recordings" in _export_error(capsys, "--export", str(tmp_path / "r.png"), REPLAY_FILE, "--fps", "5")
    assert not any(tmp_path.iterdir())


def test_the_library_check_runs_once_per_pyside(monkeypatch, tmp_path):
    from slugboard.gui import platform_check

    stamp = str(tmp_path / "cache" / "xcb")
    asked = []
    answers = [["libxcb-icccm.so.4"], [], []]

    def check():
        asked.append(1)
        return answers[len(asked) - 1]

    monkeypatch.setattr(platform_check, "missing_xcb_libraries", check)
    # Something missing: nothing is remembered, and the next start asks again.
    assert platform_check.missing_xcb_libraries_once(stamp) == ["libxcb-icccm.so.4"]
    assert not os.path.exists(stamp)
    assert platform_check.missing_xcb_libraries_once(stamp) == []
    assert len(asked) == 2 and os.path.exists(stamp)
    # All found once: later starts skip ldd ...
    assert platform_check.missing_xcb_libraries_once(stamp) == []
    assert len(asked) == 2
    # ... until the plugin changes (a new PySide6).
    monkeypatch.setattr(platform_check, "_plugin_key", lambda: "another PySide6")
    assert platform_check.missing_xcb_libraries_once(stamp) == []
    assert len(asked) == 3


@pytest.mark.slow
def test_a_start_after_the_library_check_loads_no_ctypes(tmp_path):
    """Once the libraries were found, a start (which has loaded Qt's core by then) reads the
    stamp and loads no ctypes: ctypes.util alone cost several milliseconds of every start."""
    import json
    import subprocess
    import sys

    script = r"""
import sys, json
from PySide6.QtCore import QCoreApplication
before = set(sys.modules)
from slugboard.gui import platform_check
stamp = sys.argv[1]
import os
os.makedirs(os.path.dirname(stamp), exist_ok=True)
with open(stamp, "w", encoding="utf-8") as f:
    f.write(platform_check._plugin_key())
found = platform_check.missing_xcb_libraries_once(stamp)
print(json.dumps([found, sorted(set(sys.modules) - before)]))
"""
    run = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "cache" / "xcb")], capture_output=True, text=True, check=True
    )
    found, loaded = json.loads(run.stdout)
    assert found == []
    assert "slugboard.gui.platform_check" in loaded
    assert not {"ctypes", "ctypes.util"} & set(loaded)


@pytest.mark.slow
def test_export_leaves_no_collection_to_start_in_qt_teardown(tmp_path):
    import gc

    from slugboard.gui.app import main

    assert gc.isenabled()
    assert main(["--export", str(tmp_path / "b.png"), SEED_SLUG]) == 0
    assert not gc.isenabled()  # the process exits next; Python collects once Qt is gone


@pytest.mark.slow
def test_export_of_a_position_and_its_moves_draws_the_position_after_them(tmp_path, qapp):
    from slugboard.codecs import xiangqi
    from slugboard.gui.app import _board_of

    text = xiangqi.OPENING_FEN + "\n1. C2=5 H8+7\n2. H2+3 R9=8"
    start, moves = xiangqi.parse_game(text)
    final = start
    for move in moves:
        final = xiangqi.play(final, move)
    assert final != start
    assert _board_of(text)[:2] == ("xiangqi", final)  # as the window opens it: the game at its last move
    with_moves, position = tmp_path / "moves.png", tmp_path / "final.png"
    assert _run("--export", str(with_moves), text).returncode == 0
    assert _run("--export", str(position), xiangqi.to_fen(final)).returncode == 0
    assert QImage(str(with_moves)) == QImage(str(position))


@pytest.mark.slow
def test_a_start_loads_the_window_with_collection_left_to_the_collector(tmp_path):
    """`slugboard` makes its collector before it loads the window's modules: loading them,
    the start's largest burst of new objects, sets off no collection of its own."""
    script = r"""
import gc, json, sys
enabled_at_import = []
class Watch:
    def find_spec(self, name, path=None, target=None):
        if name == "slugboard.gui.main_window":
            enabled_at_import.append(gc.isenabled())
        return None
sys.meta_path.insert(0, Watch())
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
QTimer.singleShot(0, app.quit)
from slugboard.gui import app as program
was_enabled = gc.isenabled()
print(json.dumps([program.main([]), was_enabled, enabled_at_import]))
"""
    assert fresh_process(script, home=str(tmp_path)) == [0, True, [False]]


def test_the_start_reads_its_command_line_before_it_loads_qt(tmp_path):
    """`slugboard --version` answers without Qt; a run that opens no window gives
    collection back as it was."""
    script = r"""
import gc, json, sys
from slugboard.gui import app
qt = lambda: sorted(name for name in sys.modules if name.startswith(("PySide6", "shiboken6")))
at_import = qt()
status = app.main(["--version"])
print(json.dumps([status, at_import, qt(), gc.isenabled()]))
"""
    assert fresh_process(script, home=str(tmp_path)) == [0, [], [], True]


def test_a_start_that_ends_early_gives_collection_back(tmp_path):
    import gc

    from slugboard.gui.app import main

    assert gc.isenabled()
    with pytest.raises(SystemExit):
        main(["--no-such-option"])
    assert gc.isenabled()
    assert main(["--version"]) == 0
    assert gc.isenabled()


LETTERS_LINK = "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA&s=RUNNELS"


@pytest.mark.slow
def test_a_recording_of_a_game_flagged_a_day_after_its_end_is_short_and_one_too_long_is_refused(tmp_path):
    """The finding: a 24-character slug made an 11-minute, 0.8 GB export."""
    out = tmp_path / "long.gif"
    done = _run("--export", str(out), "2=8x8,1000+33+000+33MTXP", "--fps", "10")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"minesweeper: wrote {out} (1 frames)" and out.stat().st_size < 100_000
    day = tmp_path / "day.gif"
    done = _run("--export", str(day), "1=8x8+114477+000;011727980+", "--fps", "10")
    assert done.returncode == 2 and not day.exists()
    assert done.stderr.strip().endswith("choose a higher speed (--speed) or fewer frames a second (--fps)")
    assert "863,990 frames" in done.stderr


def test_a_recording_says_how_far_it_has_come_on_a_terminal(monkeypatch):
    import io

    from slugboard.gui.minesweeper import command_line

    said = io.StringIO()
    monkeypatch.setattr(command_line.sys, "stderr", said)
    progress = command_line._Progress("/tmp/game.gif")
    for done in range(1, 4):
        progress(done, 3)
    command_line._end_line(progress)
    lines = said.getvalue().split("\r")
    assert lines[1] == "Recording game.gif: frame 1 of 3 (33%)"
    assert lines[-1] == "Recording game.gif: frame 3 of 3 (100%)\n"  # the last frame always said, then the line ends
