"""The move finder: every legal play for a board and a rack, checked against a brute-force
search that tries every ordering of every part of the rack at every square of every line
and keeps what the game's own rules accept (`placement_problems`), scored by the game's own
scoring (`score_turn`); its cache on disk; the `best` command."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from slugboard.codecs import cli, letters
from slugboard.codecs.letters import moves
from slugboard.codecs.letters.game import _start_grid

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
START_WORDS = ("RUNNELS", "GRANDPA", "INMATE", "QUARTZ", "SAILING", "OX", "JIVE")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def brute_force(grid, rack):
    """{placed squares and faces: score} of every legal play, found the slow way."""
    found = {}
    tiles = list(rack)
    orders = set()
    for k in range(1, len(tiles) + 1):
        for order in itertools.permutations(tiles, k):
            orders.add(order)
    faced = set()
    for order in orders:
        choices = [[ch.lower() for ch in ALPHABET] if t == "_" else [t] for t in order]
        faced.update(itertools.product(*choices))
    for across in (True, False):
        for line in range(letters.SIZE):
            squares = [(line, i) if across else (i, line) for i in range(letters.SIZE)]
            for start in range(letters.SIZE):
                free = [sq for sq in squares[start:] if sq not in grid]
                if squares[start] in grid:
                    continue
                for faces in faced:
                    if len(faces) > len(free):
                        continue
                    placed = tuple((r, c, f) for (r, c), f in zip(free, faces))
                    near = any(
                        (r + dr, c + dc) in grid for r, c, _ in placed for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    )
                    if not near and not any(
                        (r, c) in grid for r, c in squares[start : squares.index(free[len(faces) - 1]) + 1]
                    ):
                        continue
                    if letters.placement_problems(grid, placed):
                        continue
                    found[tuple(sorted(placed))] = letters.score_turn(grid, placed)[1]
    return found


def random_position(rng):
    """A board of a starting word and a few plays the finder made, and a rack of 1-4 tiles
    (at most 3 with a blank) from what is left of the bag."""
    word = rng.choice(START_WORDS)
    grid = dict(_start_grid(word))
    bag = [ch for ch, n in letters.TILE_COUNTS.items() for _ in range(n)]
    for _ in range(rng.randrange(0, 4)):
        rack = rng.sample(bag, 7)
        plays = moves.find_plays(grid, rack)
        if plays:
            play = rng.choice(plays[:40])
            grid.update({(r, c): f for r, c, f in play.placed})
    size = rng.randrange(1, 5)
    rack = rng.sample(bag, size)
    if size <= 3 and rng.random() < 0.3:
        rack[0] = "_"
    return grid, rack


def _check_positions(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        grid, rack = random_position(rng)
        expected = brute_force(grid, rack)
        got = {play.placed: play.score for play in moves.find_plays(grid, rack)}
        assert got == expected, (grid, rack, set(got) ^ set(expected))


@pytest.mark.slow
def test_the_finder_gives_every_play_the_brute_force_gives_with_its_score():
    _check_positions(seed=1, count=6)


@pytest.mark.slow
def test_the_finder_agrees_with_the_brute_force_on_fifty_positions():
    # 50 random positions in full (each with a full rack, blanks among them) after the six above.
    _check_positions(seed=2, count=examples(50))


def _full_rack_positions(seed, count):
    """Boards as `random_position` makes them, each with a rack of seven tiles from the bag
    with its two blanks (none, one or both in the rack)."""
    rng = random.Random(seed)
    bag = [ch for ch, n in letters.TILE_COUNTS_WITH_BLANKS.items() for _ in range(n)]
    for _ in range(count):
        grid, _ = random_position(rng)
        yield grid, rng.sample(bag, 7)


def _check_best_against_every_play(seed, count):
    for grid, rack in _full_rack_positions(seed, count):
        plays = moves.find_plays(grid, rack)
        for top in (1, 3, 10):
            assert moves.best_plays(grid, rack, top=top) == plays[:top], (grid, rack, top)


@pytest.mark.slow
def test_the_best_plays_found_by_pruning_are_the_first_of_every_play_ranked():
    _check_best_against_every_play(seed=4, count=6)


@pytest.mark.slow
def test_the_best_plays_found_by_pruning_agree_with_every_play_on_many_positions():
    _check_best_against_every_play(seed=5, count=examples(40))  # 40 full racks in full, three tops each


@pytest.mark.slow
def test_no_play_scores_above_the_ceiling_of_the_anchor_it_is_found_from():
    # The pruning leaves a branch whose ceiling is below a score found: a ceiling that is
    # ever too low would lose plays. Each play is found from the first square of its line
    # that is an anchor and takes one of its tiles.
    for grid, rack in _full_rack_positions(seed=6, count=10):
        values = tuple(sorted((letters.VALUES.get(t, 0) for t in rack), reverse=True))
        lines = moves._board_lines(grid, moves.lexicon())
        for play in moves.find_plays(grid, rack):
            line = lines[
                (0 if play.across else letters.SIZE) + (play.placed[0][0] if play.across else play.placed[0][1])
            ]
            along = sorted(c if play.across else r for r, c, _ in play.placed)
            anchor = next(i for i in along if line.anchor[i])
            ceilings = moves._anchor_ceilings(line, anchor, values)
            left = sum(1 for i in along if i < anchor)
            assert play.score <= ceilings[left if len(ceilings) > 1 else 0], (grid, rack, play)


@pytest.mark.slow
def test_best_play_of_a_real_game_position_is_scored_as_the_game_scores():
    board = letters.decode("https://letters.wiki/?_=IaGQ1gJkqcVK44tyzAIMk0oVkzDTwZRSFOERBZmTmiEaMSGkYROgguTCrNNs8S0C6A")
    game = letters.resolve(board)
    grid = dict(_start_grid(board.start_word))
    for turn in game.turns[:3]:
        grid.update({(r, c): f for r, c, f in turn.placed})
    for rack in ("AERSTIN", "AERST_N"):
        plays = moves.find_plays(grid, rack)
        assert plays == sorted(plays, key=lambda p: (-p.score, p.placed))
        best = moves.best_plays(grid, rack, top=5)
        assert best == plays[:5]
        for play in best:
            words, score = letters.score_turn(grid, play.placed, letters.word_list())
            assert score == play.score and all(w.valid for w in words)
            assert not letters.placement_problems(grid, play.placed)
    assert moves.best_plays(grid, "AERSTIN", top=1)[0].score == 85  # RETAINS down the last column, with 50


@pytest.mark.slow
def test_the_lexicon_cache_is_made_once_and_a_damaged_one_is_made_again(tmp_path):
    path = tmp_path / "lexicon.txt"
    source = b"\n".join(w.encode() for w in itertools.islice(letters.word_list(), 0, None, 20)) + b"\n"
    made = moves.load_lexicon(str(path), source)
    assert "AA" in made.words and len(made.words) > 5000
    data = path.read_bytes()
    assert data.startswith(moves.CACHE_MAGIC)
    again = moves.load_lexicon(str(path), source)
    assert again.words == made.words and again.follow == made.follow
    # one byte changed, the body cut short, another list's digest, nothing: each is made again
    for damaged in (
        data[:-5] + b"Q" + data[-4:],
        data[: len(data) // 2],
        data.replace(data[len(moves.CACHE_MAGIC) : len(moves.CACHE_MAGIC) + 8], b"00000000", 1),
        b"",
    ):
        path.write_bytes(damaged)
        assert moves.load_lexicon(str(path), source).words == made.words
        assert path.read_bytes() == data
    path.unlink()
    path.mkdir()
    assert moves.load_lexicon(str(path), source).words == made.words  # not a file: not read, not written


def test_a_sound_looking_cache_that_lies_is_refused():
    lex = moves.Lexicon.from_words(["AB", "ABC", "CAT"])
    data = lex.to_bytes("d")
    assert moves.Lexicon.from_bytes(data, "d").words == lex.words
    assert moves.Lexicon.from_bytes(data, "other") is None
    # a table whose letters lead nowhere, with a digest that matches it
    fake = moves.Lexicon(frozenset({"AB"}), {"": "AZ", "A": "B"})
    assert moves.Lexicon.from_bytes(fake.to_bytes("d"), "d") is None


INMATE = "https://letters.wiki/?_=IaGQ1gJkqcVK44tyzAIMk0oVkzDTwZRSFOERBZmTmiEaMSGkYROgguTCrNNs8S0C6A"


def test_best_command_prints_the_top_plays_of_a_turn(capsys):
    assert cli.run(["best", INMATE, "--turn", "4", "--top", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["turn"] == 4 and out["rack"] == "OEEELRE"
    board = letters.decode(INMATE)
    grid, rack = moves.position_before(board, 4)
    assert "".join(rack) == out["rack"]
    plays = out["plays"]
    assert len(plays) == 3 and [p["score"] for p in plays] == sorted((p["score"] for p in plays), reverse=True)
    for p in plays:
        placed = tuple((r, c, f) for r, c, f in p["cells"])
        assert letters.score_turn(grid, placed)[1] == p["score"]
        assert not letters.placement_problems(grid, placed)
        assert sorted(p["tiles_used"]) == sorted(f for _, _, f in placed)
    # the game played LORE on turn 4 for 25: the best play of that rack
    assert plays[0]["word"] == "LORE" and plays[0]["score"] == letters.resolve(board).turn_scores[3]


def test_best_command_says_what_it_needs(capsys):
    old = "https://letters.wiki/?g=IOFtKUQJlleEyrQRnJDehOUpqVNA"
    assert cli.run(["best", INMATE]) == 2
    assert "give --turn" in capsys.readouterr().err
    assert cli.run(["best", old, "--turn", "2"]) == 2
    assert "--start-word" in capsys.readouterr().err
    assert cli.run(["best", old, "--start-word", "runnels", "--turn", "2", "--top", "1", "--rack", "aerst_n"]) == 0
    (play,) = json.loads(capsys.readouterr().out)["plays"]
    assert "_" in play["tiles_used"] and any(f.islower() for _, _, f in play["cells"])
    assert cli.run(["best", old, "--start-word", "runnels", "--turn", "2", "--rack", "a1"]) == 2
    assert cli.run(["best", INMATE, "--turn", "9"]) == 2


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=400), st.integers(0, 3))
def test_a_cache_of_any_bytes_is_read_whole_or_refused(data, how):
    good = moves.Lexicon.from_words(["AB", "ABC", "CAT"]).to_bytes("d")
    text = (data, moves.CACHE_MAGIC + data, good[: len(good) // 2] + data, good + data)[how]
    lexicon = moves.Lexicon.from_bytes(text, "d")
    assert lexicon is None or isinstance(lexicon, moves.Lexicon)
    if how == 3 and data:
        assert lexicon is None  # anything after the body breaks its digest
