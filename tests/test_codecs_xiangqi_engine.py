"""Engine analysis against the real Fairy-Stockfish, checked by brute force with our own
move generator, and against fake engines that die or hang."""

from __future__ import annotations

import stat
import sys
import textwrap

import pytest

from engines import codec_cli, needs_engine
from slugboard.codecs import xiangqi
from slugboard.codecs.xiangqi import engine as eng
from slugboard.codecs.xiangqi.moves import legal_moves, parse_iccs, play, result


def mates_in_one(board: xiangqi.Board) -> list:
    return [m for m in legal_moves(board) if result(play(board, m)) == "checkmate"]


def forces_mate_in_two(board: xiangqi.Board, move) -> bool:
    after = play(board, move)
    replies = legal_moves(after)
    return bool(replies) and all(mates_in_one(play(after, r)) for r in replies)


# --- squares -----------------------------------------------------------------------


def test_ranks_from_one_are_translated_both_ways():
    move = (9 * 9 + 7, 7 * 9 + 4)  # h0 to e2
    assert eng.engine_move(move, ranks_from_one=True) == "h1e3"
    assert eng.engine_move(move, ranks_from_one=False) == "h0e2"
    assert eng.parse_engine_move("h1e3", ranks_from_one=True) == move
    assert eng.parse_engine_move("a10a9", ranks_from_one=True) == (0, 9)
    assert eng.parse_engine_move("h0e2", ranks_from_one=False) == move
    assert eng.parse_engine_move("a10a9", ranks_from_one=False) is None
    assert eng.parse_engine_move("(none)", ranks_from_one=True) is None


def test_engine_fen_has_counters():
    assert eng.engine_fen(xiangqi.new_board()) == xiangqi.OPENING_FEN + " - - 0 1"


# --- the real engine ---------------------------------------------------------------


@pytest.mark.slow
@needs_engine
def test_mate_in_one_is_found():
    board = xiangqi.from_fen("3k5/9/9/9/9/9/9/9/R8/R3K4 w")
    found = eng.analyse(board, depth=6)
    best = parse_iccs(found["lines"][0]["move"])
    assert found["lines"][0]["score"] == {"mate": 1}
    assert best in mates_in_one(board)


@pytest.mark.slow
@needs_engine
def test_mate_in_two_is_found_and_forces_mate():
    board = xiangqi.from_fen("4k4/9/9/9/9/9/9/9/9/R2K4R w")
    assert not mates_in_one(board)
    found = eng.analyse(board, depth=8)
    line = found["lines"][0]
    assert line["score"] == {"mate": 2}
    assert forces_mate_in_two(board, parse_iccs(line["move"]))
    assert len(line["pv"]) == 3


@pytest.mark.slow
@needs_engine
def test_scores_are_from_reds_side():
    # Black to move and mated next move: good for Red, so positive.
    board = xiangqi.from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 b")
    found = eng.analyse(board, depth=6)
    assert found["lines"][0]["score"] == {"mate": 1}
    pv = [parse_iccs(m) for m in found["lines"][0]["pv"]]
    after = play(play(board, pv[0]), pv[1])
    assert result(after) == "checkmate"


