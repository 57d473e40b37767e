"""PGN, the xiangqi flavour, read and written: tags, moves in ICCS, WXF (ASCII or
full-width), Chinese (traditional or simplified) or the SAN-style moves engine GUIs write
under `[Variant "xiangqi"]` (`Che2`, `Cxe6`, files a-i, ranks 0-9 or 1-10), comments in
braces and variations in parentheses.

What real files hold besides the game is read past: the footer xqbase.com and XQ Wizard
write under the result, blank lines, a second game. A move that cannot be played ends its
variation there (or, in the main line, the game) with a problem on the record saying
where, rather than refusing the whole file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import FormatError, SlugError
from ..work import NEVER, Cancel
from .fen import from_fen
from .model import NAME, OPENING_FEN, Board, to_fen
from .moves import Move, iccs, play
from .notation import DEFAULT_SCRIPT, SAN_WORD, chinese, parse_move, wxf
from .tree import MAX_COMMENT, MAX_GAMES, RESULTS, GameRecord, Node, Work

_PGN_TOKEN = re.compile(
    r"""(?P<tagline>\[\s*(?P<tag>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])"""
    r"|\{(?P<comment>[^}]*)\}?"
    r"|;(?P<line>[^\n]*)"
    r"|(?P<open>\()|(?P<close>\))"
    r"|(?P<nag>\$\d+)"
    r"|(?P<result>1-0|0-1|1/2-1/2|\*)(?!\S)"
    r"|(?P<number>\d+\s*\.(?:\s*\.\.)?)"
    r"|(?P<word>[^\s{}();\[\]]+)"
    r"|(?P<junk>\S)"
)
# A SAN-style move ending on rank 0 or on rank 10 tells which way the file counts ranks.
_SAN_RANK_0 = re.compile(r"(?<![\w.])[KAEBHNRCP]?[a-i]?\d?x?[a-i]0(?=[\s+#!?(){}]|$)")
_SAN_RANK_10 = re.compile(r"(?<![\w.])[KAEBHNRCP]?[a-i]?\d{0,2}x?[a-i]10(?=[\s+#!?(){}]|$)")


def san_rank_base(text: str) -> int:
    """Whether a text's SAN-style moves count ranks from 0 (WinBoard) or 1 (the default,
    as Fairy-Stockfish and most sites write them)."""
    if _SAN_RANK_0.search(text) and not _SAN_RANK_10.search(text):
        return 0
    return 1


def read_pgn(text: str, cancel: Cancel = NEVER, work: Work | None = None) -> list[GameRecord]:
    """Every game in a PGN text. Text after a game's result (a site's footer) is passed
    over up to the next game's tags."""
    games: list[GameRecord] = []
    tags: dict[str, str] = {}
    state: _PgnGame | _Skipped | None = None
    work = work or Work(len(text), cancel)
    base = san_rank_base(text) if SAN_WORD.search(text) else 1
    refused: SlugError | None = None
    skipped: list[str] = []

    def finish(game: _PgnGame) -> None:
        nonlocal refused
        record = game.finish()
        if record.tags or record.root.children or record.root.comment:
            games.append(record)
        elif record.problems and refused is None:  # words that are not a game: say why, if nothing else reads
            refused = FormatError(NAME, game.first_refusal or record.problems[0], game.first_at)
        if len(games) > MAX_GAMES:
            raise FormatError(NAME, f"a file holds at most {MAX_GAMES:,} games", game.first_at)
        if len(games) % 50 == 0:
            cancel.check()

    for match in _PGN_TOKEN.finditer(text):
        kind = match.lastgroup
        at = match.start()
        if kind == "tagline":
            if state is not None:  # a tag after moves starts the next game
                if isinstance(state, _PgnGame):
                    finish(state)
                state, tags = None, {}
            if len(tags) < 100:
                tags[match.group("tag")] = match.group("value").replace('\\"', '"')[:1000]
            continue
        if state is None:
            try:
                state = _PgnGame(tags, at, work, base)
            except FormatError as exc:  # one game of many left out, with a word on the first read
                skipped.append(f"A game (character {at + 1:,}) is left out: {exc.message}")
                refused = refused or exc
                state, tags = _Skipped(), {}
                continue
        state.token(kind, match, at)
    if state is None and tags:  # tags alone at the end: a position with no moves
        try:
            state = _PgnGame(tags, len(text), work, base)
        except FormatError as exc:
            if not games:
                raise
            skipped.append(f"A game (character {len(text):,}) is left out: {exc.message}")
    if isinstance(state, _PgnGame):
        finish(state)
    if not games:
        raise refused or FormatError(NAME, "no game found in the record", 0)
    for problem in skipped:
        games[0].problem(problem)
    return games


