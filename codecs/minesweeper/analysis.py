"""Every click of a game judged as Metasweeper judges it, with ms-toollib's
`analyse_for_features`: high-risk and needless guesses, hard deductions ("jump
judgements"), winding or straight mouse paths, vision transfers, textbook flag-and-chord
runs; and for every guess, its chance of being safe, from the mine probabilities of the
board the player saw (the chance the whole game survived is their product).

The game is written as an `.evf` replay (`evf.py`) and analysed in a helper process
(`apart.Helper`): ms-toollib ends the process it runs in on some inputs rather than raising, and a
long game takes seconds of work that holds the interpreter. What comes back is tied to
the game's actions (the list of actions the replay shows) by its time and cell.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import FormatError
from ..work import NEVER, Cancel, Cancelled
from .model import NAME, Board

if TYPE_CHECKING:
    from .files import ReplayFile

# ms-toollib's analyses asked for; "survive_poss" is worked out here from the guesses
# (ms-toollib's own ends the process on some games).
FEATURES = ("high_risk_guess", "jump_judge", "needless_guess", "mouse_trace", "vision_transfer", "super_fl_local")
# Those that follow the pointer: a game from a link has no path to judge.
PATH_FEATURES = ("mouse_trace", "vision_transfer")

# The kinds of finding, by the name ms-toollib gives them: what a person reads, and the
# colour class of the row ("error", "warning", "feature", "suspect", "guess").
KINDS: dict[str, tuple[str, str]] = {
    "high_risk_guess": ("High-risk guess", "error"),
    "needless_guess": ("Needless guess: logic could have found a safe cell", "warning"),
    "hard_judgment": ("Jump judgement: a hard deduction", "feature"),
    "mouse_trace_too_curved": ("Very winding mouse path", "error"),
    "mouse_trace_curved": ("Winding mouse path", "warning"),
    "mouse_trace_straight": ("Straight mouse path", "suspect"),
    "vision_transfer": ("Vision transfer: the eyes left a safe cell nearby", "warning"),
    "fl_local": ("Textbook flag-and-chord run", "feature"),
    "guess": ("Guess", "guess"),
    "loss": ("Loss: this click hit a mine", "error"),
}
# What ms-toollib says of a click as a guess: the click that lost the game is judged as the
# loss instead, and its chance is not counted in the chance the game survived.
GUESS_KINDS = frozenset(("guess", "high_risk_guess", "needless_guess"))
TIMEOUT_S = 600.0


@dataclass(frozen=True, slots=True)
class Finding:
    """One judgement of a click: its `kind` (a key of KINDS), the class of its colour,
    the words a person reads, and ms-toollib's figure where it gives one."""

    kind: str
    severity: str
    text: str
    value: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "severity": self.severity, "text": self.text}
        if self.value:
            out["value"] = self.value
        return out


@dataclass(frozen=True, slots=True)
class Analysis:
    """The findings of each action of the game (by its index in `board.events`), the
    chance each guess was safe, and the chance the game survived its guesses."""

    findings: tuple[tuple[Finding, ...], ...] = field(repr=False)
    safe_chance: tuple[float | None, ...] = field(repr=False)
    survival: float
    lost_at: int | None = None  # the action that hit a mine, in a lost game

    def counts(self) -> dict[str, int]:
        """How many findings of each kind."""
        out: dict[str, int] = {}
        for found in self.findings:
            for f in found:
                out[f.kind] = out.get(f.kind, 0) + 1
        return out

    def action_json(self, board: Board, index: int) -> dict[str, Any]:
        e = board.events[index]
        out: dict[str, Any] = {
            "index": index,
            "t_ms": e.t * board.time_unit_ms,
            "kind": e.kind,
            "x": e.x,
            "y": e.y,
            "findings": [f.to_json() for f in self.findings[index]],
        }
        chance = self.safe_chance[index]
        if chance is not None:
            out["safe_chance"] = round(chance, 6)
        return out


def _finding(comment: str) -> Finding | None:
    parts = comment.split(":")
    if len(parts) < 2:
        return None
    severity, name = parts[0].strip(), parts[1].strip()
    value = ":".join(parts[2:]).strip()
    text, colour = KINDS.get(name, (name.replace("_", " ").capitalize(), severity))
    if name.startswith("mouse_trace_curved") or name.startswith("mouse_trace_too_curved"):
        try:
            text += f" ({float(value):.0f}% of the straight line)"
        except ValueError:
            text += " (it came back to where it began)"
    elif name == "hard_judgment" and value:
        text += " (a flag)" if value in ("right", "flag") else " (an open)"
    elif name == "fl_local" and value:
        text += f" of {value} steps"
    elif name == "high_risk_guess" and value:
        text += f" ({value} chance it was safe)"
    return Finding(name, colour, text, value)


