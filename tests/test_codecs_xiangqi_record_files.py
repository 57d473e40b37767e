"""Game record files as real programs and sites leave them: a footer after the result,
several games in a file (`import --list`, `--game N`), a large XQF opening tree, a move
that cannot be played inside a variation or the main line, a web page or text file that
holds a record, and the notations programs write (full-width WXF, numbered soldiers,
SAN-style moves). What Copy moves writes reads back from any position.

The independent readings: cchess (GPL, tests only) for XQF trees and a SAN-style writer
written here from the notation's rule (piece letter, the file or rank only when two
pieces could go, the target), which shares no code with the reader."""

from __future__ import annotations

import json
import random
import time
import tracemalloc

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_codecs_xiangqi_records import random_record, write_xqf

from slugboard.codecs import xiangqi
from slugboard.codecs.cli import run
from slugboard.codecs.errors import SlugError
from slugboard.codecs.xiangqi import records as rec
from slugboard.codecs.xiangqi import tree
from slugboard.codecs.xiangqi.moves import iccs, legal_moves, parse_iccs, piece_moves, play
from slugboard.codecs.xiangqi.notation import chinese, game_text, parse_game, parse_move

# As xqbase.com and XQ Wizard end every PGN they write.
FOOTER = "\n\n============================\n 欢迎访问《象棋百科全书网》 \n 推荐用《象棋巫师》软件打开本棋谱 \n\n"
GAME = '[Game "Chinese Chess"]\n[Event "甲"]\n[Red "红方"]\n[Black "黑方"]\n[Format "Chinese"]\n\n1. 炮二平五 马８进７\n2. 马二进三 车９平８\n1-0'


def _line(game) -> list[str]:
    return [iccs(m) for m in game.main_line]


# --- what follows a game ---------------------------------------------------------------


def test_the_footer_after_the_result_is_read_past():
    (game,) = rec.read_bytes((GAME + FOOTER).encode("gbk"))
    assert _line(game) == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert game.tags["Result"] == "1-0" and not game.problems
    # A footer holding brackets and numbers, then blank lines and a second game.
    second = GAME.replace("甲", "乙").replace("马二进三 车９平８", "兵七进一 卒７进１")
    games = rec.read_text(GAME + "\n[ 1. 2. ] (see) 0-1 ;\n\n\n" + second + FOOTER)
    assert [g.tags["Event"] for g in games] == ["甲", "乙"]
    assert _line(games[1])[2:] == ["c3c4", "g6g5"]


