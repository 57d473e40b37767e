"""View > Theme: System (the default, following the platform), Light or Dark, kept between
runs, with colours that keep their contrast in the dark."""

from __future__ import annotations

import pytest
from processes import fresh_process
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QCheckBox

from slugboard import resources
from slugboard.gui import theme
from slugboard.gui.main_window import MainWindow
from waiting import animations_done, background_done


def _luminance(colour: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


def _contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.fixture
def themes(qapp):
    themes = theme.Themes(qapp)
    yield themes
    themes.apply("system")  # the application's own style and palette again, for the other tests


@pytest.mark.slow
def test_the_theme_menu_switches_and_is_kept_between_runs(qtbot, settings, themes):
    window = MainWindow(settings, themes=themes)
    qtbot.addWidget(window)
    assert window.theme_actions["system"].isChecked()  # the default follows the system
    assert not theme.is_dark(QApplication.palette())  # the offscreen platform is light
    window.theme_actions["dark"].trigger()
    assert theme.is_dark(QApplication.palette()) and QApplication.style().name().lower() == "fusion"
    assert settings.value(theme.SETTINGS_KEY) == "dark"
    window.close()
    themes.apply("system")
    again = MainWindow(settings, themes=themes)
    qtbot.addWidget(again)
    assert again.theme_actions["dark"].isChecked() and theme.is_dark(QApplication.palette())
    again.theme_actions["light"].trigger()
    assert not theme.is_dark(QApplication.palette())
    assert settings.value(theme.SETTINGS_KEY) == "light"


@pytest.mark.slow
def test_dark_flag_is_for_this_run_only(qtbot, settings, themes):
    settings.setValue(theme.SETTINGS_KEY, "light")
    window = MainWindow(settings, themes=themes, theme="dark")
    qtbot.addWidget(window)
    assert theme.is_dark(QApplication.palette())
    assert settings.value(theme.SETTINGS_KEY) == "light"


def test_a_stored_theme_the_window_does_not_know_is_set_aside(qtbot, settings, themes):
    settings.setValue(theme.SETTINGS_KEY, "purple")
    window = MainWindow(settings, themes=themes)
    qtbot.addWidget(window)
    assert window.theme_actions["system"].isChecked()
    assert "the theme" in window.statusBar().currentMessage()


def test_dark_colours_keep_their_contrast(qtbot, themes):
    themes.apply("dark")
    palette = QApplication.palette()
    window = palette.color(QPalette.ColorRole.Window)
    assert _contrast(QColor("#2e7d32"), window) < 3  # the light window's "unique" green: hard to read here
    for status in ("#d32f2f", "#2e7d32", "#ef6c00"):  # the sudoku panel's no solution, unique, several
        assert _contrast(QColor(theme.readable(status, palette)), window) >= 4.5
    # A check box's box stands out from the window around it.
    box = QCheckBox("Show")
    box.setChecked(True)
    qtbot.addWidget(box)
    box.resize(120, 30)
    image = box.grab().toImage()
    lightest = max(QColor(image.pixel(x, y)).lightness() for x in range(4, 20) for y in range(4, 26))
    assert lightest - window.lightness() > 40
    assert Qt.CheckState.Checked == box.checkState()


@pytest.mark.slow
def test_after_use_and_a_change_of_theme_the_window_shows_what_it_would_paint_afresh(qtbot, settings, themes):
    """Widgets that cover all of themselves are left as they are when the window repaints
    under them: after pastes, typing, the pointer over buttons and a change of theme, no
    pixel on screen is left over from before."""
    from PySide6.QtGui import QImage
    from PySide6.QtTest import QTest

    window = MainWindow(settings, themes=themes)
    qtbot.addWidget(window)
    window.resize(1000, 760)
    window.show()
    qtbot.waitExposed(window)

    def screen_shot():
        shot = window.screen().grabWindow(window.winId(), 0, 0, window.width(), window.height())
        return shot.toImage().convertToFormat(QImage.Format.Format_RGB32)

    def shown_and_afresh():
        # Once the screen has settled: the paste field's clear button fades in and out over
        # a few frames, and a picture painted afresh mid-fade would show the next of them.
        qtbot.waitUntil(lambda: background_done(window) and animations_done(window), timeout=10_000)
        shots = [screen_shot()]

        def settled():
            shots.append(screen_shot())
            return len(shots) > 2 and shots[-1] == shots[-2]

        qtbot.waitUntil(settled)
        return shots[-1], window.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)

    pane = window.slug_pane
    assert not window.paste_text("?play=UyF2MQRh$$$yECJ")  # an error under the paste field
    QTest.mouseClick(pane.paste_field, Qt.MouseButton.LeftButton)
    QTest.keyClicks(pane.paste_field, "R88XA33X035")
    QTest.mouseMove(pane.copy_slug_button)
    QTest.mouseMove(pane.open_button)
    for name in ("dark", "light"):
        window.theme_actions[name].trigger()
        QTest.mouseClick(pane.open_button, Qt.MouseButton.LeftButton)  # the typed slug opened
        assert not pane.error_text()
        window.current_page().focus_canvas()  # no blinking cursor in a field
        QTest.mouseMove(window.current_page().canvas)
        # The pentomino board's check answers from a helper process in its own time: the
        # screen is compared once it has (else the answer can land between the two pictures).
        label = getattr(window.current_page(), "solver_label", None)
        qtbot.waitUntil(lambda shown=label: shown is None or shown.text() != "Checking…", timeout=20_000)
        on_screen, afresh = shown_and_afresh()
        assert on_screen == afresh, name
        window.tabs.setCurrentIndex(0)


