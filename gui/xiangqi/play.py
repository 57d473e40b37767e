"""Play mode's game: where it started, its moves and the one shown, the games an undo left,
the list of moves and the result line, and the edits that play, step through and replay
moves. The game on screen is kept between runs."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem

from slugboard.codecs import SlugError, xiangqi
from slugboard.codecs.errors import guarded
from slugboard.codecs.wording import plural

from ..page import escaped, plain_label

if TYPE_CHECKING:
    from .page import XiangqiPage

# The game in Play mode, kept between runs (absent in Edit mode): its start position as
# board JSON, its moves in ICCS and the ply shown, as JSON text.
GAME_KEY = "xiangqi/game"


def count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def move_number(ply: int, start: xiangqi.Board) -> int:
    """The move number of the game's `ply`-th half-move (from 0) after `start`."""
    return (ply + (0 if start.red_to_move else 1)) // 2 + 1


class PlayedGame(QObject):
    """The game played from the position set up. The page's board is the game's position
    at `ply`; a change of board (a move, undo, redo, a paste) finds its place in the game."""

    def __init__(self, page: XiangqiPage) -> None:
        super().__init__(page)
        self._page = page
        self.start: xiangqi.Board = page.board
        self.moves: list[xiangqi.Move] = []
        self.ply = 0
        # Games left by an undo, by each of their positions, so a redo that comes back to
        # one finds its moves again.
        self._left: dict[xiangqi.Board, tuple[xiangqi.Board, tuple[xiangqi.Move, ...]]] = {}
        # The game as the settings hold it (None: none, Edit mode), so only a change is written.
        self._kept: str | None = None
        # Two reserved lines each: a message never moves the controls under the pointer.
        self.result_label = QLabel()
        self.result_label.setObjectName("xiangqiResult")
        self.result_label.setWordWrap(True)
        self.result_label.setMinimumHeight(2 * self.result_label.fontMetrics().lineSpacing() + 4)
        self.refusal_label = plain_label()
        self.refusal_label.setObjectName("xiangqiRefusal")
        self.refusal_label.setWordWrap(True)
        self.refusal_label.setMinimumHeight(2 * self.refusal_label.fontMetrics().lineSpacing() + 4)
        self.refusal_label.hide()
        self.move_list = QListWidget()
        self.move_list.setObjectName("xiangqiMoves")
        self.move_list.setToolTip("Click a move to see the position after it; the start line shows the set-up position")
        self.move_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.move_list.setMinimumHeight(140)
        self.move_list.itemClicked.connect(lambda item: self.go_to_ply(self.move_list.row(item)))

    # --- the game -------------------------------------------------------------------
    def positions(self) -> list[xiangqi.Board]:
        boards = [self.start]
        for move in self.moves:
            boards.append(xiangqi.play(boards[-1], move))
        return boards

    def begin(self, start: xiangqi.Board, moves=(), ply: int = 0) -> None:
        """Show the game of `moves` from `start` at `ply` next, the one before kept for a redo."""
        self.leave()
        self.start, self.moves, self.ply = start, list(moves), ply

    def leave(self) -> None:
        """Keep the game on screen for a redo that comes back to one of its positions."""
        if self.moves:
            game = (self.start, tuple(self.moves))
            for board in self.positions():
                self._left[board] = game

    def find(self, board: xiangqi.Board) -> list[xiangqi.Board]:
        """Make `board` the position shown: the nearest of the game's, else one of a game
        left before, else a new game from it. The game's positions."""
        boards = self.positions()
        if boards[self.ply] != board:
            # Undo, redo or a paste brought another board: find it in the game, nearest first.
            found = sorted((abs(i - self.ply), i) for i, b in enumerate(boards) if b == board)
            if not found:
                self.leave()
                self.start, moves = self._left.get(board, (board, ()))
                self.moves = list(moves)
                boards = self.positions()
                self.ply = boards.index(board)
            else:
                self.ply = found[0][1]
        return boards

    # --- kept between runs ------------------------------------------------------------
    def restore(self) -> bool:
        """Take the game kept from the last run, at the move it showed, when that game still
        replays by the rules to the page's board; False (nothing taken) else. A kept game
        that does not fit is left where it is until the next game replaces it: a start
        writes nothing back."""
        raw = self._page.settings.value(GAME_KEY)
        game = _read_game(raw) if isinstance(raw, str) else None
        if game is None or game[3] != self._page.board:
            return False
        self.start, self.moves, self.ply, _ = game
        self._kept = _game_text(self.start, self.moves, self.ply)
        return True

    def keep(self, playing: bool) -> None:
        """Put the game on screen in the settings (written with the board), or take it out
        when not `playing` (Edit mode)."""
        kept = _game_text(self.start, self.moves, self.ply) if playing else None
        if kept == self._kept:
            return
        self._kept = kept
        settings = self._page.settings
        if kept is None:
            settings.remove(GAME_KEY)
        else:
            settings.setValue(GAME_KEY, kept)

    # --- showing ----------------------------------------------------------------------
    def show_moves(self, boards: list[xiangqi.Board], branches: dict[int, int]) -> None:
        """The move list, the move shown current; `branches`: at which plies an opened
        record gives how many other moves."""
        self.move_list.clear()
        self.move_list.addItem(QListWidgetItem("Start"))
        for i, move in enumerate(self.moves):
            before = boards[i]
            dots = "." if before.red_to_move else "…"
            # A move the record gives others for is marked with how many (they are listed
            # under the moves when the position before it is shown).
            mark = f"   (+{branches[i]})" if branches.get(i) else ""
            self.move_list.addItem(
                QListWidgetItem(
                    f"{move_number(i, self.start)}{dots} {xiangqi.wxf(before, move)}   "
                    f"{xiangqi.chinese(before, move, self._page.script)}{mark}"
                )
            )
        self.move_list.setCurrentRow(self.ply)

    def show_result(self, board: xiangqi.Board, outcome: str | None) -> None:
        """The result line: who is to move, in check, has won, or a repetition's ruling."""
        from slugboard.codecs.xiangqi.history import repetition

        side = "Red" if board.red_to_move else "Black"
        other = "Black" if board.red_to_move else "Red"
        repeated = None if outcome else repetition(self.start, self.moves, self.ply)
        self.result_label.setToolTip(repeated.rule if repeated else "")
        if repeated:
            self.result_label.setText(f"<b>{escaped(repeated.message)}</b> {side} to move.")
        elif outcome == "checkmate":
            self.result_label.setText(f"<b>Checkmate: {other} wins.</b>")
        elif outcome == "stalemate":
            self.result_label.setText(f"<b>{side} has no legal move: {other} wins.</b>")
        elif xiangqi.in_check(board):
            self.result_label.setText(f"<b>{side} is in check.</b> {side} to move.")
        else:
            self.result_label.setText(f"{side} to move.")

    def refuse(self, text: str) -> None:
        """Say why something was not done, under the result line and in the status bar."""
        self.say_refusal(text)
        self._page.show_status(text)

    def say_refusal(self, text: str) -> None:
        """The line under the result: shown while it says something (what was refused, or
        left out of a record), its room given to the panel otherwise."""
        self.refusal_label.setText(text)
        self.refusal_label.setVisible(bool(text))

    # --- moves ------------------------------------------------------------------------
    def play_move(self, source: int, target: int) -> bool:
        page = self._page
        board = page.board
        move = (source, target)
        if xiangqi.result(board):
            self.refuse("The game is over: go back in the move list or start again")
            return False
        reason = xiangqi.play_refusal(board, move)
        if reason:
            from slugboard.codecs.xiangqi.notation import move_names

            named = move_names(board, move) if board.cells[source] else None
            if named:
                self.refuse(f"{named} is not allowed: {reason}")
            else:
                name = xiangqi.piece_name(board.cells[source]) if board.cells[source] else "piece"
                self.refuse(f"Cannot move the {name} to {xiangqi.square_name(target)}: {reason}")
            return False
        text = xiangqi.wxf(board, move)
        self.moves = self.moves[: self.ply] + [move]
        self.ply += 1
        page.canvas.held = None
        self.say_refusal("")
        page.set_board(xiangqi.play(board, move), f"Move {text}")
        page.show_status(f"{text}  {xiangqi.chinese(board, move, page.script)}")
        return True

    def go_to_ply(self, ply: int) -> None:
        boards = self.positions()
        if 0 <= ply < len(boards):
            self.ply = ply
            self._page.canvas.held = None
            self._page.show_position(boards[ply], f"Go to move {ply}" if ply else "Go to the start")

    def restart(self) -> None:
        page = self._page
        if page.mode != "play":
            return
        self.begin(self.start)
        page.canvas.held = None
        page.show_position(self.start, "Start again")
        page.show_status("Back to the set-up position")

    def copy_moves(self) -> None:
        from slugboard.codecs.xiangqi.notation import game_text

        # The FEN first: Paste moves replays them from the position they were played from.
        QGuiApplication.clipboard().setText(game_text(self.start, self.moves))
        self._page.show_status(f"Copied the position and {plural(len(self.moves), 'move')} as WXF text")

    def paste_moves(self) -> bool:
        """Replay the move list on the clipboard: after its FEN, or from the opening."""
        text = QGuiApplication.clipboard().text()
        if not xiangqi.looks_like_moves(text):
            self.refuse("The clipboard holds no move list (moves like C2=5, 炮二平五 or h2e2)")
            return False
        try:
            start, moves = xiangqi.parse_game(text)
        except SlugError as exc:
            self.refuse(f"Moves not replayed: {exc}")
            return False
        problem = self.replay(start, moves)
        if problem:
            self.refuse(f"Moves not replayed: {problem}")
            return False
        return True

    def open_with_text(self, text: str, board: xiangqi.Board) -> bool:
        """A pasted position followed by its moves (FEN, then WXF, ICCS or Chinese moves)
        opens as that game in Play mode. Moves that cannot be played leave the position
        open and say why they were not replayed."""
        from slugboard.codecs.xiangqi.notation import moves_in_text

        try:
            moves = moves_in_text(text, board)
        except SlugError as exc:
            self._page.paste_board(board)
            self.refuse(f"Moves not replayed: {exc.message}")
            return True
        return moves is not None and self.replay(board, moves) is None

    def replay(self, start: xiangqi.Board, moves) -> str | None:
        """Show the game of `moves` from `start` in Play mode, as one step of history; or
        say why not, changing nothing."""
        blockers = xiangqi.play_problems(start)
        if blockers:
            return f"the position they start from cannot be played: {blockers[0].message}"
        page = self._page
        self.begin(start, moves, len(moves))
        # One step of history, the game's last position; Play mode shows the game after it.
        page.show_position(self.positions()[-1], "Paste moves")
        if page.mode != "play":
            page.show_mode("play")
        page.show_status(f"Replayed {plural(len(moves), 'move')}")
        return None


def _game_text(start: xiangqi.Board, moves: list[xiangqi.Move], ply: int) -> str:
    """A game as the settings keep it."""
    return json.dumps(
        {"start": xiangqi.to_json(start), "moves": " ".join(xiangqi.iccs(move) for move in moves), "ply": ply}
    )


def _read_game(text: str) -> tuple[xiangqi.Board, list[xiangqi.Move], int, xiangqi.Board] | None:
    """The start, moves and ply of a kept game, and the position at that ply; None when
    the text is not a game that plays from its start by the rules."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict) or not isinstance(obj.get("moves"), str) or type(obj.get("ply")) is not int:
        return None
    try:
        start = guarded(xiangqi.NAME, lambda: xiangqi.from_json(obj["start"]))
        moves = [xiangqi.parse_iccs(token) for token in obj["moves"].split()]
    except SlugError:
        return None
    ply = obj["ply"]
    if xiangqi.play_problems(start) or not 0 <= ply <= len(moves):
        return None
    board, shown = start, start
    for index, move in enumerate(moves, start=1):
        if xiangqi.play_refusal(board, move):
            return None
        board = xiangqi.play(board, move)
        if index == ply:
            shown = board
    return start, moves, ply, shown
