"""Analysis by a xiangqi engine that speaks UCI: Fairy-Stockfish (`fairy-stockfish`, with
`UCI_Variant xiangqi`) or Pikafish, run as a child process; an engine silent after `uci` is
asked in UCCI (one line, scores as bare centipawns).

The engine's squares are translated at the door: Fairy-Stockfish counts ranks 1-10 from
Red's side, Pikafish (and ICCS, and this package) 0-9. Which one is talking is a fact the
engine states itself: an engine that offers the `UCI_Variant` option counts from 1. Every
move an engine proposes is checked with `legal_moves` before it is passed on, and scores
are turned from the side to move's into Red's.

An engine that ends or stops answering raises `EngineError` with a message for a person;
nothing here waits without a time limit. Engines still running when the interpreter ends
are told to quit, then ended.

An engine is often a script that starts the real program without `exec` (a wrapper keeps
the pipes open in its child): each engine runs in a process group of its own, and ending
it ends the whole group. Only the thread that reads the engine's output ever touches that
pipe, so no one waits on a pipe another process may hold. What the engine says is held in
a bounded queue (an engine that floods its output costs no more memory than that), and a
line longer than any UCI line is dropped unread.
"""

from __future__ import annotations

import atexit
import collections
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..errors import SlugError
from .fen import from_fen
from .model import FILES, NAME, Board, to_fen
from .moves import Move, iccs, legal_moves, play

# Looked for on PATH, then in the folders Debian and Homebrew install games into.
ENGINE_NAMES = ("pikafish", "fairy-stockfish")
EXTRA_FOLDERS = ("/usr/games", "/usr/local/games", "/opt/homebrew/bin", "/usr/local/bin")
HOW_TO_GET = (
    "no xiangqi engine found: install Fairy-Stockfish (Debian and Ubuntu: sudo apt install fairy-stockfish) "
    "or download Pikafish (pikafish.org) and choose its program"
)
MAX_MULTIPV = 5
MAX_DEPTH = 60
MAX_MOVETIME_MS = 600_000
# How long a starting engine may take to say uciok / readyok.
START_TIMEOUT = 10.0
# How long a search may run past what was asked before the engine counts as stuck.
GRACE = 5.0
# A search limited by depth alone has this long in all.
DEPTH_TIMEOUT = 120.0
# How long a starting engine may stay silent after `uci` before it is asked in UCCI.
UCI_WAIT = 3.0
# How long an engine told to quit may take before it is ended, and how long an engine
# sent SIGTERM may take before it is killed.
QUIT_WAIT = 0.5
TERM_WAIT = 0.5
# A line longer than this is not UCI (Fairy-Stockfish's longest, its list of variants, is
# about 1,000 bytes); it is dropped.
LINE_LIMIT = 65_536
# Lines other than a search's `info` held at most before the reader waits for them to be
# taken (the engine then waits to write): with LINE_LIMIT, 16 MB at most.
QUEUE_LIMIT = 256


class EngineError(SlugError):
    """The engine could not be found, started, or did not answer as UCI asks."""

    def __init__(self, message: str) -> None:
        super().__init__(NAME, message)


def find_engine(path: str | None = None) -> str:
    """The engine program to run: `path` when given (it must exist), else the first of
    ENGINE_NAMES on PATH or in EXTRA_FOLDERS; raises EngineError saying how to get one."""
    if path:
        found = shutil.which(path) or (path if os.path.isfile(path) else None)
        if not found:
            raise EngineError(f"no engine program at {path}")
        if not os.access(found, os.X_OK):
            raise EngineError(f"{path} is not a program this system can run")
        return found
    for name in ENGINE_NAMES:
        found = shutil.which(name)
        if found:
            return found
    for folder in EXTRA_FOLDERS:
        for name in ENGINE_NAMES:
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
    raise EngineError(HOW_TO_GET)


# --- squares and moves ----------------------------------------------------------------

_FROM_ONE = re.compile(r"([a-i])(10|[1-9])([a-i])(10|[1-9])")
_FROM_ZERO = re.compile(r"([a-i])([0-9])([a-i])([0-9])")


def engine_move(move: Move, ranks_from_one: bool) -> str:
    """A move as the engine writes it."""
    if not ranks_from_one:
        return iccs(move)
    return "".join(f"{FILES[sq % 9]}{10 - sq // 9}" for sq in move)


