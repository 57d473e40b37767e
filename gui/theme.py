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


# WCAG's least contrast for text (a little over, so the drawn text meets it too).
TEXT_CONTRAST = 4.6


def luminance(colour: QColor) -> float:
    """The relative luminance of a colour (WCAG 2)."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two colours, 1 to 21 (WCAG 2)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def legible(colour: QColor | str, ground: QColor, least: float = TEXT_CONTRAST) -> QColor:
    """`colour`, or the nearest colour of its hue lighter (on a dark ground) or darker (on a
    light one) that reaches `least` contrast with `ground`: a status green or orange chosen
    for one theme stays readable in the other."""
    colour = QColor(colour)
    if contrast(colour, ground) >= least:
        return colour
    hue, saturation, lightness, alpha = colour.hslHueF(), colour.hslSaturationF(), colour.lightnessF(), colour.alphaF()
    step = 0.02 if luminance(ground) < 0.18 else -0.02
    while 0.0 < lightness < 1.0:
        lightness = min(1.0, max(0.0, lightness + step))
        candidate = QColor.fromHslF(max(hue, 0.0), saturation, lightness, alpha)
        if contrast(candidate, ground) >= least:
            return candidate
    return QColor("#ffffff" if step > 0 else "#000000")


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
                _restyle_style_sheets(self.app)
            return
        if self._default is None:
            self._default = (self.app.style().name(), QPalette(self.app.palette()))
        self.app.setStyle("Fusion")  # the platform style may ignore a palette; Fusion follows it
        self.app.setPalette(dark_palette() if dark else self.app.style().standardPalette())
        _restyle_style_sheets(self.app)


def _restyle_style_sheets(app: QApplication) -> None:
    """Widgets with a style sheet of their own (the mode buttons) work out their colours
    again: they took them from the palette when the style was set, which was the old one
    still, and would keep a dark theme's buttons on a light window."""
    for widget in app.allWidgets():
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet(sheet)
