"""Playing a turn, the board's problems, and the facts `info` prints."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import Problem, ProblemKind, Severity, ValueRangeError
from .game import _rack_view, _resolve, _start_grid, bag_of, rack_for_turn, racks, resolve
from .model import (
    BLANK,
    MAX_TILES,
    NAME,
    RACK_SIZE,
    SIZE,
    TILE_COUNTS_WITH_BLANKS,
    TURNS,
    Board,
    Kind,
    Tile,
    on_board,
    start_word_error,
    start_word_squares,
)
from .scoring import Word, placement_problems, score_turn
from .slug import share_url, slug_body, v4_body
from .words import word_list


def check_turn(board: Board, placed) -> tuple[tuple[Word, ...], int, list[Problem]]:  # type: ignore[no-untyped-def]
    """Preview of a turn not yet played: (words, score, problems) for tiles `placed`
    as (row, col, letter) after the board's turns."""
    game = resolve(board)
    if game is None:
        return (), 0, []
    placed = tuple(placed)
    words, score = score_turn(game.grid, placed, word_list())
    found = placement_problems(game.grid, placed)
    if len(board.tiles) + len(placed) > MAX_TILES:
        found.append(
            Problem(
                f"a letters link holds at most {MAX_TILES} tiles: the board has {len(board.tiles)}, "
                f"so this turn can place {max(0, MAX_TILES - len(board.tiles))}",
                tuple((r, c) for r, c, _ in placed),
                Severity.ERROR,
                ProblemKind.TOO_MANY,
            )
        )
    return words, score, found


def other_param_fits(board: Board) -> bool:
    """Whether the board reads as a clean game with the other rack order (`g` for `w`
    and back) while it does not with its own: the sign of a bare slug copied from a
    `?w=` link (a bare slug reads as `?g=`), or a link whose parameter was retyped."""
    if board.is_v4 or not board.start_word or not board.tiles:
        return False
    if not any(p.kind in (Kind.WORD, Kind.LINE, Kind.GAP, Kind.CONNECT) for p in problems(board)):
        return False
    other = board.with_param("w" if board.param == "g" else "g")
    return not any(p.severity == "error" for p in problems(other))


def next_turn(board: Board) -> int:
    """The turn a new play gets (TURNS + 1 when the game is over)."""
    return board.last_turn + 1


def play_turn(board: Board, placed) -> Board:  # type: ignore[no-untyped-def]
    """The board with one more turn: tiles (row, col, letter) from the current rack, each
    given the rack index the site would write (the first unused matching position). On a
    V4 board a lowercase letter is a blank standing for that letter."""
    turn = next_turn(board)
    if turn > TURNS:
        raise ValueError("the game's five turns are over")
    rack = rack_for_turn(board, turn)
    if rack is None:
        raise ValueError("the starting word is needed to play")
    if board.is_v4:
        left = list(rack)
        new = []
        for row, col, letter in placed:
            needed = BLANK if letter.islower() else letter
            if needed not in left:
                raise ValueError(f"{'a blank' if letter.islower() else letter} is not on the rack")
            left.remove(needed)
            new.append(Tile(row, col, 0, turn, letter.upper(), letter.islower()))
        if len(board.tiles) + len(new) > MAX_TILES:
            raise ValueError(f"a letters link holds at most {MAX_TILES} tiles")
        return replace(board, tiles=board.tiles + tuple(new), notes=())
    view = _rack_view(list(rack), board.param)
    used: set[int] = set()
    tiles = list(board.tiles)
    for row, col, letter in placed:
        index = next((i for i, ch in enumerate(view) if ch == letter and i not in used), None)
        if index is None:
            raise ValueError(f"{letter} is not on the rack")
        used.add(index)
        tiles.append(Tile(row, col, index, turn))
    if len(tiles) > MAX_TILES:
        raise ValueError(f"a letters link holds at most {MAX_TILES} tiles")
    return replace(board, tiles=tuple(tiles), notes=())


