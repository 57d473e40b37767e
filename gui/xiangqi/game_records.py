"""Game records on the page: opening one (PGN, XQF, DhtmlXQ) to play through, its comment and
variations at the move shown, and saving the game on screen as PGN."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QLabel, QListWidget, QListWidgetItem

from slugboard.codecs import SlugError, xiangqi

from .play import count, move_number

if TYPE_CHECKING:
    from ..worker import LatestOnly
    from .page import XiangqiPage


class GameRecords(QObject):
    """The game record opened (codecs.xiangqi.records.GameRecord), if any, beside the played
    game: the moves played follow it while they keep to its lines."""

    read = Signal(bool)  # a game record file read in the background: opened or not

    def __init__(self, page: XiangqiPage) -> None:
        super().__init__(page)
        self._page = page
        self.record = None
        self._reader: LatestOnly | None = None  # made with the first file read
        # The record's other lines from the move shown, as listed under its comment.
        self._branches: list[list[xiangqi.Move]] = []
        # What an opened game record says at the move shown: its comment, and the other
        # moves it gives from here (its variations), to follow with a click.
        self.comment_label = QLabel()
        self.comment_label.setObjectName("xiangqiComment")
        self.comment_label.setTextFormat(Qt.TextFormat.PlainText)
        self.comment_label.setWordWrap(True)
        self.comment_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.comment_label.setFixedHeight(3 * self.comment_label.fontMetrics().lineSpacing() + 4)
        self.comment_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.comment_label.setToolTip("The game record's comment at the move shown")
        self.variation_list = QListWidget()
        self.variation_list.setObjectName("xiangqiVariations")
        self.variation_list.setToolTip("The record's other moves from the position shown: click one to follow it")
        self.variation_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.variation_list.setFixedHeight(2 * self.variation_list.fontMetrics().lineSpacing() + 8)
        self.variation_list.itemClicked.connect(lambda item: self.follow_variation(self.variation_list.row(item)))
        self.comment_label.hide()  # until a record has a comment or a variation here (`show`)
        self.variation_list.hide()

    # --- opening ---------------------------------------------------------------------
    def open_game(self, game, games: int = 1) -> bool:
        """Open a game record: its main line plays in Play mode, its comments show under
        the move list and its variations beside them; False (nothing changed) when its
        start cannot be played. What its reader left out is said under the board, and
        the file's other games counted (`slugboard-codec import --game N` opens one)."""
        page = self._page
        kept, self.record = self.record, game
        problem = page.played.replay(game.start, game.main_line)
        if problem:
            self.record = kept
            page.show_status(f"Game not opened: {problem}")
            return False
        title = game.tags.get("Title") or game.tags.get("Event") or ""
        others = f" (game 1 of {games} in the file)" if games > 1 else ""
        page.show_status(f"Opened {title + ': ' if title else ''}{count(len(game.main_line), 'move')}{others}")
        if game.problems:
            more = len(game.problems) - 1
            page.played.say_refusal(f"Left out: {game.problems[0]}" + (f" (and {more} more)" if more else ""))
            page.played.refusal_label.setToolTip("\n".join(game.problems))
        return True

    def open_dialog(self) -> bool:
        """Choose a game record file; it is read off the window's thread, then opened."""
        path, _ = QFileDialog.getOpenFileName(
            self._page,
            "Open a game record",
            "",
            "Xiangqi game records (*.pgn *.xqf *.txt *.ubb);;All files (*)",
        )
        if not path:
            return False
        self.read_file(path)
        return True

    def read_file(self, path: str) -> None:
        """Read the game record at `path` on a worker thread; `read` fires when it is open
        (or refused, with the reason under the moves)."""
        from slugboard.codecs.xiangqi import records

        from ..worker import LatestOnly

        if self._reader is None:
            self._reader = LatestOnly(self)
            self._reader.finished.connect(self._file_read)
        self._page.show_status(f"Reading {os.path.basename(path)}…")
        self._reader.submit(records.read_file, path)

    def _file_read(self, result) -> None:
        if isinstance(result, SlugError):
            self._page.played.refuse(f"Not opened: {result.message}")
            self.read.emit(False)
        elif isinstance(result, BaseException):
            self._page.played.refuse(f"Not opened: {result}")
            self.read.emit(False)
        else:
            self.read.emit(self.open_game(result[0], len(result)))

    def shutdown(self) -> None:
        if self._reader is not None:
            self._reader.shutdown()

    # --- saving ----------------------------------------------------------------------
    def can_save(self) -> bool:
        page = self._page
        return page.mode == "play" and (bool(page.played.moves) or self.record is not None)

    def as_record(self):
        """The game on screen as a record: the opened record (comments, variations) with the
        moves played since merged in, or the moves alone."""
        from slugboard.codecs.xiangqi.records import GameRecord, copy_record

        game = self._page.played
        if self.record is not None and self.record.start == game.start:
            record = copy_record(self.record)
        else:
            record = GameRecord(game.start)
        node = record.root
        for move in game.moves:
            node = node.add(move)
        self._page.opponent.tag(record.tags)  # the players of a game against the engine
        return record

    def save_dialog(self) -> bool:
        from slugboard.codecs.newfile import write_atomically
        from slugboard.codecs.xiangqi import records

        page = self._page
        if not self.can_save():
            page.show_status("Play some moves (or open a game) to save a game")
            return False
        path, _ = QFileDialog.getSaveFileName(page, "Save game as", "game.pgn", "PGN (*.pgn)")
        if not path:
            return False
        text = records.write_pgn(self.as_record(), "WXF")
        try:
            write_atomically(path, text.encode("utf-8"))
        except OSError as exc:
            page.played.refuse(f"Not saved: {exc.strerror or exc}")
            return False
        page.show_status(f"Saved the game as {os.path.basename(path)}")
        return True

    # --- following the record ----------------------------------------------------------
    def branch_counts(self) -> dict[int, int]:
        """For each ply of the game on screen inside the opened record: how many other
        moves the record gives there."""
        counts: dict[int, int] = {}
        node = self._node(0)
        for ply, move in enumerate(self._page.played.moves):
            if node is None:
                break
            if len(node.children) > 1:
                counts[ply] = len(node.children) - 1
            node = next((child for child in node.children if child.move == move), None)
        return counts

    def _node(self, ply: int):
        """The record's node after the game's first `ply` moves, or None off the record."""
        game = self._page.played
        if self.record is None or self.record.start != game.start:
            return None
        node = self.record.root
        for move in game.moves[:ply]:
            node = next((child for child in node.children if child.move == move), None)
            if node is None:
                return None
        return node

    def show(self, boards: list[xiangqi.Board]) -> None:
        """The comment at the move shown, and the record's other moves from here."""
        game = self._page.played
        node = self._node(game.ply)
        self.comment_label.setText(node.comment if node is not None else "")
        self.variation_list.clear()
        self._branches = []
        # Shown while the record has something to show here: the move list takes their room.
        self.comment_label.setVisible(bool(self.comment_label.text()))
        self.variation_list.hide()
        if node is None:
            return
        board = boards[game.ply]
        following = game.moves[game.ply] if game.ply < len(game.moves) else None
        for child in node.children:
            if child.move == following or (following is None and child is node.children[0]):
                continue
            line: list[str] = []
            at, position = child, board
            while at is not None and len(line) < 6:
                line.append(xiangqi.wxf(position, at.move))
                position = xiangqi.play(position, at.move)
                at = at.children[0] if at.children else None
            dots = "." if board.red_to_move else "…"
            self.variation_list.addItem(
                QListWidgetItem(f"{move_number(game.ply, game.start)}{dots} {' '.join(line)}{' …' if at else ''}")
            )
            branch = [child.move]
            while child.children:
                child = child.children[0]
                branch.append(child.move)
            self._branches.append(branch)
        self.variation_list.setVisible(bool(self._branches))

    def follow_variation(self, index: int) -> None:
        """Play the record's variation `index` from the move shown (its first move shown)."""
        if not 0 <= index < len(self._branches):
            return
        game = self._page.played
        moves = game.moves[: game.ply] + self._branches[index]
        ply = game.ply + 1
        game.begin(game.start, moves, ply)
        self._page.show_position(game.positions()[ply], "Follow a variation")