@pytest.mark.slow
@needs_engine
def test_lines_are_legal_from_both_sides_with_ranks_zero_to_nine():
    for fen in (xiangqi.OPENING_FEN, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"):
        board = xiangqi.from_fen(fen)
        found = eng.analyse(board, depth=6, multipv=3)
        assert len(found["lines"]) == 3
        assert found["depth"] >= 6
        assert len({line["move"] for line in found["lines"]}) == 3
        for line in found["lines"]:
            assert all(m[1] in "0123456789" and m[3] in "0123456789" and len(m) == 4 for m in line["pv"])
            position = board
            for text in line["pv"]:
                move = parse_iccs(text)
                assert move in legal_moves(position)
                position = play(position, move)
            assert line["move"] == line["pv"][0]


@pytest.mark.slow
@needs_engine
def test_one_engine_answers_many_positions_and_quits():
    with eng.Engine() as engine:
        board = xiangqi.new_board()
        for _ in range(4):
            found = engine.analyse(board, movetime=50)
            best = parse_iccs(found.lines[0]["move"])
            assert best in legal_moves(board)
            board = play(board, best)
        process = engine._process
    assert process.poll() is not None


@needs_engine
def test_a_position_without_a_king_is_refused_before_the_engine_sees_it():
    with pytest.raises(eng.EngineError, match="no king"):
        eng.analyse(xiangqi.from_fen("9/9/9/9/9/9/9/9/9/4K4 w"), depth=2)


@needs_engine
def test_a_finished_game_has_no_lines():
    board = play(xiangqi.from_fen("3k5/9/9/9/9/9/9/9/R8/R3K4 w"), parse_iccs("a1d1"))
    assert eng.analyse(board, depth=4) == {"lines": [], "depth": 0}


# --- engines that misbehave -----------------------------------------------------------


def fake_engine(tmp_path, body: str) -> str:
    script = tmp_path / "fake-engine"
    script.write_text(f"#!{sys.executable}\nimport sys, time\n" + textwrap.dedent(body))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


GREETING = """
def say(text):
    print(text, flush=True)
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "uci":
        say("id name Fake")
        say("uciok")
    elif word == "isready":
        say("readyok")
"""


def test_an_engine_that_dies_during_a_search_gives_a_clear_message(tmp_path):
    path = fake_engine(tmp_path, GREETING + '    elif word == "go":\n        sys.exit(3)\n')
    with pytest.raises(eng.EngineError, match=r"ended unexpectedly \(exit status 3\)") as caught:
        eng.analyse(xiangqi.new_board(), depth=3, engine=path)
    assert str(caught.value).startswith("xiangqi: the engine Fake")


@pytest.mark.slow
def test_an_engine_that_hangs_in_a_search_is_ended(tmp_path):
    path = fake_engine(tmp_path, GREETING + '    elif word in ("go", "stop"):\n        time.sleep(60)\n')
    with eng.Engine(path) as engine:
        engine.grace = 0.3
        with pytest.raises(eng.EngineError, match="stopped answering"):
            engine.analyse(xiangqi.new_board(), depth=3, timeout=0.3)
        assert not engine.alive


@pytest.mark.slow
def test_an_engine_that_never_greets_is_ended(tmp_path):
    path = fake_engine(tmp_path, "time.sleep(60)\n")
    with pytest.raises(eng.EngineError, match=r"no reply within 0.3 s when asked to start"):
        eng.Engine(path, start_timeout=0.3)
    assert not eng._open_engines


def test_a_proposed_illegal_move_is_dropped(tmp_path):
    # h0h9 is no rook move from the opening; the fake says it anyway, then a legal one.
    path = fake_engine(
        tmp_path,
        GREETING
        + '    elif word == "go":\n'
        + '        say("info depth 1 multipv 1 score cp 5 pv h0h9")\n'
        + '        say("info depth 2 multipv 1 score cp 7 pv h2e2 h9g7 a0a9")\n'
        + '        say("bestmove h2e2")\n',
    )
    found = eng.analyse(xiangqi.new_board(), depth=2, engine=path)
    # No UCI_Variant option: ranks from 0, and the pv is cut at its first illegal move.
    assert found == {"lines": [{"move": "h2e2", "score": {"cp": 7}, "pv": ["h2e2", "h9g7"]}], "depth": 2}


def test_no_engine_at_a_path(tmp_path):
    with pytest.raises(eng.EngineError, match="no engine program at"):
        eng.find_engine(str(tmp_path / "missing"))


def test_no_engine_anywhere_says_how_to_get_one(monkeypatch):
    monkeypatch.setenv("PATH", "")
    monkeypatch.setattr(eng, "EXTRA_FOLDERS", ())
    with pytest.raises(eng.EngineError, match="apt install fairy-stockfish"):
        eng.find_engine()


# --- the command ----------------------------------------------------------------------


def command_args(*words: str):
    import argparse

    from slugboard.codecs.xiangqi import commands

    parser = argparse.ArgumentParser()
    commands.analyse_options(parser)
    return parser.parse_args(list(words))


@pytest.mark.slow
@needs_engine
def test_the_analyse_command_gives_lines_as_json():
    from slugboard.codecs.xiangqi import commands

    board = xiangqi.from_fen("3k5/9/9/9/9/9/9/9/R8/R3K4 w")
    out = commands.analyse(board, command_args("--depth", "4", "--multipv", "2"))
    assert out["lines"][0]["score"] == {"mate": 1}
    assert len(out["lines"]) == 2 and out["depth"] >= 4


def test_the_analyse_command_without_an_engine_is_a_slug_error(tmp_path):
    from slugboard.codecs.errors import SlugError
    from slugboard.codecs.xiangqi import commands

    with pytest.raises(SlugError, match="no engine program at"):
        commands.analyse(xiangqi.new_board(), command_args("--engine", str(tmp_path / "none")))


def test_depth_and_movetime_exclude_each_other():
    with pytest.raises(SystemExit):
        command_args("--depth", "3", "--movetime", "100")


# --- export-game --------------------------------------------------------------------


def _export(capsys, *words: str) -> tuple[int, str, str]:
    import argparse

    from slugboard.codecs.xiangqi import commands

    parser = argparse.ArgumentParser()
    commands.export_game_options(parser)
    code = commands.export_game(parser.parse_args(list(words)))
    out, err = capsys.readouterr()
    return code, out, err


def test_export_game_writes_pgn_that_reads_back(capsys, tmp_path):
    from slugboard.codecs.xiangqi import records

    code, out, _ = _export(capsys, xiangqi.OPENING_FEN + " C2=5 H8+7 H2+3")
    assert code == 0
    (game,) = records.read_pgn(out)
    assert [xiangqi.iccs(m) for m in game.main_line] == ["h2e2", "h9g7", "h0g2"]
    path = tmp_path / "game.pgn"
    path.write_text(out)
    code, out, _ = _export(capsys, str(path), "--format", "moves", "--notation", "ICCS")
    assert (code, out) == (0, "h2e2 h9g7 h0g2\n")
    code, out, _ = _export(capsys, str(path), "--notation", "Chinese")
    assert "1. 炮二平五 馬８進７" in out  # traditional, as the window writes them, by default
    code, out, _ = _export(capsys, str(path), "--notation", "Chinese", "--script", "simplified")
    assert "1. 炮二平五 马８进７" in out  # as most record programs write them
    (again,) = records.read_pgn(out)
    assert again.main_line == game.main_line  # read back either way
    code, out, _ = _export(capsys, str(path), "--format", "moves", "--notation", "Chinese")
    assert out == "1. 炮二平五 馬８進７\n2. 傌二進三\n"


def test_export_game_of_something_else_is_one_line_and_status_2(capsys):
    # (A game with a move that cannot be played opens up to it: see test_codecs_xiangqi_record_files.)
    code, out, err = _export(capsys, "Dear club, here is the game")
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("slugboard-codec: xiangqi:")


@pytest.mark.slow
def test_an_engine_that_speaks_only_ucci(tmp_path, monkeypatch):
    monkeypatch.setattr(eng, "UCI_WAIT", 0.3)
    path = fake_engine(
        tmp_path,
        """
def say(text):
    print(text, flush=True)
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "ucci":
        say("id name Elephant")
        say("ucciok")
    elif word == "isready":
        say("readyok")
    elif word == "setoption":
        say("unexpected setoption")
        sys.exit(5)
    elif word == "go":
        say("info depth 3 score -25 pv h2e2 h9g7")
        say("bestmove h2e2")
""",
    )
    with eng.Engine(path) as engine:
        assert engine.protocol == "ucci" and engine.name == "Elephant"
        found = engine.analyse(xiangqi.new_board(), depth=3, multipv=3).to_json()
    assert found == {"lines": [{"move": "h2e2", "score": {"cp": -25}, "pv": ["h2e2", "h9g7"]}], "depth": 3}


# --- through slugboard-codec ------------------------------------------------------------


_cli = codec_cli


@pytest.mark.slow
@needs_engine
def test_slugboard_codec_analyse_prints_one_json_line():
    import json

    code, out, _ = _cli("analyse", "3k5/9/9/9/9/9/9/9/R8/R3K4 w", "--depth", "5", "--multipv", "2")
    assert code == 0 and out.count("\n") == 1
    found = json.loads(out)
    assert found["lines"][0] == {"move": "a1d1", "score": {"mate": 1}, "pv": ["a1d1"]}
    assert found["depth"] >= 5 and len(found["lines"]) == 2


def test_slugboard_codec_analyse_without_an_engine_exits_2_with_one_line(tmp_path):
    code, out, err = _cli("analyse", xiangqi.OPENING_FEN, "--engine", str(tmp_path / "none"))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "no engine program at" in err


def test_slugboard_codec_export_game_and_import(tmp_path):
    import json

    code, out, _ = _cli("export-game", "C2=5 H8+7 H2+3", "--notation", "ICCS")
    assert code == 0 and "1. H2-E2 H9-G7" in out
    path = tmp_path / "game.pgn"
    path.write_text(out)
    code, out, err = _cli("import", str(path))
    assert code == 0, err
    found = json.loads(out)
    assert found["game"] == "xiangqi" and found["moves"] == ["h2e2", "h9g7", "h0g2"]
    assert found["fen"] == xiangqi.OPENING_FEN
    assert found["final_fen"] == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b"