def parse_engine_move(text: str, ranks_from_one: bool) -> Move | None:
    """A move the engine wrote, in this package's squares; None when it is not one."""
    match = (_FROM_ONE if ranks_from_one else _FROM_ZERO).fullmatch(text)
    if not match:
        return None
    shift = 1 if ranks_from_one else 0
    f0, r0, f1, r1 = match.groups()
    return (
        (9 - (int(r0) - shift)) * 9 + FILES.index(f0),
        (9 - (int(r1) - shift)) * 9 + FILES.index(f1),
    )


def engine_fen(board: Board) -> str:
    """The position as UCI engines read it (counters that say nothing of the past)."""
    return to_fen(board) + " - - 0 1"


# --- the engine -----------------------------------------------------------------------

_open_engines: weakref.WeakSet[Engine] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for engine in list(_open_engines):
        engine.close()


class Engine:
    """One engine process, started at once and spoken to over its standard streams. A
    thread reads its output into a queue, so every wait has a time limit."""

    def __init__(self, path: str | None = None, *, start_timeout: float = START_TIMEOUT) -> None:
        self.path = find_engine(path)
        self.name = os.path.basename(self.path)
        self.ranks_from_one = False
        self.protocol = "uci"  # or "ucci"
        self.options: tuple[str, ...] = ()  # the `option ...` lines it sent when it started
        self._lines = _Output()
        self._write_lock = threading.Lock()
        self._searching = False
        self.grace = GRACE
        try:
            self._process = subprocess.Popen(
                [self.path],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                # A group of its own, so that ending it ends what a wrapper script started.
                start_new_session=sys.platform != "win32",
            )
        except OSError as exc:
            raise EngineError(f"the engine {self.name} could not be started ({exc.strerror or exc})") from None
        _open_engines.add(self)
        self._reader = threading.Thread(target=self._read, name="xiangqi engine output", daemon=True)
        self._reader.start()
        try:
            self._start(start_timeout)
        except EngineError:
            self.close()
            raise

    def _read(self) -> None:
        """Hand the engine's lines to `_lines` until its output ends. The only code that
        reads or closes the pipe: a process outside the engine's group that holds it open
        keeps this thread waiting, and nothing else."""
        stdout = self._process.stdout
        assert stdout is not None
        fd = stdout.fileno()
        pending = b""
        skipping = False  # the rest of a line over LINE_LIMIT is still to come
        try:
            while True:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                *lines, pending = (pending + chunk).split(b"\n")
                for raw in lines:
                    if skipping:
                        skipping = False
                    elif len(raw) <= LINE_LIMIT:
                        self._lines.put(raw.decode("utf-8", errors="replace").strip())
                if len(pending) > LINE_LIMIT:
                    pending, skipping = b"", True
        except OSError:
            pass
        finally:
            self._lines.end()
            try:
                stdout.close()
            except OSError:
                pass

    def _start(self, timeout: float) -> None:
        self.send("uci")
        lines = self._collect("uciok", min(timeout, UCI_WAIT))
        if lines is None:
            # No answer to `uci`: an engine that speaks only UCCI (ElephantEye and its kin).
            self.send("ucci")
            lines = self._collect("ucciok", timeout)
            if lines is None:
                self.close()
                raise EngineError(
                    f"the engine {self.name} stopped answering (no reply within {timeout:g} s when asked to start)"
                )
            self.protocol = "ucci"
        options: list[str] = []
        for line in lines:
            if line.startswith("option "):
                options.append(line)
            elif line.startswith("id name "):
                self.name = line[len("id name ") :].strip()[:80] or self.name
        self.options = tuple(options)  # what it can be set to (its strength: see strength.py)
        if any(o.startswith("option name UCI_Variant ") for o in options):
            if not any("var xiangqi" in o for o in options):
                raise EngineError(f"the engine {self.name} does not play xiangqi")
            self.send("setoption name UCI_Variant value xiangqi")
            self.ranks_from_one = True
        self.ready(timeout)

    def _collect(self, word: str, timeout: float) -> list[str] | None:
        """The engine's lines up to one starting with `word`; None when none comes in time."""
        deadline = time.monotonic() + timeout
        lines: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None
            if line is None:
                raise self._ended_error()
            if line.split(" ", 1)[0] == word:
                return lines
            if len(lines) < 1000:
                lines.append(line)

    def send(self, command: str) -> None:
        stdin = self._process.stdin
        with self._write_lock:
            try:
                assert stdin is not None
                stdin.write(command.encode("utf-8") + b"\n")
                stdin.flush()
            except (OSError, ValueError, AssertionError):
                raise EngineError(self._ended_message()) from None

    def ready(self, timeout: float = START_TIMEOUT) -> None:
        self.send("isready")
        for _line in self._until("readyok", timeout, "get ready"):
            pass

    def _ended_error(self) -> EngineError:
        """The error for an engine whose output has ended (its exit status, once it has one)."""
        try:
            self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            pass  # it closed its output and runs on
        return EngineError(self._ended_message())

    def _ended_message(self) -> str:
        status = self._process.poll()
        if status is None:
            return f"the engine {self.name} stopped reading what it is sent"
        return f"the engine {self.name} ended unexpectedly (exit status {status})"

    def _until(self, word: str, timeout: float, doing: str) -> Iterator[str]:
        """The engine's lines up to the one starting with `word` (not included)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(0.0, left))
            except queue.Empty:
                self.close()
                raise EngineError(
                    f"the engine {self.name} stopped answering (no reply within {timeout:g} s when asked to {doing})"
                ) from None
            if line is None:
                raise self._ended_error()
            if line.split(" ", 1)[0] == word:
                return
            yield line

    @property
    def alive(self) -> bool:
        return self._process.poll() is None

    def set_multipv(self, multipv: int) -> None:
        if self.protocol == "uci":  # UCCI has one line only
            self.send(f"setoption name MultiPV value {multipv}")

    def search(
        self,
        board: Board,
        *,
        depth: int | None = None,
        movetime: int | None = None,
        multipv: int = 1,
        timeout: float | None = None,
        stopped: Callable[[], bool] | None = None,
    ) -> Iterator[Analysis]:
        """Search `board` and yield what the engine thinks each time it says more; the last
        one yielded is its final word. With neither depth nor movetime the search runs
        until `stopped()` answers True (asked after every line)."""
        check_position(board)
        multipv = max(1, min(MAX_MULTIPV, multipv))
        self.set_multipv(multipv)
        self.ready()
        self.send("position fen " + engine_fen(board))
        if depth is not None:
            limit = f"depth {max(1, min(MAX_DEPTH, depth))}"
            budget = DEPTH_TIMEOUT if timeout is None else timeout
        elif movetime is not None:
            movetime = max(1, min(MAX_MOVETIME_MS, movetime))
            limit = f"movetime {movetime}"
            budget = movetime / 1000 + self.grace if timeout is None else timeout
        else:
            limit = "infinite" if self.protocol == "uci" else f"depth {MAX_DEPTH}"
            budget = float("inf") if timeout is None else timeout
        if movetime is not None and depth is None and self.protocol == "ucci":
            limit = f"time {movetime} movestogo 1"
        self.send("go " + limit)
        self._searching = True
        deadline = time.monotonic() + budget
        latest: dict[int, dict[str, Any]] = {}
        stop_sent = False
        while True:
            try:
                line = self._lines.get(timeout=min(0.1, max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                line = ""
            if line is None:
                self._searching = False
                raise self._ended_error()
            if line.startswith(("bestmove", "nobestmove")):
                self._searching = False
                yield Analysis(board, latest, final=True)
                return
            if line.startswith("info ") and _record_info(line, board, self.ranks_from_one, latest):
                yield Analysis(board, latest)
            if not stop_sent and stopped is not None and stopped():
                self.send("stop")
                stop_sent = True
                deadline = min(deadline, time.monotonic() + self.grace)
            if time.monotonic() >= deadline:
                if not stop_sent:
                    self.send("stop")
                    stop_sent = True
                    deadline = time.monotonic() + self.grace
                    continue
                self.close()
                raise EngineError(f"the engine {self.name} stopped answering during a search")

    def stop(self) -> None:
        """Ask a running search to end now (it still gives its final word)."""
        if self._searching:
            self.send("stop")

    def analyse(
        self,
        board: Board,
        *,
        depth: int | None = None,
        movetime: int | None = None,
        multipv: int = 1,
        timeout: float | None = None,
    ) -> Analysis:
        """The engine's final word on `board` after a search to `depth` or for `movetime` ms."""
        if depth is None and movetime is None:
            depth = 12
        final = None
        for snapshot in self.search(board, depth=depth, movetime=movetime, multipv=multipv, timeout=timeout):
            final = snapshot
        assert final is not None  # a search yields at least its final word
        return final

    def close(self) -> None:
        """Tell the engine to quit; end its whole process group when it has not within
        QUIT_WAIT seconds (SIGTERM, then SIGKILL after TERM_WAIT). Returns within about
        a second whatever the engine does."""
        _open_engines.discard(self)
        process = self._process
        if process.poll() is None:
            stdin = process.stdin
            # A writer stuck on a full pipe (an engine that reads nothing) keeps the lock.
            if stdin is not None and self._write_lock.acquire(timeout=QUIT_WAIT):
                try:
                    stdin.write(b"quit\n")
                    stdin.close()  # an engine reading to the end of its input ends too
                except (OSError, ValueError):
                    pass
                finally:
                    self._write_lock.release()
            try:
                process.wait(timeout=QUIT_WAIT)
            except subprocess.TimeoutExpired:
                pass
        self._end_group()
        self._lines.close()

    def _end_group(self) -> None:
        """End the engine and whatever it started in its group (a wrapper's engine)."""
        process = self._process
        if sys.platform == "win32":
            if process.poll() is None:
                process.kill()
        else:
            for sent, wait in ((signal.SIGTERM, TERM_WAIT), (signal.SIGKILL, 1.0)):
                try:
                    os.killpg(process.pid, sent)
                except (ProcessLookupError, PermissionError):
                    break  # the group is gone
                try:
                    process.wait(timeout=wait)
                except subprocess.TimeoutExpired:
                    continue
                if not _group_alive(process.pid):
                    break
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass  # unkillable for now (a process in the kernel): nothing more to do
        if process.stdin is not None:
            try:
                process.stdin.close()
            except (OSError, ValueError):
                pass

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _group_alive(group: int) -> bool:
    """Whether any process of the process group `group` is still there."""
    try:
        os.killpg(group, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def _info_key(line: str) -> int | None:
    """The MultiPV line an `info` line with a variation is about, or None for an `info`
    line a search does not read (no variation or score, or a line number out of range)."""
    words = line.split()
    if "pv" not in words or "score" not in words:
        return None
    if "multipv" not in words:
        return 1
    at = words.index("multipv") + 1
    if at >= len(words) or not words[at].isdigit() or len(words[at]) > 2:
        return None
    number = int(words[at])
    return number if 1 <= number <= MAX_MULTIPV else None


class _Output:
    """The engine's lines, from the thread that reads them to the one that asks, held in
    bounded room: an `info` line replaces the one of the same MultiPV line still waiting
    (when nothing but `info` came after it), an `info` line a search does not read is
    dropped, and other lines wait for room (QUEUE_LIMIT), so the engine waits to write."""

    def __init__(self, limit: int = QUEUE_LIMIT) -> None:
        self.limit = limit
        self._lines: collections.deque[str] = collections.deque()
        self._changed = threading.Condition()
        self._ended = False  # the engine's output has ended
        self._closed = False  # no one will ask again: lines are dropped

    def __len__(self) -> int:
        return len(self._lines)

    def put(self, line: str) -> None:
        with self._changed:
            if line.startswith("info "):
                key = _info_key(line)
                if key is None:
                    return
                lines = self._lines
                for at in range(len(lines) - 1, -1, -1):  # the info lines at the end: one per key
                    if not lines[at].startswith("info "):
                        break
                    if _info_key(lines[at]) == key:
                        lines[at] = line
                        return
            while len(self._lines) >= self.limit and not self._closed:
                self._changed.wait()
            if not self._closed:
                self._lines.append(line)
                self._changed.notify_all()

    def get(self, timeout: float) -> str | None:
        """The next line, or None once the output has ended and every line is taken;
        raises queue.Empty when none comes within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not self._lines:
                left = deadline - time.monotonic()
                if self._ended:
                    return None
                if left <= 0:
                    raise queue.Empty
                self._changed.wait(left)
            line = self._lines.popleft()
            self._changed.notify_all()
            return line

    def end(self) -> None:
        with self._changed:
            self._ended = True
            self._changed.notify_all()

    def close(self) -> None:
        """No one asks any more: what waits is dropped, and an asker hears the end."""
        with self._changed:
            self._closed = self._ended = True
            self._lines.clear()
            self._changed.notify_all()


def check_position(board: Board) -> None:
    """Refuse a position no game can be played from: an engine may crash on it."""
    from .rules import play_problems

    problems = play_problems(board)
    if problems:
        raise EngineError(f"an engine can only analyse a position that can be played ({problems[0].message})")


# --- what the engine said -------------------------------------------------------------


def _record_info(line: str, board: Board, ranks_from_one: bool, latest: dict[int, dict[str, Any]]) -> bool:
    """Read one `info` line into `latest` (by its multipv number); True when it held a line."""
    words = line.split()
    if "pv" not in words or "score" not in words:
        return False
    at = words.index("score")
    if at + 1 < len(words) and words[at + 1].lstrip("-").isdigit():
        words = words[: at + 1] + ["cp"] + words[at + 1 :]  # UCCI: "score 34", centipawns
    if at + 2 >= len(words) or words[at + 1] not in ("cp", "mate"):
        return False
    if at + 3 < len(words) and words[at + 3] in ("lowerbound", "upperbound"):
        return False  # a bound while the search is unsure, not a value
    try:
        value = int(words[at + 2])
        depth = int(words[words.index("depth") + 1]) if "depth" in words else 0
        number = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
    except (ValueError, IndexError):
        return False
    if not 1 <= number <= MAX_MULTIPV:
        return False
    pv = _legal_line(board, words[words.index("pv") + 1 :], ranks_from_one)
    if not pv:
        return False
    # UCI scores are the side to move's; ours are Red's.
    sign = 1 if board.red_to_move else -1
    latest[number] = {
        "move": iccs(pv[0]),
        "score": {words[at + 1]: sign * value},
        "pv": [iccs(m) for m in pv],
        "depth": depth,
        "moves": pv,
    }
    return True


def _legal_line(board: Board, words: Sequence[str], ranks_from_one: bool) -> list[Move]:
    """The moves of a principal variation up to the first that is not legal here."""
    pv: list[Move] = []
    for word in words:
        move = parse_engine_move(word, ranks_from_one)
        if move is None or move not in legal_moves(board):
            break
        pv.append(move)
        board = play(board, move)
    return pv


class Analysis:
    """What an engine thinks of `board`: its lines, best first, and the depth reached."""

    def __init__(self, board: Board, latest: dict[int, dict[str, Any]], final: bool = False) -> None:
        self.board = board
        self.lines = [dict(latest[k]) for k in sorted(latest)]
        self.depth = self.lines[0]["depth"] if self.lines else 0
        self.final = final

    def to_json(self) -> dict[str, Any]:
        return {
            "lines": [{"move": line["move"], "score": line["score"], "pv": line["pv"]} for line in self.lines],
            "depth": self.depth,
        }

    @property
    def best(self) -> Move | None:
        return self.lines[0]["moves"][0] if self.lines else None


def analyse(
    board: Board,
    *,
    depth: int | None = None,
    movetime: int | None = None,
    multipv: int = 1,
    engine: str | Engine | None = None,
    timeout: float | None = None,
) -> dict[str, Any]:
    """`{"lines": [{"move": "h2e2", "score": {"cp": 34}, "pv": [...]}, ...], "depth": N}`: an
    engine's analysis of `board` (scores from Red's side, moves in ICCS with ranks 0-9).
    `engine` is a running Engine, or the program to start for this one search."""
    from .moves import result

    if result(board) is not None:
        check_position(board)
        return {"lines": [], "depth": 0}
    if isinstance(engine, Engine):
        return engine.analyse(board, depth=depth, movetime=movetime, multipv=multipv, timeout=timeout).to_json()
    with Engine(engine) as running:
        return running.analyse(board, depth=depth, movetime=movetime, multipv=multipv, timeout=timeout).to_json()


def analyse_fen(fen: str, **options: Any) -> dict[str, Any]:
    return analyse(from_fen(fen), **options)