@pytest.mark.slow
def test_the_system_theme_leaves_the_platform_style_in_place_and_comes_back_to_it(qapp, themes):
    style, palette = qapp.style(), QPalette(qapp.palette())
    name = style.name()
    themes.apply("system")
    assert qapp.style() is style  # not replaced: nothing is polished again at a start
    themes.apply("dark")
    assert qapp.style() is not style and theme.is_dark(qapp.palette())
    themes.apply("system")
    assert qapp.style().name() == name and qapp.palette() == palette


@pytest.mark.slow
def test_a_start_in_the_system_theme_builds_no_style_type(tmp_path):
    """PySide6 builds QStyle's Python type, and its eleven enums, the first time Python
    asks for a style: a start in the system's theme never does."""
    script = r"""
import json, sys
from PySide6 import QtWidgets
from PySide6.QtCore import QSettings
app = QtWidgets.QApplication([])
from slugboard.gui.main_window import MainWindow
from slugboard.gui.theme import Themes
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat), themes=Themes(app))
window.show()
app.processEvents()
at_start = "QStyle" in QtWidgets.__dict__
window.theme_actions["dark"].trigger()
print(json.dumps([at_start, "QStyle" in QtWidgets.__dict__, app.style().name().lower()]))
"""
    assert fresh_process(script, str(tmp_path / "s.ini")) == [False, True, "fusion"]


@pytest.mark.slow
def test_dark_then_system_gives_back_every_widget_as_it_was(qtbot, settings, themes):
    """Every tab, the window's furniture and each game's panel (its mode buttons, which have
    a style sheet of their own, among them), looks after Dark then System as it did before."""
    from PySide6.QtGui import QImage

    from slugboard.codecs import titles

    window = MainWindow(settings, themes=themes)
    qtbot.addWidget(window)
    window.resize(1000, 760)
    window.show()
    qtbot.waitExposed(window)

    def pictures() -> list[QImage]:
        shots = []
        for index, _name in enumerate(titles()):
            window.tabs.setCurrentIndex(index)
            window.current_page().focus_canvas()
            window.statusBar().clearMessage()  # what a game said in passing is not the theme's
            shots.append(window.grab().toImage().convertToFormat(QImage.Format.Format_RGB32))
        return shots

    def settled() -> list[QImage]:
        """The tabs' pictures once two rounds of them agree: each game's first checks of
        its board (solver, uniqueness) have answered, and the theme has reached every widget."""
        rounds: list[list[QImage]] = []
        # The first checks of the boards, in a helper process, answer in their own time.
        qtbot.waitUntil(lambda: window.page("pentomino").solver_label.text() != "Checking…", timeout=20_000)
        qtbot.waitUntil(lambda: window.page("sudoku").status_label.text() != "checking…", timeout=20_000)

        def same_again() -> bool:
            rounds.append(pictures())
            return len(rounds) > 1 and rounds[-1] == rounds[-2]

        qtbot.waitUntil(same_again, timeout=20_000)
        return rounds[-1]

    before = settled()
    window.theme_actions["dark"].trigger()
    dark = settled()
    window.theme_actions["system"].trigger()
    after = settled()
    for name, was, dark_one, now in zip(titles(), before, dark, after):
        assert was != dark_one, name  # the theme did change what the tab shows
        assert now == was, name