class _Skipped:
    """A game whose tags cannot be read (its FEN): its moves are passed over."""

    first_at = 0

    def token(self, kind: str | None, match: re.Match[str], at: int) -> None:
        pass


class _PgnGame:
    """One game as its tokens come: the line being read, the variations open around it,
    and whether what follows is passed over (after the result, or after a move that
    cannot be played)."""

    def __init__(self, tags: dict[str, str], at: int, work: Work, base: int) -> None:
        self.tags = dict(tags)
        self.work = work
        self.base = base
        self.first_at = at
        self.first_refusal: str | None = None
        fen = tags.get("FEN")
        try:
            start = from_fen(fen) if fen else from_fen(OPENING_FEN)
        except SlugError as exc:
            raise FormatError(NAME, f"the FEN tag cannot be read ({exc.message})", at) from None
        self.record = GameRecord(start, tags=self.tags)
        self.node = self.record.root
        self.board = start
        self.before: Board | None = None
        self.ply = 0
        self.stack: list[tuple[Node, Board, Board | None, int]] = []
        self.ended = False  # the result, or a main-line move that cannot be played: the rest is not the game
        self.dropping = 0  # variations open inside the one being left out (0: none is being left out)
        self.dropped = False

    def token(self, kind: str | None, match: re.Match[str], at: int) -> None:
        if self.ended:
            return
        if self.dropped:
            self._drop(kind)
            return
        if kind == "comment" or kind == "line":
            self.comment((match.group("comment") or match.group("line") or "").strip())
        elif kind == "open":
            self.open(at)
        elif kind == "close":
            self.close(at)
        elif kind == "result":
            if not self.stack:
                self.tags.setdefault("Result", match.group())
                self.ended = True
        elif kind == "word":
            self.move(match.group("word"), at)
        elif kind == "junk":  # a stray bracket: the game (or its variation) is read up to it
            self._cannot_play(match.group(), at, "it has no place in a PGN game")

    def _drop(self, kind: str | None) -> None:
        """Pass over a variation being left out, up to its closing parenthesis."""
        if kind == "open":
            self.dropping += 1
        elif kind == "close":
            if self.dropping:
                self.dropping -= 1
            else:
                self.dropped = False
                self.node, self.board, self.before, self.ply = self.stack.pop()

    def comment(self, text: str) -> None:
        joined = (self.node.comment + "\n" + text).strip() if self.node.comment else text
        self.node.comment = joined[:MAX_COMMENT]

    def open(self, at: int) -> None:
        if self.node.parent is None or self.before is None:
            raise FormatError(NAME, "a variation must follow a move it replaces", at)
        if len(self.stack) > 200:
            raise FormatError(NAME, "variations are nested too deeply", at)
        self.stack.append((self.node, self.board, self.before, self.ply))
        self.node, self.board, self.before, self.ply = self.node.parent, self.before, None, self.ply - 1

    def close(self, at: int) -> None:
        if not self.stack:
            raise FormatError(NAME, "a ')' closes no variation", at)
        self.node, self.board, self.before, self.ply = self.stack.pop()

    def move(self, word: str, at: int) -> None:
        if not word.strip("."):
            return  # "1. ... H8+7": the dots stand for Red's move
        word = word.rstrip("!?+#")  # marks of check and of judgement
        if not word:
            return
        try:
            move = parse_move(self.board, word, at, self.base)
        except SlugError as exc:
            self._cannot_play(word, at, exc.message)
            return
        self.work.count(at)
        self.before = self.board
        self.node = self.node.add(move)
        self.board = play(self.board, move)
        self.ply += 1

    def _cannot_play(self, word: str, at: int, why: str) -> None:
        where = f"move {_move_number(self.record.start, self.ply)} ({word}, character {at + 1:,})"
        if self.first_refusal is None:
            self.first_refusal, self.first_at = why, at
        if self.stack:
            self.record.problem(f"A variation at {where} cannot be played ({why}): the variation is cut there")
            self.dropped, self.dropping = True, 0
        else:
            self.record.problem(f"The game stops before {where}: it cannot be played ({why})")
            self.ended = True

    def finish(self) -> GameRecord:
        self.record.tags = self.tags
        return self.record