def analyse_in_process(data: bytes, features: tuple[str, ...]) -> dict[str, Any]:
    """What the helper process answers: the findings and the guesses of the `.evf` replay
    `data`, each at its time (ms from the file's first event) and cell. Calls ms-toollib
    directly: a game it cannot take may end the calling process."""
    import ms_toollib

    video: Any = ms_toollib.EvfVideo("", list(data))
    video.parse()
    video.analyse()
    video.analyse_for_features(list(features))
    pix = float(video.pix_size) or 16.0
    found: list[list[Any]] = []
    guesses: list[list[Any]] = []
    begun = False
    for ev in video.events:
        if not ev.event.is_mouse():
            continue
        m = ev.event.unwrap_mouse()
        t_ms = round(float(ev.time) * 1000)
        cx, cy = int(m.x // pix), int(m.y // pix)
        if ev.comments:
            found.append([t_ms, cx, cy, ev.comments])
        if m.mouse == "lr" and ev.useful_level >= 2:
            if not begun:
                begun = True  # the first click: nothing seen, nothing to weigh
                continue
            poss = ev.prior_game_board.poss
            if 0 <= cy < len(poss) and 0 <= cx < len(poss[cy]):
                p = float(poss[cy][cx])
                if 0.0 < p < 1.0:
                    guesses.append([t_ms, cx, cy, 1.0 - p])
    return {"found": found, "guesses": guesses}


def _analyse_apart(data: bytes, features: tuple[str, ...], *, cancel: Cancel) -> dict[str, Any]:
    """`analyse_in_process` as the helper runs it (ms-toollib never looks at `cancel`: a
    cancel ends the helper)."""
    return analyse_in_process(data, features)


def _run_apart(data: bytes, features: tuple[str, ...], cancel: Cancel, timeout_s: float) -> dict[str, Any]:
    from ..apart import Helper, HelperTimeoutError

    # A helper of its own, ended after the game: a game ms-toollib cannot take ends it.
    helper = Helper()
    try:
        answer: dict[str, Any] = helper.call(
            _analyse_apart, (data, features), cancel=cancel, on_cancel="kill", timeout_s=timeout_s
        )
    except Cancelled:
        raise
    except HelperTimeoutError:
        raise FormatError(NAME, f"analysing the game took over {timeout_s:.0f} s") from None
    except Exception:  # noqa: BLE001 - its failure or its helper's end: the player is told the same
        raise FormatError(NAME, "ms-toollib could not analyse this game") from None
    finally:
        helper.stop()
    return answer


def analyse(
    board: Board,
    replay_file: ReplayFile | None = None,
    *,
    cancel: Cancel = NEVER,
    timeout_s: float = TIMEOUT_S,
) -> Analysis:
    """The findings of every action of `board`'s game (with `replay_file`'s mouse path
    when it came from one or was played here). Raises SlugError when the game cannot be
    written as a replay (see `evf.write_evf`) or analysed; Cancelled when cancelled."""
    from .evf import recording_of, write_evf

    rec = recording_of(board, replay_file=replay_file)
    with_path = replay_file is not None and bool(replay_file.mouse)
    features = FEATURES if with_path else tuple(f for f in FEATURES if f not in PATH_FEATURES)
    answer = _run_apart(write_evf(rec), features, cancel, timeout_s)
    # The file's clock starts at its first event: the game's own at its first action, or
    # at the first mouse event of its path.
    unit = board.time_unit_ms
    if with_path:
        start = min(ev.t_ms for ev in replay_file.mouse)  # type: ignore[union-attr]
    else:
        start = board.events[0].t * unit if board.events else 0
    times = [e.t * unit for e in board.events]
    findings: list[list[Finding]] = [[] for _ in board.events]
    chances: list[float | None] = [None] * len(board.events)

    def action_at(t_ms: float, x: int, y: int) -> int:
        i = bisect_right(times, t_ms + start + 0.5) - 1
        # Among the actions of that moment, the one on the cell clicked.
        j = i
        while j >= 0 and times[j] == times[i]:
            if (board.events[j].x, board.events[j].y) == (x, y):
                return j
            j -= 1
        return max(i, 0)

    for t_ms, x, y, comments in answer.get("found", []):
        for comment in str(comments).split(";"):
            f = _finding(comment)
            if f is not None and findings:
                findings[action_at(float(t_ms), int(x), int(y))].append(f)
    lost_at = _lost_at(board)
    survival = 1.0
    for t_ms, x, y, chance in answer.get("guesses", []):
        if not findings:
            break
        i = action_at(float(t_ms), int(x), int(y))
        chances[i] = float(chance)
        if i != lost_at:
            survival *= float(chance)
        label, colour = KINDS["guess"]
        findings[i].append(Finding("guess", colour, f"{label}: {100 * float(chance):.1f}% chance it was safe"))
    if lost_at is not None and findings:
        findings[lost_at] = _judged_loss(findings[lost_at], chances[lost_at])
    return Analysis(tuple(tuple(f) for f in findings), tuple(chances), survival, lost_at)


def _lost_at(board: Board) -> int | None:
    """The index of the action that hit a mine, when the game was lost."""
    from .replays import replay

    lost = replay(board).lost_at
    return lost - 1 if lost else None


def _judged_loss(found: list[Finding], chance: float | None) -> list[Finding]:
    """The findings of the click that lost the game: the loss, with the chance it was safe
    when it was a guess, in place of ms-toollib's guess findings (a click on a cell the
    numbers show to be a mine is no guess, and a lost game survived nothing)."""
    text, colour = KINDS["loss"]
    kinds = {f.kind: f for f in found}
    if chance is not None:
        text += f": a guess with a {100 * chance:.1f}% chance of being safe"
    elif "high_risk_guess" in kinds and kinds["high_risk_guess"].value in ("0", "0.0"):
        text += ": the numbers showed it to be one"
    if "needless_guess" in kinds:
        text += "; logic could have found a safe cell"
    return [Finding("loss", colour, text), *(f for f in found if f.kind not in GUESS_KINDS)]
