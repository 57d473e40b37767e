"""Judge every click: ms-toollib's analysis of the open game's clicks, worked out in a
child process, shown in the list of actions, its filter and a summary."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel

from slugboard.codecs.wording import plural

from ..worker import LatestOnly, why

if TYPE_CHECKING:
    from .page import MinesweeperPage


def _analyse_clicks(board, replay_file, cancel):
    from slugboard.codecs.minesweeper.analysis import analyse

    return analyse(board, replay_file, cancel=cancel)


def analysis_summary(analysis) -> str:
    lost = analysis.lost_at
    guesses = sum(1 for i, c in enumerate(analysis.safe_chance) if c is not None and i != lost)
    survived = f"with a chance of {100 * analysis.survival:.1f}%"
    if lost is not None:
        # A lost game survived nothing: the click that lost it is said, and the guesses before it.
        chance = analysis.safe_chance[lost]
        how = "a click on a mine" if chance is None else f"a guess with a {100 * chance:.1f}% chance of being safe"
        before = f"; it had survived {plural(guesses, 'guess', 'guesses')} before {survived}" if guesses else ""
        return f"Lost on {how}{before}."
    if not guesses:
        return "No guess: every open after the first could be worked out."
    return f"{plural(guesses, 'guess', 'guesses')}: the game survived them {survived}."


def analysis_counts(analysis) -> str:
    counts = analysis.counts()
    names = {
        "high_risk_guess": "risky",
        "needless_guess": "needless",
        "hard_judgment": "jump",
        "vision_transfer": "vision",
        "fl_local": "FL",
        "loss": "loss",
    }
    parts = [f"{counts[k]} {name}" for k, name in names.items() if counts.get(k)]
    winding = counts.get("mouse_trace_curved", 0) + counts.get("mouse_trace_too_curved", 0)
    if winding:
        parts.append(f"{winding} winding")
    return ", ".join(parts) or "nothing found"


class ClickJudge(QObject):
    """The analysis of the open game's clicks, asked for with `box` (Replay); `filter`
    lists the actions with a finding of one kind, `label` sums the game up."""

    def __init__(self, page: MinesweeperPage) -> None:
        super().__init__(page)
        self._page = page
        self.worker = LatestOnly(self)
        self.worker.finished.connect(self._analysed)
        self._analysis_of: tuple | None = None  # (board, replay file) analysed or being analysed
        self.analysis = None
        self.box = QCheckBox("Judge every click")
        self.box.setObjectName("analyseBox")
        self.box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.box.setToolTip(
            "Metasweeper's analysis of each click (ms-toollib): high-risk and needless guesses, jump "
            "judgements, winding paths, vision transfers, flag-and-chord runs, and each guess's chance "
            "of being safe. Rows are coloured: red an error, orange a warning, green a feature, violet "
            "a suspect, blue a guess"
        )
        self.box.toggled.connect(lambda _: self.want())
        self.filter = QComboBox()
        self.filter.setObjectName("findingFilter")
        self.filter.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.filter.setToolTip("List every action, or only those with a finding of one kind")
        self.filter.addItem("All actions", "")
        self.filter.setEnabled(False)
        self.filter.activated.connect(self._filter_chosen)
        self.label = QLabel()
        self.label.setObjectName("analysisLabel")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        # Two lines always: the summary coming and going moves nothing below it.
        self.label.setFixedHeight(2 * self.label.fontMetrics().lineSpacing() + 2)
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def shutdown(self) -> None:
        self.worker.shutdown()

    def _stat(self) -> QLabel:
        return self._page.stats.labels["analysis"]

    def want(self) -> None:
        """Analyse the open game's clicks in the background, when asked to and not yet done."""
        board = self._page.board
        if not self.box.isChecked() or not board.events:
            self.forget()
            return
        kept = self._page.replay_to_save()
        asked = self._analysis_of
        if asked is not None and asked[0] is board and asked[1] is kept:
            if self.analysis is not None:
                self._stat().setText(analysis_counts(self.analysis))
            return
        self.forget()
        self._analysis_of = (board, kept)
        self.label.setText("Judging every click… (a long game takes minutes: clear the box to stop)")
        self.worker.submit(_analyse_clicks, board, kept)

    def board_shown(self, board) -> None:
        """An analysis of another board is given up."""
        if self._analysis_of is not None and self._analysis_of[0] is not board:
            self.forget()

    def forget(self) -> None:
        if self._analysis_of is None and self.analysis is None:
            return
        self.worker.cancel()
        self._analysis_of = None
        self.analysis = None
        self._page.action_list.game_actions.set_analysis(None)
        self.filter.clear()
        self.filter.addItem("All actions", "")
        self.filter.setEnabled(False)
        self.label.setText("")
        self._stat().setText("–")

    def _analysed(self, result) -> None:
        from slugboard.codecs.minesweeper.analysis import KINDS

        if self._analysis_of is None:
            return
        if isinstance(result, Exception):
            self.label.setText(f"No analysis of this game: {why(result)}")
            return
        self.analysis = result
        actions = self._page.action_list
        actions.game_actions.set_analysis(result)
        counts = result.counts()
        self.filter.clear()
        self.filter.addItem("All actions", "")
        found = sum(1 for f in result.findings if f)
        self.filter.addItem(f"With a finding ({found})", "any")
        for kind, (text, _) in KINDS.items():
            if counts.get(kind):
                self.filter.addItem(f"{text.split(':')[0]} ({counts[kind]})", kind)
        self.filter.setEnabled(True)
        self.label.setText(analysis_summary(result))
        self._stat().setText(analysis_counts(result))
        self._follow()

    def _filter_chosen(self, index: int) -> None:
        actions = self._page.action_list
        actions.game_actions.set_filter(self.filter.itemData(index) or "")
        self._follow()

    def _follow(self) -> None:
        """The list shows the action of the moment the replay is at."""
        state = self._page.player.state()
        self._page.action_list.follow(state.index - 1 if state is not None and state.index else None)