def _move_number(start: Board, ply: int) -> str:
    """The move number of the move after `ply` plies ("12", or "12..." for Black's)."""
    plies = ply + (0 if start.red_to_move else 1)
    return f"{plies // 2 + 1}{'' if plies % 2 == 0 else '...'}"


# --- writing --------------------------------------------------------------------------


# PGN's Seven Tag Roster, with what each says when it is not known.
SEVEN_TAGS = (
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("Red", "?"),
    ("Black", "?"),
    ("Result", "*"),
)


def write_pgn(record: GameRecord, notation: str = "WXF", script: str = DEFAULT_SCRIPT) -> str:
    """The game as PGN: its tags (FEN when it does not start from the opening), moves in
    WXF, ICCS or Chinese (in `script`), comments in braces and variations in parentheses."""
    if notation not in ("WXF", "ICCS", "Chinese"):
        raise ValueError(f"unknown notation {notation!r}")
    given = {k: v for k, v in record.tags.items() if k not in ("FEN", "Format")}
    # The seven tags every PGN game opens with, in their order ("?" where unknown), then the
    # rest: the game, its start and the notation of its moves, and what else the record holds.
    tags = {name: given.pop(name, unknown) for name, unknown in SEVEN_TAGS}
    if tags["Result"] not in RESULTS:
        tags["Result"] = "*"
    result = tags["Result"]
    tags["Game"] = given.pop("Game", "Chinese Chess")
    if to_fen(record.start) != OPENING_FEN:
        tags["FEN"] = to_fen(record.start) + " - - 0 1"
    tags["Format"] = notation
    tags.update(given)
    head = "".join(f'[{name} "{_tag_value(value)}"]\n' for name, value in tags.items())
    words: list[str] = []
    if record.root.comment:
        words.append(_comment(record.root.comment))
    _write_moves(record.root, record.start, words, _namer(notation, script), first=True)
    words.append(result)
    return head + "\n" + _wrap(words) + "\n"


def _tag_value(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")") + "}"


def _namer(notation: str, script: str) -> Callable[[Board, Move], str]:
    """How a move is written in `notation` (Chinese in `script`)."""
    if notation == "ICCS":
        return lambda board, move: f"{iccs(move)[:2].upper()}-{iccs(move)[2:].upper()}"
    if notation == "Chinese":
        return lambda board, move: chinese(board, move, script)
    return wxf


def _number(board: Board, ply_number: int, first: bool) -> str | None:
    if board.red_to_move:
        return f"{ply_number}."
    return f"{ply_number}..." if first else None


def _write_moves(node: Node, board: Board, words: list[str], name: Callable[[Board, Move], str], first: bool) -> None:
    """Write the line from `node` on (iteratively: a long game must not hit the recursion limit)."""
    move_no = 1
    # Each frame: (node whose children follow, board there, move number, whether a number is due)
    stack: list[Any] = [("line", node, board, move_no, first)]
    while stack:
        frame = stack.pop()
        if frame[0] == "text":
            words.append(frame[1])
            continue
        _, node, board, move_no, due = frame
        if not node.children:
            continue
        main = node.children[0]
        assert main.move is not None
        number = _number(board, move_no, due)
        if number:
            words.append(number)
        words.append(name(board, main.move))
        if main.comment:
            words.append(_comment(main.comment))
        after = play(board, main.move)
        next_no = move_no if board.red_to_move else move_no + 1
        later: list[Any] = []
        for variation in node.children[1:]:
            assert variation.move is not None
            later.append(("text", "("))
            later.append(("var", variation, board, move_no))
            later.append(("text", ")"))
        stack.append(("line", main, after, next_no, bool(node.children[1:])))
        for item in reversed(later):
            if item[0] == "var":
                _, var, vboard, vno = item
                # A variation: its first move, then its own line.
                stack.append(("line", var, play(vboard, var.move), vno if vboard.red_to_move else vno + 1, False))
                if var.comment:
                    stack.append(("text", _comment(var.comment)))
                stack.append(("text", name(vboard, var.move)))
                stack.append(("text", f"{vno}." if vboard.red_to_move else f"{vno}..."))
            else:
                stack.append(item)


def _wrap(words: Sequence[str], width: int = 80) -> str:
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return "\n".join(lines)