def problems(board: Board) -> list[Problem]:
    found: list[Problem] = []
    seen: dict[tuple[int, int], int] = {}
    for tile in board.tiles:
        seen[tile.square] = seen.get(tile.square, 0) + 1
    doubles = tuple(sq for sq, n in seen.items() if n > 1)
    if doubles:
        found.append(Problem("two tiles on one square", doubles, Severity.ERROR, ProblemKind.OVERLAP))
    for turn in range(1, TURNS + 1):
        tiles = board.tiles_of_turn(turn)
        if len(tiles) > RACK_SIZE:
            found.append(
                Problem(
                    f"turn {turn} places {len(tiles)} tiles; a rack has {RACK_SIZE}",
                    tuple(t.square for t in tiles),
                    Severity.ERROR,
                    Kind.RACK,
                )
            )
        indices = [t.rack_index for t in tiles]
        repeated = tuple(t.square for t in tiles if indices.count(t.rack_index) > 1)
        if repeated and len(tiles) <= RACK_SIZE and not board.is_v4:
            found.append(Problem(f"turn {turn} uses one rack position twice", repeated, Severity.ERROR, Kind.RACK))
    if board.start_word or board.is_v4:
        game = _resolve(board)
        start = _start_grid(board.start_word)
        on_start = tuple(t.square for t in board.tiles if t.square in start)  # type: ignore[comparison-overlap]
        if on_start:
            found.append(Problem("a tile lies on the starting word", on_start, Severity.ERROR, Kind.OCCUPIED))
        if not doubles and not on_start:
            grid = dict(start)
            for result in game.turns:
                found.extend(placement_problems(grid, result.placed, result.turn))
                for row, col, letter in result.placed:
                    grid[(row, col)] = letter  # type: ignore[index]
    else:
        found.append(
            Problem(
                "the day's starting word is not known: give it to see letters and scores",
                (),
                Severity.WARNING,
                Kind.START_WORD,
            )
        )
    found.extend(_impossible(board))
    found.extend(Problem(note, (), Severity.WARNING, ProblemKind.DECODE) for note in board.notes)
    return found


def _impossible(board: Board) -> list[Problem]:
    """What a link the site reads says that no real game can hold: a starting word longer
    than the middle row, and more of a letter (or of blanks) than the bag has."""
    found: list[Problem] = []
    word = board.start_word or ""
    if len(word) > SIZE:
        squares = tuple(sq for sq in start_word_squares(word) if on_board(sq))
        found.append(
            Problem(
                f"the starting word {word} has {len(word)} letters; the middle row holds {SIZE}, "
                f"so {len(word) - SIZE} of them are off the board",
                squares,
                Severity.ERROR,
                Kind.START_ROW,
            )
        )
    if board.is_v4:
        counts: dict[str, int] = {}
        for letter in word:
            counts[letter] = counts.get(letter, 0) + 1
        for tile in board.tiles:
            key = BLANK if tile.blank else tile.letter
            counts[key] = counts.get(key, 0) + 1
        for key in sorted(counts):
            have = TILE_COUNTS_WITH_BLANKS.get(key, 0)
            if counts[key] > have:
                what = "blanks" if key == BLANK else f"{key}s"
                cells = tuple(t.square for t in board.tiles if (BLANK if t.blank else t.letter) == key)
                found.append(
                    Problem(
                        f"the game has {counts[key]} {what} (starting word and tiles); the bag holds {have}",
                        cells,
                        Severity.ERROR,
                        Kind.BAG,
                    )
                )
    return found


def info(board: Board) -> dict[str, Any]:
    facts: dict = {  # type: ignore[type-arg]
        "game": NAME,
        "param": board.param,
        "date": board.date.isoformat(),
        "tiles": len(board.tiles),
        "tiles_per_turn": [len(board.tiles_of_turn(t)) for t in range(1, TURNS + 1)],
        "start_word": board.start_word,
        "slug_chars": len(v4_body(board) if board.is_v4 else slug_body(board)),
        "url": share_url(board),
    }
    if board.is_v4:
        facts["blanks"] = sum(t.blank for t in board.tiles)
    facts["bag"] = sum(bag_of(board).values())
    game = resolve(board)
    if game is not None:
        known = racks(board)
        if known is not None:
            facts["racks"] = ["".join(rack) for rack in known]
        facts["words"] = [w.text for w in game.words]
        facts["turn_scores"] = list(game.turn_scores)
        facts["total"] = game.total
        facts["invalid_words"] = list(game.invalid_words)
    facts["problems"] = [p.message for p in problems(board)]
    return facts


def apply_cli_options(board: Board, args) -> Board:  # type: ignore[no-untyped-def]
    """`slugboard-codec ... --start-word WORD`: resolve letters and scores with that word."""
    word = getattr(args, "start_word", None)
    if not word or board.is_v4:  # a V4 link carries its own
        return board
    problem = start_word_error(word)
    if problem:
        raise ValueRangeError(NAME, f"--start-word: {problem}")
    return board.with_start_word(word)
