"""Light and dark: the window follows the system's colour scheme unless View > Theme says
Light or Dark. Dark uses Fusion, which draws every control from the palette, with colours
chosen so check boxes, radio buttons and coloured text keep their contrast."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

THEMES = ("system", "light", "dark")
SETTINGS_KEY = "view/theme"


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.WindowText, "#e6e6e6"),
        # Fields and the boxes of check boxes and radio buttons stand lighter than the
        # window, so their frames and marks show.
        (QPalette.ColorRole.Base, "#3a3a3a"),
        (QPalette.ColorRole.AlternateBase, "#333333"),
        (QPalette.ColorRole.Text, "#f0f0f0"),
        (QPalette.ColorRole.Button, "#3c3c3c"),
        (QPalette.ColorRole.ButtonText, "#e6e6e6"),
        (QPalette.ColorRole.Highlight, "#3d7bd9"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"),
        (QPalette.ColorRole.Mid, "#6a6a6a"),
        (QPalette.ColorRole.Midlight, "#585858"),
        (QPalette.ColorRole.Dark, "#151515"),
        (QPalette.ColorRole.Light, "#6e6e6e"),
        (QPalette.ColorRole.Shadow, "#0a0a0a"),
        (QPalette.ColorRole.ToolTipBase, "#3c3c3c"),
        (QPalette.ColorRole.ToolTipText, "#f0f0f0"),
        (QPalette.ColorRole.Link, "#7fb2ff"),
        (QPalette.ColorRole.BrightText, "#ff8a80"),
    ):
        palette.setColor(role, QColor(colour))
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor("#9a9a9a"))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))  # greyed out, as in a light palette
    return palette


def system_is_dark() -> bool:
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)  # Qt 6.5 and later
    return scheme is not None and scheme() == Qt.ColorScheme.Dark


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def readable(colour: str, palette: QPalette) -> str:
    """`colour` (a status green, red or orange made for a light window) lightened on a
    dark one, so text in it keeps its contrast."""
    if not is_dark(palette):
        return colour
    return QColor(colour).lighter(175).name()


class Themes:
    """Applies a theme to the application and follows the system while it is "system"."""

    def __init__(self, app: QApplication) -> None:
        self.app = app
        self.name = "system"
        # The platform's style and palette, kept when a theme first replaces them. Until
        # then they are the application's own, and a start in the system's light theme
        # never asks for the style from Python: PySide6 would build QStyle's Python type
        # and its enums for it, a part of the start (benchmarks/startup.py).
        self._default: tuple[str, QPalette] | None = None
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self._system_changed)

    def _system_changed(self, _scheme: object) -> None:
        if self.name == "system":
            self.apply("system")

    def apply(self, name: str) -> None:
        self.name = name if name in THEMES else "system"
        dark = self.name == "dark" or (self.name == "system" and system_is_dark())
        if not dark and self.name != "light":
            if self._default is not None:  # else the platform's are still in place
                style, palette = self._default
                self.app.setStyle(style)
                self.app.setPalette(palette)
            return
        if self._default is None:
            self._default = (self.app.style().name(), QPalette(self.app.palette()))
        self.app.setStyle("Fusion")  # the platform style may ignore a palette; Fusion follows it
        self.app.setPalette(dark_palette() if dark else self.app.style().standardPalette())
