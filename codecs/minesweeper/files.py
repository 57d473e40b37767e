"""Replay files the community exchanges, read into Slugboard games with ms-toollib.

`.avf` (Minesweeper Arbiter), `.rmv` (Viennasweeper), `.evf` (Metasweeper) and `.mvf`
(Minesweeper Clone) record every mouse event in pixels. A Slugboard game holds the field
and the actions that changed the board: opens, flags and unflags at cells with their
times. Rather than re-deriving each program's rules for presses, releases and chords, the
reader takes ms-toollib's own board after every button event and records what changed:
a flag that appeared or went, and the cells a release opened. A cell opened under the
pointer is one open; the cells a chord opened become one open per neighbour, skipping the
ones an earlier open of the same chord already uncovered. The opens replay to the same
board because Slugboard's replay uncovers the same openings.

ms-toollib reads Minesweeper Clone's files of version 0.97 only (it fails on the others):
those of 0.96 and earlier, 2006 and 2007 are read by `mvf.py`, and their game worked out
from the buttons by `mouse_game.py`, in this process (pure Python, bounded by the file).

What a slug cannot hold (the mouse path, the player, the software, the file's own
figures) comes back beside the board in `ReplayFile`.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any

from ..apart import Helper, HelperLostError, HelperTimeoutError, NoHelperError
from ..caches import Memo, MemoKey
from ..errors import FormatError, SlugError
from ..files import read_bytes_limited
from ..game import FileRecord
from ..work import NEVER, Cancel, Cancelled
from .clicks import ClickTimeline, MousePath
from .model import NAME, Board, _trusted_board
from .mvf import is_clone_097
from .play import record
from .slug import from_json, to_json

EXTENSIONS = (".avf", ".rmv", ".evf", ".mvf")
PROGRAMS = {
    ".avf": "Minesweeper Arbiter",
    ".rmv": "Viennasweeper",
    ".evf": "Metasweeper",
    ".mvf": "Minesweeper Clone",
}
# The largest replay file read: the biggest real recordings are a few megabytes.
MAX_FILE_BYTES = 64 * 1024 * 1024
_CLOSED, _FLAGGED = 10, 11
# The figures ms-toollib gives for a whole game, under Slugboard's names.
_FIGURES = {
    "3bv": "bbbv",
    "3bv_solved": "bbbv_solved",
    "3bv_per_s": "bbbv_s",
    "zini": "zini",
    "hzini": "hzini",
    "openings": "op",
    "islands": "isl",
    "left": "left",
    "right": "right",
    "double": "double",
    "clicks": "cl",
    "effective_clicks": "ce",
    "ioe": "ioe",
    "correctness": "corr",
    "throughput": "thrp",
    "rqp": "rqp",
    "stnb": "stnb",
    "path": "path",
    "flags": "flag",
}


@dataclass(frozen=True, slots=True)
class MouseEvent:
    """One mouse event of the file: `t_ms` from the start of the game, the pointer in cells
    (fractions within a cell), `kind` as the file names it (`mv` a move, `lc`/`lr` left
    press/release, `rc`/`rr` right, `mc`/`mr` middle)."""

    t_ms: float
    kind: str
    x: float
    y: float


# The mouse paths of the replay files last drawn: a replay asks at every frame.
PATHS: Memo[ReplayFile, MousePath] = Memo("minesweeper mouse paths", 8)


@dataclass(frozen=True, slots=True)
class ReplayFile(MemoKey):
    """A replay file read: the game, and what its slug cannot hold."""

    board: Board
    program: str
    software: str
    player: str
    mouse: tuple[MouseEvent, ...] = field(repr=False)
    figures: dict[str, Any] = field(repr=False)
    time_s: float = 0.0
    won: bool = False
    # What an .evf written from this file keeps: the cell size its pixels count in, the
    # player's country and when the game was played (microseconds since 1970, 0 unknown).
    pix_size: int = 16
    country: str = ""
    start_us: int = 0
    end_us: int = 0
    # A game played in this window, its path recorded as it was played.
    played_here: bool = False

    def mouse_path(self) -> MousePath:
        """The mouse events ready for drawing, made once per file (while it is one of the
        last few asked about). Its click marks are the clicks the figures count (a right
        press that begins a chord is none), which takes the field to know."""
        return PATHS.setdefault(self, lambda: MousePath(self.mouse, ClickTimeline(self.board, self.mouse).clicks))

    def lost_in_slug(self) -> str:
        """A sentence for the panel: what the link of this game leaves out."""
        if self.played_here:
            return (
                "Played here. The link keeps the field, the clicks and the flags; the mouse path "
                f"({len(self.mouse)} moves and presses) stays only while this game is open: "
                "File > Save replay as keeps it in an .evf replay."
            )
        from .times import official_note

        who = f" by {self.player}" if self.player else ""
        return (
            f"Read from a {self.program} replay{who}. The link keeps the field, the clicks and the flags; "
            f"the mouse path ({len(self.mouse)} moves and presses), the player and the software "
            "stay only while this game is open." + official_note(self)
        )


def _fail(message: str) -> FormatError:
    return FormatError(NAME, message)


def _text(value: Any) -> str:
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace").strip("\0 ")
    if isinstance(value, list):
        try:
            return bytes(value).decode("utf-8", "replace").strip("\0 ")
        except (TypeError, ValueError):
            return ""
    return str(value).strip() if value is not None else ""


def _video(data: bytes, suffix: str) -> Any:
    try:
        import ms_toollib
    except ImportError as exc:  # pragma: no cover - a dependency, present where installed
        raise _fail("reading replay files needs the ms-toollib package") from exc
    cls: Any = {
        ".avf": ms_toollib.AvfVideo,
        ".rmv": ms_toollib.RmvVideo,
        ".evf": ms_toollib.EvfVideo,
        ".mvf": ms_toollib.MvfVideo,
    }[suffix]
    try:
        # The bytes as they are: ms-toollib takes any sequence of bytes, and a list of
        # them is 8 bytes of pointer each (618 MB in the child for a 60 MB file).
        video = cls("", data)
        video.parse()
        video.analyse()
    except BaseException as exc:  # a Rust panic arrives as a BaseException
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        raise _fail(f"ms-toollib could not read it: {exc}") from None
    return video


def read_replay(data: bytes, name: str, timeout_s: float = 120.0, *, cancel: Cancel = NEVER) -> ReplayFile:
    """The game in the replay file `name` (its extension says the format) with bytes `data`.

    ms-toollib ends the whole process on some damaged files rather than raising, so the
    file is read in a helper process (`apart.Helper`); what comes back is checked like any
    board JSON. A Minesweeper Clone file of a version ms-toollib cannot read is read here
    (`read_clone`). Raises FormatError for an unknown extension, a damaged file or one
    whose field or events do not make a game; Cancelled when cancelled."""
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in EXTENSIONS:
        raise _fail(f"not a replay file: Slugboard reads {', '.join(EXTENSIONS)}")
    if len(data) > MAX_FILE_BYTES:
        raise _fail(f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    if not data:
        raise _fail("the file is empty")
    if suffix == ".mvf" and not is_clone_097(data):
        return read_clone(data, cancel)
    damaged = f"this {PROGRAMS[suffix]} replay is damaged or is not a replay"
    # A helper of its own, ended after the file: what ms-toollib leaves behind (memory, a
    # crash.log in the helper's own folder) goes with it.
    helper = Helper()
    try:
        obj = helper.call(_read_apart, (data, suffix), cancel=cancel, on_cancel="kill", timeout_s=timeout_s)
    except Cancelled:
        raise
    except HelperTimeoutError:
        raise _fail(f"{damaged} (reading it took over {timeout_s:.0f} s)") from None
    except NoHelperError as exc:
        raise _fail(f"cannot start the replay reader: {exc}") from None
    except HelperLostError:
        raise _fail(damaged) from None
    except SlugError as exc:
        raise _fail(f"{damaged} ({exc.message})") from None
    finally:
        helper.stop()
    try:
        board = from_json(obj["board"])
        mouse = tuple(MouseEvent(float(t), str(k), float(x), float(y)) for t, k, x, y in obj["mouse"])
        return ReplayFile(
            board=board,
            program=PROGRAMS[suffix],
            software=str(obj["software"]),
            player=str(obj["player"]),
            mouse=mouse,
            figures=dict(obj["figures"]),
            time_s=float(obj["time_s"]),
            won=bool(obj["won"]),
            pix_size=int(obj.get("pix_size", 16)),
            country=str(obj.get("country", "")),
            start_us=int(obj.get("start_us", 0)),
            end_us=int(obj.get("end_us", 0)),
        )
    except SlugError:
        raise _fail(damaged) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise _fail(f"{damaged} ({exc})") from None


def _read_apart(data: bytes, suffix: str, *, cancel: Cancel) -> dict[str, Any]:
    """`read_in_process` as the helper runs it (ms-toollib never looks at `cancel`: a
    cancel ends the helper)."""
    return read_in_process(data, suffix)


def read_in_process(data: bytes, suffix: str) -> dict[str, Any]:
    """What the helper process answers: the game and the file's extras as JSON values.
    Calls ms-toollib directly, so a damaged file may end the calling process."""
    video = _video(data, suffix)
    try:
        return _game(video)
    except (ValueError, TypeError, AttributeError, IndexError) as exc:
        raise _fail(f"the field or the events do not make a game ({exc})") from None


def read_clone(data: bytes, cancel: Cancel = NEVER) -> ReplayFile:
    """A Minesweeper Clone replay of any version, read without ms-toollib (`mvf.py`), its
    game played from the buttons (`mouse_game.py`). The time is Slugboard's (first action
    to last); the figures keep Clone's own where the file has them (`clone_time_s`, and
    for 0.97 the 3BV and clicks Clone counted)."""
    from .mouse_game import game_of_mouse
    from .mvf import CELL_PIXELS, mouse_events, read_mvf

    clone = read_mvf(data, cancel)
    events = mouse_events(clone)
    start = events[0][0]
    mouse: list[MouseEvent] = []
    t_ms = 0.0
    for i, (t, kind, x, y) in enumerate(events):
        if not i % 65536:
            cancel.check()
        # A damaged file's clock may go back: the path keeps time in order, as replays need.
        t_ms = max(t_ms, float(t - start))
        mouse.append(MouseEvent(t_ms, kind, x / CELL_PIXELS, y / CELL_PIXELS))
    try:
        board, won = game_of_mouse(
            clone.width,
            clone.height,
            clone.mines,
            ((m.t_ms, m.kind, m.x, m.y) for m in mouse),
            question_marks=clone.question_marks,
            cancel=cancel,
        )
    except ValueError as exc:
        raise _fail(f"this Minesweeper Clone replay does not make a game ({exc})") from None
    time_s = (board.events.t[-1] - board.events.t[0]) / 1000 if board.events else 0.0
    figures: dict[str, Any] = {"time_s": time_s, **clone.declared}
    if clone.clone_time_ms is not None:
        figures["clone_time_s"] = clone.clone_time_ms / 1000
    return ReplayFile(
        board=board,
        program=PROGRAMS[".mvf"],
        software=f"Minesweeper Clone {clone.version}",
        player=clone.player,
        mouse=tuple(mouse),
        figures=figures,
        time_s=time_s,
        won=won,
        pix_size=CELL_PIXELS,
        start_us=clone.start_us,
        end_us=clone.start_us + round(time_s * 1_000_000) if clone.start_us else 0,
    )


def read_replay_file(path: str, cancel: Cancel = NEVER) -> ReplayFile:
    """`read_replay` on a file on disk: a regular file (not a pipe or a device, whatever its
    name says), read no further than the size limit."""
    data = read_bytes_limited(path, MAX_FILE_BYTES, NAME)
    return read_replay(data, path, cancel=cancel)


def _game(video: Any) -> dict[str, Any]:
    height, width = int(video.row), int(video.column)
    rows = video.board
    if len(rows) != height or any(len(r) != width for r in rows):
        raise ValueError("the field's size does not match its rows")
    mines = tuple((x, y) for y in range(height) for x in range(width) if rows[y][x] < 0)
    numbers = [[int(v) for v in r] for r in rows]
    board = _trusted_board(width, height, mines, (), 2, 1)
    _ = Board(width, height, mines, (), 2, 1)  # the field's own checks
    pix = float(video.pix_size) or 16.0
    mouse: list[MouseEvent] = []
    prev = [[_CLOSED] * width for _ in range(height)]
    start_s: float | None = None
    for ev in video.events:
        event = ev.event
        if not event.is_mouse():
            continue
        m = event.unwrap_mouse()
        t_s = float(ev.time)
        if start_s is None:
            start_s = t_s
        mouse.append(MouseEvent(round((t_s - start_s) * 1000, 3), str(m.mouse), m.x / pix, m.y / pix))
        if m.mouse == "mv":
            continue
        now = ev.next_game_board.game_board
        if now == prev:
            continue
        # To the microsecond first: 8.12 s less 0 is 8119.999... ms in floats, which the
        # game would keep as 8119.
        t_ms = round((t_s - start_s) * 1000, 3)
        cx, cy = int(m.x // pix), int(m.y // pix)
        opened: set[tuple[int, int]] = set()
        for y in range(height):
            p_row, n_row = prev[y], now[y]
            if p_row == n_row:
                continue
            for x in range(width):
                before, after = p_row[x], n_row[x]
                if before == after:
                    continue
                if before == _CLOSED and after == _FLAGGED:
                    board = record(board, "flag", x, y, t_ms)
                elif before == _FLAGGED and after == _CLOSED:
                    board = record(board, "unflag", x, y, t_ms)
                elif before in (_CLOSED, _FLAGGED) and after not in (_CLOSED, _FLAGGED, 12):
                    opened.add((x, y))
        if opened:
            order = [(cx, cy)] if (cx, cy) in opened else []
            order += [
                (cx + dx, cy + dy)
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
                if (dx or dy) and (cx + dx, cy + dy) in opened
            ]
            order += sorted(opened - set(order), key=lambda c: (c[1], c[0]))
            for x, y in order:
                if (x, y) in opened:
                    board = record(board, "open", x, y, t_ms)
                    opened -= _uncovered(numbers, x, y, width, height)
        prev = [list(r) for r in now]
    return {
        "board": to_json(board),
        "mouse": [[m.t_ms, m.kind, round(m.x, 4), round(m.y, 4)] for m in mouse],
        "software": _text(getattr(video, "software", "")),
        "player": _text(getattr(video, "player_identifier", "")),
        "figures": _figures(video),
        "time_s": float(video.rtime),
        "won": bool(video.is_completed),
        "pix_size": int(pix),
        "country": _text(getattr(video, "country", "")),
        "start_us": _microseconds(getattr(video, "start_time", 0)),
        "end_us": _microseconds(getattr(video, "end_time", 0)),
    }


def _microseconds(value: Any) -> int:
    try:
        return max(0, min(int(value), 2**63 - 1))
    except (TypeError, ValueError):
        return 0


def _uncovered(numbers: list[list[int]], x: int, y: int, width: int, height: int) -> set[tuple[int, int]]:
    """The cells an open of (x, y) uncovers on a closed field: the cell, and when it is a
    zero, its whole opening with the numbers around it."""
    if numbers[y][x] != 0:
        return {(x, y)}
    seen = {(x, y)}
    stack = [(x, y)]
    while stack:
        a, b = stack.pop()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                c = (a + dx, b + dy)
                if 0 <= c[0] < width and 0 <= c[1] < height and c not in seen:
                    seen.add(c)
                    if numbers[c[1]][c[0]] == 0:
                        stack.append(c)
    return seen


def _figures(video: Any) -> dict[str, Any]:
    """ms-toollib's figures for the whole game (the video played to its end)."""
    video.current_time = float(video.rtime) + 1.0
    out: dict[str, Any] = {"time_s": float(video.rtime)}
    for ours, theirs in _FIGURES.items():
        try:
            value = getattr(video, theirs)
        except BaseException as exc:
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            continue
        if isinstance(value, float) and not math.isfinite(value):
            value = None  # JSON has no infinity (RQP of a game with nothing solved)
        out[ours] = value
    return out


def read_records(path: str, cancel: Cancel = NEVER) -> list[FileRecord]:
    """The game a replay file holds, as the game's declared file reader (FILE_TYPES): the
    board, and the replay file itself for the page (its mouse path and player)."""
    cancel.check()
    replay_file = read_replay_file(path, cancel)
    return [FileRecord(replay_file.board, payload=replay_file)]
