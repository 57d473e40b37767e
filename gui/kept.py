"""Widgets that keep the picture they last painted, and paint over all of themselves.

A repaint of the window repaints every widget in it. A canvas, the tab bar, the menu bar and
the slug fields keep their last picture (`PaintCache`, `KeptPicture`) and copy it when
nothing it depends on has changed; every widget here marks itself as covering all of
itself (`CoversItself`), so Qt paints nothing under it first.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QMenuBar,
    QPushButton,
    QScrollBar,
    QTabBar,
    QToolButton,
    QWidget,
)


def _frozen(value: Any) -> Any:
    """A snapshot of a paint argument to compare with the next: containers a canvas may
    change in place are copied; other values (immutable boards, states) are kept as they
    are and compared by equality, which is identity first."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    return value


def picture_key(widget: QWidget) -> tuple[int, int, float, int]:
    """What every kept picture of a widget depends on: its size, pixel ratio and palette."""
    return widget.width(), widget.height(), widget.devicePixelRatioF(), widget.palette().cacheKey()


def opaque_picture(widget: QWidget) -> QImage:
    """A picture the widget's size at its pixel ratio, filled with the window's colour (what
    shows under a widget that fills no background). Opaque, so copying it to the screen
    blends nothing, which is most of what a copy costs; a QImage, not a QPixmap, since it
    may be freed on any thread (the garbage collector runs wherever memory is asked for)."""
    ratio = widget.devicePixelRatioF()
    picture = QImage(
        max(1, round(widget.width() * ratio)), max(1, round(widget.height() * ratio)), QImage.Format.Format_RGB32
    )
    picture.setDevicePixelRatio(ratio)
    picture.fill(widget.palette().window().color())
    return picture


