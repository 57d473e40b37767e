"""One time everywhere: a game's time is counted from its first action to its last (as
Metasweeper counts it, and as the slug keeps it), shown to the precision the game was
kept in. The older programs count otherwise: Minesweeper Arbiter and Minesweeper Clone
start their clocks at 1 s on the first press, as Windows Minesweeper did, so the time a
player reads in their file's name is that one; `official_time_s` gives it for a file."""

from __future__ import annotations

from typing import Any

from .model import Board

# A replay file (`files.ReplayFile`, which uses this module: named here by what it offers).
ReplayFile = Any

CONVENTION = "counted from the first action to the last, as Metasweeper counts"
# The programs whose own clock starts at 1 s on the first press.
COUNTS_FROM_ONE = ("Minesweeper Arbiter", "Minesweeper Clone")
_PRESSES = ("lc", "rc", "mc", "cc")


def start_ms(board: Board) -> int:
    """When the game's clock starts, in ms on the replay's own clock (its first action)."""
    return board.events[0].t * board.time_unit_ms if board.events else 0


def end_ms(board: Board) -> int:
    """When the replay ends, in ms on its own clock (its last action): a Replay's
    `duration_ms`, known without playing the game."""
    return board.events.t[-1] * board.time_unit_ms if board.events else 0


def decimals(board: Board) -> int:
    """Digits after the point a time of this game is shown with: milliseconds for a game
    kept to the millisecond (a replay file's), else hundredths."""
    return 3 if board.time_unit_ms < 10 else 2


def seconds_text(ms: float, board: Board) -> str:
    """A time of the game in seconds, e.g. "1184.575" or "2.90"."""
    return f"{max(0.0, ms) / 1000:.{decimals(board)}f}"


def official_time_s(replay_file: ReplayFile) -> float | None:
    """The time the file's own program showed, where it counts otherwise than Slugboard:
    from 1 s at the first press to the last event (Arbiter, Clone); None for the others,
    whose time is Slugboard's."""
    if replay_file.program not in COUNTS_FROM_ONE or not replay_file.mouse:
        return None
    first = float(next((m.t_ms for m in replay_file.mouse if m.kind in _PRESSES), replay_file.mouse[0].t_ms))
    last = float(replay_file.mouse[-1].t_ms)
    return round((last - first) / 1000 + 1, 3)


def official_note(replay_file: ReplayFile) -> str:
    """A sentence for the panel when the file's program showed another time, else ""."""
    official = official_time_s(replay_file)
    if official is None:
        return ""
    return (
        f" {replay_file.program} showed {official:.2f} s: its clock starts at 1 s on the first press. "
        f"Slugboard's {replay_file.time_s:.3f} s is {CONVENTION}."
    )
