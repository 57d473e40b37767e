"""The Anatomy view of the slug pane: the slug's characters coloured by the field they
hold, a bar of its bits by field kind with the totals, and the link both ways between
the slug and the board (rest on a character: its element lights up on the board; rest
on the board: the characters that encode what is there light up in the slug).

A canvas takes part by offering two methods in the cell grid its game's anatomy uses
(see codecs/anatomy.py):

    anatomy_cell_rect(row, col) -> QRectF | None   where a cell is drawn
    anatomy_cell_at(point: QPointF) -> (row, col) | None   the cell under a point
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFontDatabase, QPainter, QPalette, QPen
from PySide6.QtWidgets import QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from slugboard.codecs import SlugError
from slugboard.codecs.anatomy import FIELD_TITLES, Anatomy, Span

from .worker import LatestOnly

# One colour per field kind, told apart in light and dark themes alike: the fields every
# format has here, and each game's own from its view (GameView.anatomy_colours).
FIELD_COLOURS: dict[str, str] = {
    "magic": "#8c8c8c",
    "version": "#b0b0b0",
    "header": "#9c755f",
    "size": "#c49c84",
    "separator": "#d4d4d4",
    "padding": "#d6d6d6",
}
_colours: dict[str, str] = dict(FIELD_COLOURS)  # and the shown game's
_titles: dict[str, str] = dict(FIELD_TITLES)  # the fields every format has, and the shown game's


def use_game_colours(game: str) -> None:
    """Colour and name the fields of `game`'s slugs as its view and its codec say (the
    game on screen)."""
    from slugboard.codecs import game as codec

    from .games import view

    _colours.clear()
    _colours.update(FIELD_COLOURS)
    _colours.update(view(game).anatomy_colours)
    _titles.clear()
    _titles.update(FIELD_TITLES)
    _titles.update(codec(game).anatomy_fields)


HIGHLIGHT = QColor("#ff1f8e")
# Slugs up to this long are explained in the same turn as the edit; a longer one a moment
# after the last edit of a burst, so typing on a huge replay stays quick.
SYNC_LENGTH = 4_000


def field_colour(field: str) -> QColor:
    return QColor(_colours.get(field, "#cccccc"))


def tint(colour: QColor, white: float) -> QColor:
    """`colour` mixed with `white` parts of white: a background dark text reads on."""
    return QColor.fromRgbF(
        colour.redF() + (1 - colour.redF()) * white,
        colour.greenF() + (1 - colour.greenF()) * white,
        colour.blueF() + (1 - colour.blueF()) * white,
    )


class SlugChars(QWidget):
    """The slug in a fixed-width font, wrapped to the width, each character's background
    split among the fields its bits hold."""

    hovered = Signal(object)  # the character index in the slug, or None

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSizeF(font.pointSizeF() * 1.25)  # each character is a target for the pointer
        self.setFont(font)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.text = ""
        self.offset = 0  # where the slug starts in the anatomy's text
        self.anatomy: Anatomy | None = None
        self._tints: list[QColor] = []  # per span: its field's colour, in one of two tints
        self.lit: set[int] = set()

    def set_anatomy(self, anatomy: Anatomy | None, text: str, odd: Sequence[bool] = ()) -> None:
        """Show `text` coloured by `anatomy`; `odd` (from `alternation`) picks each span's tint."""
        self.text = text
        self.anatomy = anatomy
        self.offset = anatomy.slug[0] if anatomy is not None else 0
        self._tints = []
        if anatomy is not None:
            shades: dict[tuple[str, bool], QColor] = {}
            for span, o in zip(anatomy.spans, odd or alternation(anatomy.spans)):
                colour = shades.get((span.field, o))
                if colour is None:
                    colour = shades[(span.field, o)] = tint(field_colour(span.field), 0.68 if o else 0.45)
                self._tints.append(colour)
        self.lit = set()
        self.updateGeometry()
        self.setFixedHeight(self._height_for(max(self.width(), 1)))
        self.update()

    def _fills(self, index: int) -> list[tuple[float, float, QColor]]:
        """The pieces (fraction start, fraction end, colour) of character `index`'s
        background: one per span its bits hold. Worked out for the characters painted
        only, so a slug of a million characters costs what is on screen."""
        anatomy = self.anatomy
        if anatomy is None:
            return []
        out = []
        for i in anatomy.indexes_at(index + self.offset):
            span = anatomy.spans[i]
            if span.bits is None:
                out.append((0.0, 1.0, self._tints[i]))
                continue
            start, end = span.bits
            low, high = max(start, index * 6), min(end, index * 6 + 6)  # the span's bits in this character
            if high > low:
                out.append(((low - index * 6) / 6, (high - index * 6) / 6, self._tints[i]))
        return out

    def _cell(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(max(metrics.horizontalAdvance("M"), 1), metrics.height() + 4)

    def _columns(self, width: int) -> int:
        return max(1, (width - 4) // self._cell().width())

    def _height_for(self, width: int) -> int:
        rows = max(1, -(-len(self.text) // self._columns(width)))
        return rows * self._cell().height() + 4

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.setFixedHeight(self._height_for(event.size().width()))

    def char_rect(self, index: int) -> QRect:
        cell, columns = self._cell(), self._columns(self.width())
        row, col = divmod(index, columns)
        return QRect(2 + col * cell.width(), 2 + row * cell.height(), cell.width(), cell.height())

    def index_at(self, point: QPointF) -> int | None:
        cell, columns = self._cell(), self._columns(self.width())
        col, row = int((point.x() - 2) // cell.width()), int((point.y() - 2) // cell.height())
        if not 0 <= col < columns or row < 0:
            return None
        index = row * columns + col
        return index if index < len(self.text) else None

    def set_lit(self, indexes: set[int]) -> None:
        if indexes != self.lit:
            self.lit = indexes
            self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        cell, columns = self._cell(), self._columns(self.width())
        area = event.rect()
        first_row = max(0, (area.top() - 2) // cell.height())
        last_row = (area.bottom() - 2) // cell.height()
        on_tint = QColor("#202020")  # the tints are light in either theme
        plain = self.palette().color(QPalette.ColorRole.Text)  # a character no part has claimed yet
        for row in range(first_row, last_row + 1):
            for index in range(row * columns, min(len(self.text), (row + 1) * columns)):
                rect = self.char_rect(index)
                fills = self._fills(index)
                for low, high, colour in fills:
                    painter.fillRect(
                        QRectF(
                            rect.left() + low * rect.width(), rect.top(), (high - low) * rect.width(), rect.height()
                        ),
                        colour,
                    )
                painter.setPen(on_tint if fills else plain)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text[index])
        if self.lit:
            painter.setPen(QPen(HIGHLIGHT, 2))
            for index in sorted(self.lit):
                if index < len(self.text):
                    painter.drawRect(self.char_rect(index).adjusted(1, 1, -1, -1))

    def mouseMoveEvent(self, event) -> None:
        self.hovered.emit(self.index_at(event.position()))

    def leaveEvent(self, event) -> None:
        self.hovered.emit(None)


class FieldBar(QWidget):
    """The payload as one bar: each run of a field in its colour, as wide as its share of
    the bits (or characters)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFixedHeight(14)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.prepared: Prepared | None = None
        self.runs: list[tuple[QColor, int, bool]] = []  # (colour, size, tint) in slug order

    def set_prepared(self, prepared: Prepared | None) -> None:
        self.prepared = prepared
        self.setToolTip(prepared.tips if prepared is not None else "")
        self._layout_runs()
        self.update()

    def _layout_runs(self) -> None:
        """Each span its own segment, neighbours of one field in two tints, so each piece's
        share shows; when spans outnumber the pixels, each run of a field is one segment."""
        prepared = self.prepared
        runs: list[tuple[QColor, int, bool]] = []
        if prepared is not None:
            if prepared.sized is not None and len(prepared.sized) <= max(1, self.width() // 3):
                last = ""
                for field, size, odd in prepared.sized:
                    if runs and field == last and odd == runs[-1][2]:
                        runs[-1] = (runs[-1][0], runs[-1][1] + size, odd)
                        continue
                    last = field
                    colour = field_colour(field)
                    runs.append((tint(colour, 0.35) if odd else colour, size, odd))
            else:
                runs = [(field_colour(field), size, False) for field, size in prepared.merged]
        self.runs = runs

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._layout_runs()

    def paintEvent(self, event) -> None:
        total = sum(size for _, size, _ in self.runs)
        if not total:
            return
        painter = QPainter(self)
        width, x = self.width() - 2, 1.0
        for colour, size, _ in self.runs:
            w = width * size / total
            painter.fillRect(QRectF(x, 1, w, self.height() - 2), colour)
            x += w


def alternation(spans: Sequence[Span]) -> list[bool]:
    """For each span, which of its field's two tints: the tint changes with the element
    (or, for spans of no element, with each span)."""
    out: list[bool] = []
    state: dict[str, tuple[bool, object]] = {}
    for span in spans:
        odd, last = state.get(span.field, (True, None))
        element = span.element if span.element is not None else id(span)
        if element != last:
            odd = not odd
        state[span.field] = (odd, element)
        out.append(odd)
    return out


def _amount(total: dict[str, int], unit: str, elements: int | None = None) -> str:
    size = total.get(unit + "s", 0)
    count = total.get("spans", 0) if elements is None else elements
    return f"{size:,} {unit}{'s' if size != 1 else ''} for {count:,}"


def element_counts(anatomy: Anatomy) -> Counter[str]:
    """Per field, how many board elements its spans encode (a piece written in four parts
    is one)."""
    seen: dict[str, set[object]] = {}
    for span in anatomy.spans:
        key = repr(span.element) if span.element is not None else id(span)
        seen.setdefault(span.field, set()).add(key)
    return Counter({name: len(keys) for name, keys in seen.items()})


# Spans beyond this many are not drawn one by one in the bar (it is never that many pixels wide).
MAX_BAR_SPANS = 4_000


@dataclass(frozen=True, slots=True)
class Prepared:
    """An anatomy with what showing it takes worked out (a long slug's, off the window's
    thread): each span's tint, the bar's segments and the legend."""

    anatomy: Anatomy
    slug: str
    odd: list[bool]
    sized: list[tuple[str, int, bool]] | None  # (field, size, tint) per span with a size; None when too many
    merged: list[tuple[str, int]]  # (field, size) per run of one field
    legend: str
    tips: str


def prepare(anatomy: Anatomy, slug: str) -> Prepared:
    odd = alternation(anatomy.spans)
    sized_all = [(s.field, anatomy.size_of(s), o) for s, o in zip(anatomy.spans, odd)]
    sized_all = [item for item in sized_all if item[1]]
    merged: list[tuple[str, int]] = []
    for field_name, size, _ in sized_all:
        if merged and merged[-1][0] == field_name:
            merged[-1] = (field_name, merged[-1][1] + size)
        else:
            merged.append((field_name, size))
    totals = anatomy.totals()
    counts = element_counts(anatomy)
    sizes: dict[str, Counter[int]] = {}
    for span in anatomy.spans:
        size = anatomy.size_of(span)
        if size:
            sizes.setdefault(span.field, Counter())[size] += 1
    parts = []
    for name, total in totals.items():
        colour = _colours.get(name, "#ccc")
        part = f"<span style='color:{colour}'>■</span>&nbsp;{name}&nbsp;{_amount(total, anatomy.unit, counts[name])}"
        # Where one field's spans differ in size (xiangqi's 2- to 7-bit piece codes), how many of each.
        of = sizes.get(name, Counter())
        if 1 < len(of) <= 6 and name != "padding":
            part += " (" + ", ".join(f"{n} of {size}" for size, n in sorted(of.items())) + f" {anatomy.unit}s)"
        parts.append(part)
    summary = anatomy.summary()
    whole = summary.get(anatomy.unit + "s", 0)
    bits = f", {whole:,} bits" if anatomy.unit == "bit" else ""
    head = f"{summary['chars']:,} characters{bits} ({anatomy.format}): "
    tips = "\n".join(f"{name}: {_amount(total, anatomy.unit)}" for name, total in totals.items())
    return Prepared(
        anatomy,
        slug,
        odd,
        sized_all if len(sized_all) <= MAX_BAR_SPANS else None,
        merged,
        head + " · ".join(parts),
        tips,
    )


class AnatomyPanel(QWidget):
    """The anatomy of the shown slug: coloured characters, the bar, a legend of totals,
    and a line naming what the pointer rests on. Its rows keep their height whatever
    they say, so nothing moves under the pointer."""

    spans_hovered = Signal(object)  # the spans under the pointer in the slug (list), empty when none

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.anatomy: Anatomy | None = None
        self.chars = SlugChars()
        self.chars.hovered.connect(self._char_hovered)
        self.scroller = QScrollArea()
        self.scroller.setWidget(self.chars)
        self.scroller.setWidgetResizable(True)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        line = self.chars._cell().height()
        self.scroller.setFixedHeight(3 * line + 8)
        self.bar = FieldBar()
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        self.legend.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.legend.setFixedHeight(2 * self.legend.fontMetrics().lineSpacing() + 2)
        self.pointer = QLabel()
        self.pointer.setObjectName("anatomyPointer")
        self.pointer.setTextFormat(Qt.TextFormat.PlainText)  # it tells the values the slug holds
        self.pointer.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.pointer.setFixedHeight(self.pointer.fontMetrics().lineSpacing() + 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.scroller)
        layout.addWidget(self.bar)
        layout.addWidget(self.legend)
        layout.addWidget(self.pointer)
        self._resting = "Rest the pointer on a character to see what it holds, or on the board to see its characters"
        self.pointer.setText(self._resting)

    def set_anatomy(self, anatomy: Anatomy | None, slug: str, reason: str = "") -> None:
        """Show the anatomy of `slug` (None: nothing to show, and `reason` says why)."""
        self.set_prepared(prepare(anatomy, slug) if anatomy is not None else None, slug, reason)

    def set_prepared(self, prepared: Prepared | None, slug: str, reason: str = "") -> None:
        self.anatomy = prepared.anatomy if prepared is not None else None
        self.chars.set_anatomy(self.anatomy, slug, prepared.odd if prepared is not None else ())
        self.bar.set_prepared(prepared)
        if prepared is None:
            self.legend.setText(f"<i>{html.escape(reason)}</i>" if reason else "")
            return
        self.legend.setText(prepared.legend)

    def _char_hovered(self, index: int | None) -> None:
        if self.anatomy is None or index is None:
            self.chars.set_lit(set())
            self.pointer.setText(self._resting)
            self.spans_hovered.emit([])
            return
        spans = self.anatomy.spans_at(index + self.chars.offset)
        self.light(spans)
        self.pointer.setText(f"Character {index + 1}: " + "; ".join(describe(s) for s in spans))
        self.spans_hovered.emit(spans)

    def light(self, spans: Sequence[Span], scroll: bool = False) -> None:
        """Outline the characters of `spans`; with `scroll`, bring the first into view."""
        offset = self.chars.offset
        lit = {ch - offset for span in spans for ch in range(*span.chars)}
        self.chars.set_lit(lit)
        if scroll and lit:
            rect = self.chars.char_rect(min(lit))
            self.scroller.ensureVisible(rect.center().x(), rect.center().y(), 0, rect.height())

    def show_cell_spans(self, cell: tuple[int, int] | None) -> list[Span]:
        """Light the characters of what the board holds at `cell` (None: nothing)."""
        if self.anatomy is None or cell is None:
            self.chars.set_lit(set())
            self.pointer.setText(self._resting)
            return []
        spans = self.anatomy.spans_of_cell(*cell)
        self.light(spans, scroll=True)
        if spans:
            self.pointer.setText("; ".join(describe(s) for s in spans[:4]) + (" …" if len(spans) > 4 else ""))
        else:
            self.pointer.setText("Nothing in the slug is about this place")
        return spans


def describe(span: Span) -> str:
    """A span in words: its label, and its size unless the label gives it."""
    if span.bits is not None:
        size = f"{span.bits[1] - span.bits[0]} bits: {span.raw}" if len(span.raw) <= 24 else f"{len(span.raw)} bits"
    else:
        size = f"{len(span.raw)} character{'s' if len(span.raw) != 1 else ''}"
    what = _OWN_SIZE.sub("", span.label) if span.label else _titles.get(span.field, span.field)
    return f"{what} ({size})"


_OWN_SIZE = re.compile(r" \(\d+ (bits?|characters?)\)$")  # a label's own size, said again by describe


class AnatomyOverlay(QWidget):
    """Drawn over a canvas: outlines the cells of the elements lit in the slug. It takes
    no mouse events, so the canvas works as before beneath it."""

    def __init__(self, canvas: QWidget):
        super().__init__(canvas)
        self.canvas = canvas
        self.cells: list[tuple[int, int]] = []
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setGeometry(canvas.rect())
        canvas.installEventFilter(self)
        self.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.canvas and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.canvas.rect())
        return False

    def set_cells(self, cells: Sequence[tuple[int, int]]) -> None:
        cells = list(dict.fromkeys(cells))
        if cells != self.cells:
            self.cells = cells
            self.update()

    def paintEvent(self, event) -> None:
        if not self.cells:
            return
        rect_of = getattr(self.canvas, "anatomy_cell_rect", None)
        if rect_of is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(HIGHLIGHT)
        fill.setAlpha(60)
        painter.setPen(QPen(HIGHLIGHT, 2.5))
        for row, col in self.cells:
            rect = rect_of(row, col)
            if rect is not None:
                painter.fillRect(rect, fill)
                painter.drawRect(rect.adjusted(1, 1, -1, -1))


def _explain_and_prepare(explain, slug: str, cancel=None) -> Prepared | SlugError:
    try:
        return prepare(explain(slug), slug)
    except SlugError as exc:
        return exc


class AnatomyLink(QObject):
    """Keeps one page's canvas and the panel in step: explains the page's slug, lights
    cells for the characters under the pointer, and characters for the cell under it."""

    def __init__(self, panel: AnatomyPanel, parent: QObject | None = None):
        super().__init__(parent)
        self.panel = panel
        self.canvas: QWidget | None = None
        self.overlay: AnatomyOverlay | None = None
        self._tracking = False
        self._pending: tuple[object, str] | None = None
        self._why_none = ""
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self._explain_pending)
        self._worker = LatestOnly(self)
        self._worker.finished.connect(self._prepared)
        panel.spans_hovered.connect(self._spans_hovered)

    def attach(self, canvas: QWidget | None) -> None:
        """Follow `canvas` (None: none)."""
        if canvas is self.canvas:
            return
        self.detach()
        if canvas is None or not hasattr(canvas, "anatomy_cell_at"):
            return
        self.canvas = canvas
        self.overlay = AnatomyOverlay(canvas)
        self.overlay.show()
        self._tracking = canvas.hasMouseTracking()
        canvas.setMouseTracking(True)
        canvas.installEventFilter(self)

    def detach(self) -> None:
        if self.canvas is not None:
            self.canvas.removeEventFilter(self)
            self.canvas.setMouseTracking(self._tracking)
        if self.overlay is not None:
            self.overlay.deleteLater()
        self.canvas, self.overlay = None, None

    def show_slug(self, codec: object, slug: str, why_none: str = "") -> None:
        """Explain `slug` of a game's codec: a short one at once, a long one in the
        background a moment after the last edit (its characters show meanwhile)."""
        use_game_colours(codec.NAME)  # type: ignore[attr-defined]
        self._pending = (codec, slug)
        self._why_none = why_none
        if len(slug) <= SYNC_LENGTH:
            self._timer.stop()
            self._worker.cancel()
            self._explain_pending()
        else:
            self._worker.cancel()
            self.panel.set_prepared(None, slug, "Working out what each part of this long slug holds…")
            self._timer.start()
        if self.overlay is not None:
            self.overlay.set_cells([])

    def _explain_pending(self) -> None:
        if self._pending is None:
            return
        codec, slug = self._pending
        explain = getattr(codec, "explain", None)
        if not slug:
            self._pending = None
            why = f": {self._why_none}" if self._why_none else ""
            self.panel.set_prepared(None, slug, f"This board has no slug to explain{why}")
        elif explain is None:
            self._pending = None
            self.panel.set_prepared(None, slug, "This game's slugs cannot be explained")
        elif len(slug) <= SYNC_LENGTH:
            self._pending = None
            self._show(_explain_and_prepare(explain, slug), slug)
        else:
            self._worker.submit(_explain_and_prepare, explain, slug)

    def _prepared(self, result: object) -> None:
        if self._pending is None:
            return
        _codec, slug = self._pending
        self._pending = None
        self._show(result, slug)

    def _show(self, result: object, slug: str) -> None:
        if isinstance(result, SlugError):
            self.panel.set_prepared(None, slug, f"This slug cannot be explained: {result.message}")
        elif isinstance(result, Prepared):
            self.panel.set_prepared(result, slug)
        elif isinstance(result, Exception):
            self.panel.set_prepared(None, slug, f"This slug cannot be explained: {result}")

    def shutdown(self) -> None:
        self._timer.stop()
        self._worker.shutdown()

    def _spans_hovered(self, spans: list[Span]) -> None:
        if self.overlay is not None:
            self.overlay.set_cells([cell for span in spans for cell in span.cells])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.canvas and self.canvas is not None:
            kind = event.type()
            if kind == QEvent.Type.MouseMove:
                cell = self.canvas.anatomy_cell_at(event.position())  # type: ignore[attr-defined]
                spans = self.panel.show_cell_spans(cell)
                if self.overlay is not None:
                    self.overlay.set_cells([c for s in spans for c in s.cells] if spans else [])
            elif kind == QEvent.Type.Leave:
                self.panel.show_cell_spans(None)
                if self.overlay is not None:
                    self.overlay.set_cells([])
        return False