def fill_rect(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """What `painter.fillRect(rect, colour)` paints on an antialiased painter, pixel for
    pixel (tests/test_gui_start.py holds the two equal), drawn as a rectangle with no
    outline, for a board painted in the window's first frame. The first fillRect of a
    process has PySide6 build QGradient's Python type and its five enums, about 1.2 ms (it
    weighs the overload that takes a gradient preset); benchmarks/first_frame.py times the
    two. Widgets erase themselves for the same reason (`_erase`, `fill_under`)."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRect(rect)
    painter.restore()


def _erase(widget: QWidget, painter: QPainter, covered: QRectF | None) -> None:
    """Fill the widget with its window colour, as Qt's own erase would, but for the whole
    pixels of `covered`. The painter's background is the widget's (QPainter takes it from
    the widget it paints); erasing with it rather than filling with a brush also keeps
    PySide6 from building QGradient's enums for the first paint (fillRect names them)."""
    whole = widget.rect()
    if covered is None:
        painter.eraseRect(whole)
        return
    left, top = math.ceil(covered.left()), math.ceil(covered.top())
    right, bottom = math.floor(covered.right()), math.floor(covered.bottom())
    if right <= left or bottom <= top:
        painter.eraseRect(whole)
        return
    width = whole.width()
    painter.eraseRect(QRect(0, 0, width, top))
    painter.eraseRect(QRect(0, bottom, width, whole.height() - bottom))
    painter.eraseRect(QRect(0, top, left, bottom - top))
    painter.eraseRect(QRect(right, top, width - right, bottom - top))


class PaintCache:
    """The last picture a canvas painted, and what it was painted from.

    A canvas paints through `paint(widget, painter, fn, *args, **kwargs)`, handing over
    every value its picture depends on; when none has changed since the last paint (a
    window uncovered, a tooltip gone, an overlay moved), the picture is copied instead of
    drawn again. The widget's size, device pixel ratio and palette are part of the key.
    A changed picture is drawn on the widget itself; the second paint of the same picture
    draws it aside once, and later ones copy it."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        # A QImage, not a QPixmap: the picture may be freed on any thread (the garbage
        # collector runs wherever memory is asked for), which a pixmap does not allow.
        self._picture: QImage | None = None
        self.drawn = 0  # pictures drawn (not copied), for tests and benchmarks

    def invalidate(self) -> None:
        self._key, self._picture = None, None

    def paint(
        self,
        widget: QWidget,
        painter: QPainter,
        fn: Callable[..., Any],
        *args: Any,
        hints: QPainter.RenderHint | None = None,
        covered: QRectF | None = None,
        **kwargs: Any,
    ) -> None:
        """`covered`: a part of the widget the picture paints over with opaque pixels,
        which need not be erased first (on a large board, most of the widget)."""
        key = (*picture_key(widget), _frozen(args), _frozen(kwargs))
        if key != self._key:
            # A new picture is drawn straight onto the widget: while it changes every frame
            # (a replay playing, a drag) a copy kept aside would only cost more.
            self._key, self._picture = key, None
            _erase(widget, painter, covered)
            if hints is not None:
                painter.setRenderHints(hints)
            fn(painter, QRectF(widget.rect()), *args, **kwargs)
            self.drawn += 1
            return
        # Equal, and perhaps not the same objects (the same board pasted again, an undo back
        # to an equal one): the newer key is kept, so that the next paints compare it by
        # identity rather than going through a large board's every cell again.
        self._key = key
        if self._picture is None:  # the same picture asked for twice: keep it from now on
            picture = opaque_picture(widget)
            inner = QPainter(picture)
            if hints is not None:
                inner.setRenderHints(hints)
            fn(inner, QRectF(widget.rect()), *args, **kwargs)
            inner.end()
            self._picture = picture
            self.drawn += 1
        painter.drawImage(0, 0, self._picture)


class StyleWatch:
    """For a Qt widget class (put before it among the bases): counts the changes of style
    the widget is told of (the application's style or a style sheet set), for a key of a
    kept picture. Keying on `style()` itself would have PySide6 build QStyle's Python types
    (about 8 ms) at the first paint of the window."""

    style_changes = 0

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.StyleChange:
            self.style_changes += 1
        super().changeEvent(event)  # type: ignore[misc]


class CoversItself(StyleWatch):
    """For a Qt widget class (put before it among the bases): a widget whose every paint
    covers all of it, with a picture it keeps or with the window's colour and the style's
    drawing over it. Marked opaque, it is left as it is when a widget under it repaints (Qt
    trusts an opaque widget's pixels until it asks to be painted itself), and Qt paints
    nothing under it first. The window's colour is what shows under a widget that fills no
    background, as on the pictures kept aside (see opaque_picture): only a widget laid on
    the window's colour (not on a board, a frame or a panel of another colour) may be one.

    Under a style sheet the widget is painted as Qt paints it, over what lies beneath: a
    style sheet may give the widget a background of its own and see-through edges."""

    def _mark_opaque(self) -> None:
        widget: Any = self
        widget.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, not widget.styleSheet())

    # Marked when shown and whenever the style changes, after the style has polished the
    # widget: Fusion, for one, unmarks every scroll bar it polishes.
    def showEvent(self, event) -> None:
        self._mark_opaque()
        super().showEvent(event)  # type: ignore[misc]

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.StyleChange:
            self._mark_opaque()
        super().changeEvent(event)

    def fill_under(self) -> None:
        """Before the style draws the widget: what Qt would have left under it."""
        widget: Any = self
        if not widget.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent):
            return
        painter = QPainter(widget)
        # Erased with the window's brush, not filled: naming a colour to fillRect has
        # PySide6 build QGradient's enums (see _erase).
        painter.setBackground(widget.palette().window())
        painter.eraseRect(widget.rect())
        painter.end()


class FillsUnder(CoversItself):
    """For a Qt widget class the style draws whole at every paint (a label, a button): the
    window's colour first, then the style's drawing, so that the widget is opaque (see
    CoversItself) and a repaint of what is under it leaves it as it is."""

    def paintEvent(self, event) -> None:
        self.fill_under()
        super().paintEvent(event)  # type: ignore[misc]


class FilledLabel(FillsUnder, QLabel):
    """A label on the window's colour; plain text unless told otherwise."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)


class FilledButton(FillsUnder, QPushButton):
    pass


class FilledToolButton(FillsUnder, QToolButton):
    pass


class KeptPicture(CoversItself):
    """For a Qt widget class (put before it among the bases): the widget keeps its picture
    and copies it while nothing it shows has changed, instead of having the style draw it
    again. A subclass says what its picture shows in `picture_state`, or None while it must
    be painted as Qt does (the pointer over it, say, since only Qt knows what is lit).

    A picture is painted by Qt as usual the first time; one painted a second time is drawn
    aside just after (a widget cannot be drawn aside while it paints) and copied from then
    on."""

    _kept_key: tuple | None = None
    _kept: QImage | None = None  # a QImage may be freed on any thread (see PaintCache)
    _painted_key: tuple | None = None
    _drawing_aside = False
    _keep_asked = False

    def picture_state(self) -> tuple | None:
        raise NotImplementedError

    def _picture_key(self) -> tuple | None:
        widget: Any = self
        # Under a style sheet, a widget may draw translucent edges over its parent, which a
        # picture drawn aside on the window's colour would not show as they are.
        if self._drawing_aside or widget.underMouse() or widget.styleSheet():
            return None
        state = self.picture_state()
        if state is None:
            return None
        return (
            *picture_key(widget),
            widget.font().key(),
            self.style_changes,
            widget.isEnabled(),
            widget.isActiveWindow(),
            widget.hasFocus(),
            state,
        )

    def paintEvent(self, event) -> None:
        key = self._picture_key()
        if key is not None and key == self._kept_key and self._kept is not None:
            widget: Any = self
            QPainter(widget).drawImage(0, 0, self._kept)
            return
        self.fill_under()
        super().paintEvent(event)  # type: ignore[misc]
        if key is not None and key == self._painted_key and not self._keep_asked:
            self._keep_asked = True
            QTimer.singleShot(0, self, self._keep)  # type: ignore[call-overload]
        self._painted_key = key

    def _keep(self) -> None:
        self._keep_asked = False
        widget: Any = self
        key = self._picture_key()
        if key is None or not widget.isVisible():
            return
        picture = opaque_picture(widget)
        self._drawing_aside = True
        try:
            # The widget alone: its children (a field's clear button, a tab bar's scroll
            # buttons) paint themselves over it, and kept in its picture as well they would be
            # drawn twice, their translucent pixels over themselves.
            widget.render(picture, renderFlags=QWidget.RenderFlag(0))
        finally:
            self._drawing_aside = False
        self._kept_key, self._kept = key, picture


class KeptTabBar(KeptPicture, QTabBar):
    """A tab bar that keeps its picture while its tabs and the current one are the same."""

    def picture_state(self) -> tuple | None:
        count = self.count()
        return (
            self.currentIndex(),
            tuple(self.tabText(i) for i in range(count)),
            tuple(self.isTabEnabled(i) for i in range(count)),
            tuple(self.tabRect(i).getRect() for i in range(count)),
        )


class KeptMenuBar(KeptPicture, QMenuBar):
    """A menu bar that keeps its picture while no menu of it is open or lit."""

    def picture_state(self) -> tuple | None:
        if self.activeAction() is not None:
            return None
        return tuple((action.text(), action.isEnabled(), action.isVisible()) for action in self.actions())


class KeptLineEdit(KeptPicture, QLineEdit):
    """A text field that keeps its picture while it is without the keyboard (with it, its
    cursor blinks) and its text, selection and place in the text are the same."""

    _dragged_over = False  # a drag over the field shows where a drop would go

    def picture_state(self) -> tuple | None:
        if self.hasFocus() or self._dragged_over:
            return None
        return (
            self.text(),
            self.placeholderText(),
            self.cursorPosition(),
            self.selectionStart(),
            len(self.selectedText()),
            self.isReadOnly(),
            int(self.alignment().value),
            self.hasAcceptableInput(),
        )

    def dragEnterEvent(self, event) -> None:
        self._dragged_over = True
        super().dragEnterEvent(event)

    def dragLeaveEvent(self, event) -> None:
        self._dragged_over = False
        super().dragLeaveEvent(event)

    def dropEvent(self, event) -> None:
        self._dragged_over = False
        super().dropEvent(event)


class KeptScrollBar(CoversItself, QScrollBar):
    """A scroll bar that keeps its picture: the style draws it again only when its size,
    range, position, state or palette changed. Fusion's scroll bar took about 2 ms of every
    whole-window repaint. While the pointer is on it or its handle is held, Qt paints it
    as usual, since only Qt knows which part is lit.

    As with PaintCache, a new picture is painted by Qt straight onto the bar (while the
    panel scrolls, each position is painted once), and one asked for a second time is drawn
    aside and kept. Drawing aside needs PySide6 to build QStyle's Python types, about 8 ms,
    so they are loaded then rather than while the window starts."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self._key: tuple | None = None
        self._picture: QImage | None = None  # a QImage may be freed on any thread (see PaintCache)

    def paintEvent(self, event) -> None:
        if self.underMouse() or self.isSliderDown():
            self._key = None
            self.fill_under()
            super().paintEvent(event)
            return
        key = (
            *picture_key(self),
            self.style_changes,
            self.isEnabled(),
            self.isActiveWindow(),
            self.hasFocus(),
            self.minimum(),
            self.maximum(),
            self.sliderPosition(),
            self.pageStep(),
            self.singleStep(),
            self.invertedAppearance(),
            self.orientation(),
        )
        if key != self._key:
            self._key, self._picture = key, None
            self.fill_under()
            super().paintEvent(event)
            return
        if self._picture is None:
            self._picture = self._drawn_aside()
        QPainter(self).drawImage(0, 0, self._picture)

    def _drawn_aside(self) -> QImage:
        from PySide6.QtWidgets import QStyle, QStyleOptionSlider

        option = QStyleOptionSlider()
        self.initStyleOption(option)  # what Qt's own paintEvent passes, with nothing lit
        option.subControls = QStyle.SubControl.SC_All
        option.activeSubControls = QStyle.SubControl.SC_None
        # The bar fills no background of its own, and parts of it are drawn in translucent
        # colours: on the window's colour they blend as they would on screen.
        picture = opaque_picture(self)
        painter = QPainter(picture)
        self.style().drawComplexControl(QStyle.ComplexControl.CC_ScrollBar, option, painter, self)
        painter.end()
        return picture
