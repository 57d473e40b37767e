"""A canvas's last picture, copied while nothing it shows has changed (`PaintCache`).

A board canvas repaints with nothing changed when a tooltip goes, an overlay moves or the
window is uncovered: on a large field, copying the picture it kept is a millisecond or more
quicker than drawing the board again (benchmarks/tricks.py times the two).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QWidget


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


def _erase(widget: QWidget, painter: QPainter, covered: QRectF | None) -> None:
    """Fill the widget with its window colour, as Qt's own erase would, but for the whole
    pixels of `covered`. The painter's background is the widget's (QPainter takes it from
    the widget it paints)."""
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
