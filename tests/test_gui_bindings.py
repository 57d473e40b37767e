"""The Qt bindings the project installs must not leak or drop references on ordinary
drawing calls: PySide6 6.12 dropped one reference to None per call on Python < 3.12,
which aborted the app after a few dozen repaints (pyproject.toml excludes it)."""

from __future__ import annotations

import sys

from PySide6.QtGui import QFont, QImage, QPainter


def test_void_calls_keep_none_alive(qapp):
    font = QFont()
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    before = sys.getrefcount(None)
    painter = QPainter(image)
    for _ in range(2000):
        font.setPixelSize(10)
        painter.setFont(font)
        painter.drawLine(0, 0, 4, 4)
    painter.end()
    assert abs(sys.getrefcount(None) - before) < 50


def test_signal_emit_keeps_booleans_alive(qapp):
    from PySide6.QtCore import QObject, Signal

    class Source(QObject):
        fired = Signal(int)

    source = Source()
    source.fired.connect(lambda value: None)
    before = (sys.getrefcount(True), sys.getrefcount(False))
    for i in range(2000):
        source.fired.emit(i)
    after = (sys.getrefcount(True), sys.getrefcount(False))
    assert all(abs(a - b) < 50 for a, b in zip(after, before))
