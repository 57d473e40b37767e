"""Playing strength: the options an engine lists read right, an Elo set as the engine's
options allow (UCI_Elo, else Skill Level, else refused in words), and `slugboard-codec
engine-move` giving a legal move at 1500 Elo from the real Fairy-Stockfish (checked by cchess,
an independent move generator)."""

from __future__ import annotations

import json

import cchess
import pytest
from cchess.common import pos2iccs

from engines import codec_cli, needs_engine
from slugboard.codecs.xiangqi import engine as eng
from slugboard.codecs.xiangqi.strength import limit_strength, spin_options

# As Debian's Fairy-Stockfish 11.1 lists them after `uci`.
FAIRY_OPTIONS = (
    "option name Threads type spin default 1 min 1 max 512",
    "option name Skill Level type spin default 20 min -20 max 20",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 1350 min 1350 max 2850",
    "option name UCI_Variant type combo default chess var chess var xiangqi",
)
OPENING = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"


class Listening:
    """Stands in for a started engine: the options it listed, and what it was sent."""

    name = "test engine"

    def __init__(self, options):
        self.options = tuple(options)
        self.sent: list[str] = []

    def send(self, line: str) -> None:
        self.sent.append(line)


def test_the_spin_options_are_read_with_their_ranges():
    spins = spin_options(FAIRY_OPTIONS)
    assert spins["UCI_Elo"] == (1350, 2850, 1350)
    assert spins["Skill Level"] == (-20, 20, 20)  # a name with a space in it
    assert "UCI_LimitStrength" not in spins and "UCI_Variant" not in spins  # not whole numbers


@pytest.mark.parametrize("asked,used", [(1500, 1500), (800, 1350), (2999, 2850)])
def test_an_elo_is_set_within_the_engines_range(asked, used):
    engine = Listening(FAIRY_OPTIONS)
    assert limit_strength(engine, asked) == used
    assert engine.sent == ["setoption name UCI_LimitStrength value true", f"setoption name UCI_Elo value {used}"]


def test_an_engine_with_a_skill_level_alone_gets_the_level_of_that_elo():
    engine = Listening(["option name Skill Level type spin default 20 min 0 max 20"])
    assert limit_strength(engine, 1350) == 1350 and engine.sent[-1] == "setoption name Skill Level value 0"
    assert limit_strength(engine, 2850) == 2850 and engine.sent[-1] == "setoption name Skill Level value 20"
    middle = limit_strength(engine, 2100)
    assert engine.sent[-1] == "setoption name Skill Level value 10" and middle == 2100


def test_an_engine_that_cannot_play_weaker_is_refused_in_words():
    with pytest.raises(eng.EngineError, match="cannot be set to play weaker"):
        limit_strength(Listening(["option name Hash type spin default 16 min 1 max 1024"]), 1500)


_cli = codec_cli


@pytest.mark.slow
@needs_engine
def test_engine_move_at_1500_elo_is_a_legal_move():
    code, out, err = _cli("engine-move", OPENING, "--elo", "1500", "--movetime", "200")
    assert code == 0, err
    said = json.loads(out)
    assert said["elo"] == 1500 and "Fairy-Stockfish" in said["engine"]
    board = cchess.ChessBoard(OPENING)
    legal = {pos2iccs(*m) for m in board.create_moves() if board.is_valid_move_t(m) and not board.is_checked_move(*m)}
    assert said["move"] in legal, said  # cchess writes ICCS with ranks 0-9, as Slugboard does
    assert set(said["score"]) <= {"cp", "mate"}


def test_engine_move_of_a_finished_game_names_its_result():
    stalemated = "3k5/4R4/4R4/9/9/9/9/9/9/4K4 b"  # Black, not in check, has no move: a loss in xiangqi
    assert cchess.ChessBoard(stalemated).no_moves()
    code, out, _ = _cli("engine-move", stalemated)
    assert code == 0 and json.loads(out) == {"move": None, "result": "stalemate"}


def test_engine_move_refuses_an_elo_out_of_range():
    code, _, err = _cli("engine-move", OPENING, "--elo", "40")
    assert code == 2 and "--elo is 500 to 3000" in err