def test_a_file_of_several_games_lists_them_and_opens_the_one_asked_for(tmp_path, capsys):
    path = tmp_path / "games.pgn"
    second = GAME.replace("甲", "乙").replace("\n2. 马二进三 车９平８", "")
    path.write_text(GAME + FOOTER + second + FOOTER, encoding="utf-8")
    read = rec.read_records(path)
    assert [(r.facts["number"], r.facts["games"], r.facts["title"]) for r in read] == [(1, 2, "甲"), (2, 2, "乙")]
    assert run(["import", "--list", str(path)]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(g["number"], g["title"], g["moves"]) for g in listed] == [(1, "甲", 4), (2, "乙", 2)]
    assert run(["import", "--game", "2", str(path)]) == 0
    (chosen,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert chosen["moves"] == ["h2e2", "h9g7"] and chosen["tags"]["Event"] == "乙"
    assert run(["import", "--game", "3", str(path)]) == 2
    assert "holds 2, so --game 3 is not one of them" in capsys.readouterr().err


def test_export_game_says_what_was_left_out(tmp_path, capsys):
    path = tmp_path / "cut.pgn"
    text = "1. C2=5 H8+7 2. K5+3 *"
    path.write_text(text, encoding="utf-8")
    assert run(["export-game", str(path), "--format", "moves", "--notation", "ICCS"]) == 0
    out, err = capsys.readouterr()
    assert out == "h2e2 h9g7\n"
    assert err == (
        f"slugboard-codec: The game stops before move 2 (K5+3, character {text.index('K5+3') + 1}): "
        "it cannot be played (K5+3 is not a legal move here)\n"
    )


def test_a_game_of_many_that_cannot_be_read_is_left_out_with_a_word():
    text = '[Event "a"]\n1. C2=5 *\n\n[Event "b"]\n[FEN "9/9 w"]\n1. C2=5 *\n\n[Event "c"]\n1. h2e2 ] h9g7 *\n'
    games = rec.read_pgn(text)
    assert [(g.tags["Event"], _line(g)) for g in games] == [("a", ["h2e2"]), ("c", ["h2e2"])]
    (skipped,) = games[0].problems
    moves = text.index("1. C2=5", text.index("9/9"))  # where the game's moves start
    assert skipped.startswith(f"A game (character {moves + 1}) is left out: the FEN tag")
    assert games[1].problems == [
        f"The game stops before move 1... (], character {text.index(']', text.index('h2e2')) + 1}): "
        "it cannot be played (it has no place in a PGN game)"
    ]
    with pytest.raises(SlugError, match="the FEN tag cannot be read"):
        rec.read_pgn('[FEN "9/9 w"]\n1. C2=5 *')


# --- size ------------------------------------------------------------------------------


def _random_move(board: xiangqi.Board, rng: random.Random):
    """A random legal move, found by trying the pieces' moves one at a time (listing every
    legal move of each of 30,000 positions would take most of a minute)."""
    mine = [s for s, c in enumerate(board.cells) if c and c.isupper() == board.red_to_move]
    while True:
        source = rng.choice(mine)
        targets = list(piece_moves(board.cells, source))
        if targets:
            move = (source, rng.choice(targets))
            if tree.is_legal(board.cells, board.red_to_move, move):
                return move


def _opening_tree(seed: int, moves: int) -> rec.GameRecord:
    """An opening tree of `moves` moves: lines of 6-16 moves from the opening, following
    known lines and leaving them at random points, as an opening book's file is."""
    rng = random.Random(seed)
    record = rec.GameRecord(xiangqi.new_board())
    count = 0
    while count < moves:
        node, board = record.root, record.start
        for _ in range(rng.randint(6, 16)):
            if node.children and rng.random() < 0.7:
                child = rng.choice(node.children)
            else:
                before = len(node.children)
                child = node.add(_random_move(board, rng))
                count += len(node.children) - before
            node, board = child, play(board, child.move)
    return record


def _leaf_lines(game: rec.GameRecord) -> set[tuple[str, ...]]:
    found = set()
    stack = [(game.root, ())]
    while stack:
        node, line = stack.pop()
        if not node.children:
            found.add(line)
        stack.extend((child, (*line, iccs(child.move))) for child in node.children)
    return found


@pytest.mark.slow
def test_a_large_xqf_opening_tree_reads_whole():
    # Read against the tree written (cchess agrees with our reading of XQF trees in
    # test_codecs_xiangqi_records; it takes most of a minute over one this large).
    record = _opening_tree(5, 32_000)
    nodes = sum(1 for _ in rec.iter_nodes(record)) - 1
    assert nodes > 20_000  # more moves than the fixed limit allowed before
    data = write_xqf(record, 18, 3)
    assert 120_000 < len(data) < 160_000  # as large as real opening trees
    started = time.perf_counter()
    game = rec.read_xqf(data)
    assert time.perf_counter() - started < 30
    assert not game.problems and _leaf_lines(game) == _leaf_lines(record)
    assert game.variations() == record.variations()


def _chain(branches: int, queries: int) -> str:
    """Rooks going to and fro: variation b leaves variation b - 1 at its end, one move
    longer; then `queries` variations leave the last one at its second move, each reached
    only by stepping back through every variation before it."""
    shuffle = ["0908", "0001", "0809", "0100"]
    fields = ["[DhtmlXQ_movelist]0908[/DhtmlXQ_movelist]"]
    fields += [
        f"[DhtmlXQ_move_{b - 1}_{b + 1}_{b}]{shuffle[b % 4]}[/DhtmlXQ_move_{b - 1}_{b + 1}_{b}]"
        for b in range(1, branches)
    ]
    last = branches - 1
    fields += [
        f"[DhtmlXQ_move_{last}_2_{b}]0001[/DhtmlXQ_move_{last}_2_{b}]" for b in range(branches, branches + queries)
    ]
    return "[DhtmlXQ]" + "".join(fields) + "[/DhtmlXQ]"


@pytest.mark.slow
def test_a_dhtmlxq_file_that_asks_for_more_work_than_its_size_is_refused():
    (game,) = rec.read_text(_chain(300, 50))
    assert len(game.main_line) == 300 and not game.problems
    started = time.perf_counter()
    with pytest.raises(SlugError, match="share more moves than its size can hold"):
        rec.read_text(_chain(1000, 2000))
    assert time.perf_counter() - started < 20


# --- moves that cannot be played -------------------------------------------------------


def test_a_pgn_variation_with_a_move_that_cannot_be_played_is_cut_there():
    text = "1. C2=5 (1. H2+3 H8+7 2. K5+5 (2. R1=2) C8=5) H8+7 (1... R9+9 (1... C8=6)) 2. H2+3 *"
    (game,) = rec.read_pgn(text)
    assert _line(game) == ["h2e2", "h9g7", "h0g2"]
    lines = [(ply, [iccs(m) for m in line]) for ply, line in game.variations()]
    # What follows the move left out in its variation is left out too, nested variations included.
    assert lines == [(0, ["h0g2", "h9g7"])]
    assert game.problems == [
        f"A variation at move 2 (K5+5, character {text.index('K5+5') + 1}) cannot be played "
        "(K5+5 is not a legal move here): the variation is cut there",
        f"A variation at move 1... (R9+9, character {text.index('R9+9') + 1}) cannot be played "
        "(R9+9 is not a legal move here): the variation is cut there",
    ]


def _with_bad_branch(main_bad: bool) -> tuple[rec.GameRecord, str]:
    """A record whose variation (or main line) holds a move no piece can make."""
    record = random_record(11, plies=12)
    node = record.root.children[0].children[0]  # after two moves
    board = play(play(record.start, record.root.children[0].move), node.move)
    general = board.cells.index("K")
    bad = (general, general - 27)  # three rows forward: no general moves so
    branch = rec.Node(bad, node)
    node.children.insert(0 if main_bad else len(node.children), branch)
    branch.children.append(rec.Node(parse_iccs("a9a8"), branch))
    return record, iccs(bad)


@pytest.mark.parametrize("main_bad", [False, True])
def test_an_xqf_move_that_cannot_be_played_cuts_its_branch(main_bad):
    record, bad = _with_bad_branch(main_bad)
    game = rec.read_xqf(write_xqf(record, 12, 2))
    (problem,) = game.problems
    assert bad in problem and "byte" in problem
    if main_bad:
        assert problem.startswith("The game stops") and game.main_line == record.main_line[:2]
    else:
        assert problem.startswith("A variation is cut")
        assert game.main_line == record.main_line


def test_a_dhtmlxq_move_that_cannot_be_played_cuts_its_branch():
    text = (
        "[DhtmlXQ][DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]"
        "[DhtmlXQ_move_0_2_1]10224044[/DhtmlXQ_move_0_2_1]"  # its second move (a general's leap) cannot be played
        "[DhtmlXQ_move_1_3_2]1210[/DhtmlXQ_move_1_3_2]"  # leaves variation 1 where it was cut
        "[DhtmlXQ_move_0_3_3]8988[/DhtmlXQ_move_0_3_3][/DhtmlXQ]"
    )
    (game,) = rec.read_text(text)
    assert _line(game) == ["h2e2", "h9g7", "h0g2"]
    assert [(ply, [iccs(m) for m in line]) for ply, line in game.variations()] == [(1, ["b9c7"]), (2, ["i0i1"])]
    assert game.problems == [
        f"Variation 1 is cut at the move e9e5 (character {text.index('4044') + 1}): it cannot be played there",
        f"Variation 2 (character {text.index('1210') + 1}) leaves a move that is not there: left out",
    ]


# --- files told apart by what they hold ------------------------------------------------


def test_web_pages_and_text_files_holding_a_record_open_as_records(tmp_path):
    (kind,) = xiangqi.FILE_TYPES
    page = tmp_path / "game.htm"
    page.write_text(
        "<html><body><h3>A &amp; B</h3><pre>[Event &quot;Club &amp; Co&quot;]<br>"
        "1. C2=5 H8+7 2. H2+3</pre></body></html>",
        encoding="utf-8",
    )
    text = tmp_path / "game.txt"
    text.write_bytes(GAME.encode("gb18030"))
    slug = tmp_path / "link.txt"
    slug.write_text("xiangqi:abc")
    blocks = tmp_path / "two.html"
    block = "[DhtmlXQ][DhtmlXQ_title]{}[/DhtmlXQ_title][DhtmlXQ_movelist]{}[/DhtmlXQ_movelist][/DhtmlXQ]"
    blocks.write_text("<p>" + block.format("一", "7747") + "</p><p>" + block.format("二", "77471022") + "</p>")
    assert [kind.matches(str(p)) for p in (page, text, slug, blocks)] == [True, True, False, True]
    (game,) = rec.read_file(page)
    assert game.tags["Event"] == "Club & Co" and _line(game) == ["h2e2", "h9g7", "h0g2"]
    assert _line(rec.read_file(text)[0]) == ["h2e2", "h9g7", "h0g2", "i9h9"]
    assert [(g.tags["Title"], len(g.main_line)) for g in rec.read_file(blocks)] == [("一", 1), ("二", 2)]


# --- notation as programs write it -----------------------------------------------------


def test_full_width_wxf_reads_as_ascii():
    start, moves = parse_game("1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９．８")
    assert [iccs(m) for m in moves] == ["h2e2", "h9g7", "h0g2", "i9h9"]


# Red soldiers tandem on two files: c (file 7) and g (file 3); a lone one on e.
TWO_FILES = "4k4/9/9/2P3P2/2P3P2/4P4/9/9/9/4K4 w"


@pytest.mark.parametrize(
    "written, move",
    [
        ("一兵进一", "g6g7"),  # numbered from Red's right file, front to rear
        ("二兵平四", "g5f5"),
        ("三兵进一", "c6c7"),
        ("四兵平八", "c5b5"),
        ("前兵三进一", "g6g7"),  # by front and rear with the file
        ("後兵七平八", "c5b5"),
        ("前七进一", "c6c7"),
        ("后三平四", "g5f5"),
        ("兵五进一", "e4e5"),
        ("+3+1", "g6g7"),
        ("7-=8", "c5b5"),
    ],
)
def test_soldiers_tandem_on_two_files_read_in_either_convention(written, move):
    board = xiangqi.from_fen(TWO_FILES)
    assert iccs(parse_move(board, written)) == move


def test_soldiers_tandem_on_two_files_are_written_numbered_and_a_bare_front_is_refused():
    board = xiangqi.from_fen(TWO_FILES)
    assert chinese(board, parse_iccs("g6g7")) == "一兵進一"
    assert chinese(board, parse_iccs("c5b5")) == "四兵平八"
    with pytest.raises(SlugError, match="names more than one move"):
        parse_move(board, "前兵进一")
    black = xiangqi.from_fen("4k4/9/9/9/4p4/2p3p2/2p3p2/9/9/4K4 b")
    assert chinese(black, parse_iccs("c3c2")) == "一卒進１"  # Black's right is file a's side
    assert iccs(parse_move(black, "１卒进１")) == "c3c2"


def _san(board, move, ranks_from: int) -> str:
    """SAN-style, written here from the rule: the piece's letter (none for a soldier), its
    file or else its rank when another piece of its kind could go there, x on a capture."""
    source, target = move
    letter = board.cells[source].upper()
    same = [m for m in legal_moves(board) if m[1] == target and m != move and board.cells[m[0]] == board.cells[source]]
    name = lambda sq: f"{'abcdefghi'[sq % 9]}{9 - sq // 9 + ranks_from}"  # noqa: E731
    where = ""
    if same:
        where = name(source)[0] if all(m[0] % 9 != source % 9 for m in same) else name(source)[1:]
    piece = {"P": "", "N": "H", "B": "E"}.get(letter, letter)
    return f"{piece}{where}{'x' if board.cells[target] else ''}{name(target)}"


@pytest.mark.parametrize("ranks_from", [0, 1])
@pytest.mark.parametrize("seed", range(4))
def test_san_style_games_read_with_ranks_from_zero_or_one(seed, ranks_from):
    rng = random.Random(seed)
    board, words, moves = xiangqi.new_board(), [], []
    for _ in range(80):
        options = legal_moves(board)
        if not options:
            break
        move = rng.choice(options)
        words.append(_san(board, move, ranks_from))
        moves.append(move)
        board = play(board, move)
    text = (
        '[Variant "xiangqi"]\n\n'
        + " ".join(f"{i // 2 + 1}. {w}" if i % 2 == 0 else w for i, w in enumerate(words))
        + " *"
    )
    (game,) = rec.read_pgn(text)
    assert game.main_line == moves and not game.problems


def test_san_style_as_engine_guis_write_it():
    (game,) = rec.read_pgn('[Variant "xiangqi"]\n\n1. Che3 Hg8 2. Hg3 Rh10 3. Rh1 c6 *')
    assert _line(game) == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "c6c5"]
    (game,) = rec.read_pgn('[Variant "xiangqi"]\n\n1. Che2 Hg7 2. Hg2 Rh9 3. Rh0 c5 *')
    assert _line(game) == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "c6c5"]