def _rendered_contrast(image) -> float:
    """The contrast of a widget's text as drawn: between its most common colour (the ground)
    and the colour drawn on it that stands furthest from that ground (the text's stems;
    anti-aliased edges lie between the two)."""
    from PIL import Image
    from PySide6.QtGui import QImage

    image = image.convertToFormat(QImage.Format.Format_RGB888)
    data = b"".join(bytes(image.constScanLine(k))[: 3 * image.width()] for k in range(image.height()))
    colours = Image.frombytes("RGB", (image.width(), image.height()), data).getcolors(image.width() * image.height())
    ground = QColor(*max(colours)[1])
    return max(_contrast(ground, QColor(*rgb)) for _count, rgb in colours)


# A real 15x15 game, won (File > Examples).
WON_GAME = next(e["text"] for e in resources.examples() if "won in" in e["title"])


def _texts_of(window):
    from PySide6.QtWidgets import QAbstractButton, QLabel

    return window.findChildren(QLabel) + window.findChildren(QAbstractButton)


def _texts(window):
    """(where, widget, the rectangle its text is drawn in) for every shown, enabled widget
    with text in the window: labels, buttons, check boxes and radio buttons."""
    from PySide6.QtWidgets import QAbstractButton, QLabel, QRadioButton, QStyle, QStyleOptionButton

    for widget in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        if not (widget.isVisible() and widget.isEnabled() and widget.text().strip()):
            continue
        if (
            widget.width() < 4
            or widget.height() < 4
            or not widget.visibleRegion().boundingRect().contains(widget.rect())
        ):
            continue  # scrolled out of sight in the panel, or cut by it
        rect = widget.rect()
        if isinstance(widget, (QCheckBox, QRadioButton)):
            option = QStyleOptionButton()
            option.initFrom(widget)
            option.text = widget.text()
            element = (
                QStyle.SubElement.SE_RadioButtonContents
                if isinstance(widget, QRadioButton)
                else QStyle.SubElement.SE_CheckBoxContents
            )
            rect = widget.style().subElementRect(element, option, widget)
        yield widget, rect


@pytest.mark.slow
@pytest.mark.parametrize("first", ["dark", "light"])
def test_every_text_reaches_a_contrast_of_4_5_in_both_themes(qtbot, settings, themes, first):
    """Each text the window shows, as drawn, against its ground: after a start in one theme
    and a change to the other, on every tab (WCAG's 4.5:1 for text)."""
    from slugboard.codecs import titles

    window = MainWindow(settings, themes=themes)
    qtbot.addWidget(window)
    window.resize(1120, 840)
    window.show()
    qtbot.waitExposed(window)
    second = "light" if first == "dark" else "dark"
    assert not window.paste_text("?play=S!v2Ab")  # the slug pane's error line shows too
    poor, measured = [], set()
    # Every game's tab in its first mode, then the other modes of minesweeper (a real game
    # replayed, with its outcome and figures) and of xiangqi.
    views = [(game, None) for game in titles()] + [
        ("minesweeper", "play"),
        ("minesweeper", "replay"),
        ("xiangqi", "play"),
    ]
    for name in (first, second):
        window.theme_actions[name].trigger()
        # Qt hands the new palette to the widgets in events of their own.
        qtbot.waitUntil(lambda n=name: all(theme.is_dark(w.palette()) == (n == "dark") for w in _texts_of(window)))
        for game, mode in views:
            window.tabs.setCurrentIndex(list(titles()).index(game))
            page = window.current_page()
            qtbot.waitUntil(page.isVisible)
            if mode is not None:
                if game == "minesweeper" and not page.board.events:
                    assert window.paste_text(WON_GAME)
                page.set_mode(mode)
                qtbot.waitUntil(lambda p=page, m=mode: p.mode == m)
                if mode == "replay":  # to the end, where the outcome shows
                    from PySide6.QtWidgets import QAbstractButton

                    end = next(b for b in page.findChildren(QAbstractButton) if b.text() == "▶|")
                    qtbot.mouseClick(end, Qt.MouseButton.LeftButton)
            if game == "pentomino":
                qtbot.waitUntil(lambda p=page: p.solver_label.text() != "Checking…", timeout=20_000)
            if game == "sudoku":
                qtbot.waitUntil(lambda p=page: p.status_label.text() != "checking…", timeout=20_000)
            for widget, rect in _texts(window):
                if widget is window.slug_pane.error_label:
                    # Its words, not the pasted text under them (white on the red mark).
                    rect = rect.adjusted(0, 0, 0, -rect.height() // 2)
                ratio = _rendered_contrast(widget.grab(rect).toImage())
                measured.add((game, mode, widget.text()))
                if ratio < 4.5:
                    poor.append((name, game, mode, widget.text(), round(ratio, 2)))
    assert not poor
    assert any(mode == "replay" and "Won" in text for _game, mode, text in measured)  # the outcome, in green


@pytest.mark.slow
@pytest.mark.parametrize("name", ["dark", "light"])
def test_the_pentomino_palette_s_letters_read_on_their_buttons(qtbot, settings, themes, name):
    """Each piece button's letter (the top-left corner of its icon) against the button."""
    from PySide6.QtCore import QRect

    from slugboard.codecs import titles

    window = MainWindow(settings, themes=themes)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.theme_actions["light" if name == "dark" else "dark"].trigger()
    window.tabs.setCurrentIndex(list(titles()).index("pentomino"))
    page = window.page("pentomino")
    qtbot.waitUntil(page.isVisible)
    window.theme_actions[name].trigger()
    qtbot.waitUntil(lambda: theme.is_dark(page.piece_buttons["F"].palette()) == (name == "dark"))
    for letter, button in page.piece_buttons.items():
        if letter not in "FILNPTUVWXYZ":
            continue  # terrain: no letter
        size = button.iconSize()
        icon = QRect(0, 0, size.width(), size.height())
        icon.moveCenter(button.rect().center())
        # Left of and above the piece's cells, which start at 28% and 22% of the icon.
        corner = QRect(icon.left(), icon.top(), int(size.width() * 0.27), int(size.height() * 0.21))
        assert _rendered_contrast(button.grab(corner).toImage()) >= 4.5, letter


@pytest.mark.slow
def test_the_chosen_number_of_engine_lines_stands_out_in_the_dark(qtbot, settings, themes):
    """Xiangqi's Analysis > Lines 1/2/3: the chosen button is told from the others at a glance."""
    window = MainWindow(settings, themes=themes)
    qtbot.addWidget(window)
    window.theme_actions["dark"].trigger()
    page = window.page("xiangqi")
    window.tabs.setCurrentWidget(page)
    buttons = page.analysis_panel.line_buttons
    buttons[2].setChecked(True)

    def middle(button) -> QColor:
        image = button.grab().toImage()
        return image.pixelColor(image.width() // 2, image.height() - 4)  # below the digit

    assert _contrast(middle(buttons[2]), middle(buttons[1])) > 1.5
    assert _contrast(middle(buttons[1]), middle(buttons[3])) < 1.1