# --- Copy moves, Paste moves -----------------------------------------------------------


def _random_position(rng: random.Random) -> xiangqi.Board:
    board = xiangqi.new_board()
    for _ in range(rng.randint(0, 60)):
        options = legal_moves(board)
        if not options:
            break
        board = play(board, rng.choice(options))
    return board


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 40))
def test_what_copy_moves_writes_reads_back_from_any_position(rng, plies):
    start = _random_position(rng)
    board, moves = start, []
    for _ in range(plies):
        options = legal_moves(board)
        if not options:
            break
        moves.append(rng.choice(options))
        board = play(board, moves[-1])
    assert parse_game(game_text(start, moves)) == (start, moves)


# --- bad input -------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=3000), st.integers(0, 10_000), st.sampled_from(["html", "pgn", "ubb", "san"]))
def test_damaged_real_files_give_a_record_or_a_slug_error_quickly(noise, at, name):
    from pathlib import Path

    real = Path(__file__).parent / "data" / "real" / "xiangqi"
    source = {
        "html": "wxf-master-db-116.html",
        "pgn": "moonriver-game06-gbk-chinese.pgn",
        "ubb": "ccbridge-variations.ubb",
        "san": "winboard-wukong-maxqi-1.pgn",
    }[name]
    data = (real / source).read_bytes()
    at %= len(data)
    for damaged in (data[:at] + noise + data[at:], data[:at] + noise, noise):
        started = time.perf_counter()
        tracemalloc.start()
        try:
            for game in rec.read_bytes(damaged):
                assert len(game.problems) <= tree.MAX_PROBLEMS
        except SlugError:
            pass
        finally:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        assert rec.holds_record(damaged) in (True, False)
        assert time.perf_counter() - started < 5 and peak < 32_000_000
