"""Legal moves: every piece's movement (the horse's leg, the elephant's eye, the cannon's
screen, the palace, the river), the flying-general rule, and no move that leaves one's
own general in check; check, checkmate and stalemate (a side with no legal move loses).

A move is a pair of squares (source, target) in the board's numbering (0-89, row 0 is
Black's back rank); `iccs` names it as files a-i and ranks 0-9 from Red's side ("h2e2").
The search works on a list of 90 cells; `play` returns a new Board.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal

from ..errors import FormatError, ValueRangeError, shown
from .model import FILES, NAME, Board, is_red, square_name

Move = tuple[int, int]
Result = Literal["checkmate", "stalemate"]

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
_DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
# A horse's step (dr, dc) and the leg (dr, dc) it must find empty.
_HORSE = tuple(
    ((dr, dc), (dr // 2, 0) if abs(dr) == 2 else (0, dc // 2))
    for dr, dc in ((-2, -1), (-2, 1), (2, -1), (2, 1), (-1, -2), (1, -2), (-1, 2), (1, 2))
)


def in_palace(square: int, red: bool) -> bool:
    """Is `square` in Red's palace (`red`) or Black's?"""
    row, col = divmod(square, 9)
    return 3 <= col <= 5 and (row >= 7 if red else row <= 2)


def _own_half(row: int, red: bool) -> bool:
    return row >= 5 if red else row <= 4


def _enemy_or_empty(target: str, red: bool) -> bool:
    return not target or is_red(target) != red


def piece_moves(cells: Sequence[str], source: int) -> Iterator[int]:
    """The targets the piece on `source` reaches by its movement alone (own general's
    safety aside): empty points and enemy pieces."""
    letter = cells[source]
    red = is_red(letter)
    kind = letter.upper()
    r0, c0 = divmod(source, 9)
    if kind in "RC":
        for dr, dc in _ORTHOGONAL:
            r, c = r0 + dr, c0 + dc
            screened = False
            while 0 <= r < 10 and 0 <= c < 9:
                sq = r * 9 + c
                target = cells[sq]
                if not screened:
                    if not target:
                        yield sq
                    elif kind == "R":
                        if is_red(target) != red:
                            yield sq
                        break
                    else:
                        screened = True
                elif target:
                    if is_red(target) != red:
                        yield sq
                    break
                r, c = r + dr, c + dc
    elif kind == "N":
        for (dr, dc), (lr, lc) in _HORSE:
            r, c = r0 + dr, c0 + dc
            if 0 <= r < 10 and 0 <= c < 9 and not cells[(r0 + lr) * 9 + c0 + lc]:
                sq = r * 9 + c
                if _enemy_or_empty(cells[sq], red):
                    yield sq
    elif kind == "B":
        for dr, dc in _DIAGONAL:
            r, c = r0 + 2 * dr, c0 + 2 * dc
            if 0 <= c < 9 and 0 <= r < 10 and _own_half(r, red) and not cells[(r0 + dr) * 9 + c0 + dc]:
                sq = r * 9 + c
                if _enemy_or_empty(cells[sq], red):
                    yield sq
    elif kind in "KA":
        for dr, dc in _ORTHOGONAL if kind == "K" else _DIAGONAL:
            r, c = r0 + dr, c0 + dc
            sq = r * 9 + c
            if 0 <= r < 10 and 0 <= c < 9 and in_palace(sq, red) and _enemy_or_empty(cells[sq], red):
                yield sq
    else:  # soldier
        forward = -1 if red else 1
        steps = [(forward, 0)]
        if not _own_half(r0, red):
            steps += [(0, -1), (0, 1)]
        for dr, dc in steps:
            r, c = r0 + dr, c0 + dc
            if 0 <= r < 10 and 0 <= c < 9:
                sq = r * 9 + c
                if _enemy_or_empty(cells[sq], red):
                    yield sq


def general_attacked(cells: Sequence[str], king: int, red: bool) -> bool:
    """Is the general of `red` on `king` attacked by the other side, the facing general
    (flying general) included?"""
    r0, c0 = divmod(king, 9)
    rook, cannon, general, horse, soldier = "rcknp" if red else "RCKNP"
    for dr, dc in _ORTHOGONAL:
        r, c = r0 + dr, c0 + dc
        screens = 0
        while 0 <= r < 10 and 0 <= c < 9:
            target = cells[r * 9 + c]
            if target:
                if screens == 0:
                    if target == rook or (target == general and dc == 0):
                        return True
                    screens = 1
                else:
                    if target == cannon:
                        return True
                    break
            r, c = r + dr, c + dc
    for (dr, dc), (lr, lc) in _HORSE:
        # A horse on king - step attacks the king when its leg, next to it towards the
        # king, is empty.
        r, c = r0 - dr, c0 - dc
        if 0 <= r < 10 and 0 <= c < 9 and cells[r * 9 + c] == horse and not cells[(r + lr) * 9 + c + lc]:
            return True
    forward = 1 if red else -1  # where an enemy soldier stands to step onto the king
    r = r0 - forward
    if 0 <= r < 10 and cells[r * 9 + c0] == soldier:
        return True
    for dc in (-1, 1):
        c = c0 + dc
        if 0 <= c < 9 and cells[r0 * 9 + c] == soldier and not _own_half(r0, not red):
            return True
    return False


def _king_square(cells: Sequence[str], red: bool) -> int | None:
    letter = "K" if red else "k"
    for sq, c in enumerate(cells):
        if c == letter:
            return sq
    return None


def _legal(cells: list[str], red: bool) -> list[Move]:
    king = _king_square(cells, red)
    found: list[Move] = []
    for source, letter in enumerate(cells):
        if not letter or is_red(letter) != red:
            continue
        for target in list(piece_moves(cells, source)):
            if king is None:
                found.append((source, target))
                continue
            taken = cells[target]
            cells[target], cells[source] = letter, ""
            if not general_attacked(cells, target if source == king else king, red):
                found.append((source, target))
            cells[source], cells[target] = letter, taken
    return found


def legal_moves(board: Board) -> list[Move]:
    """Every legal move of the side to move. Without a general of its own, nothing can
    leave it in check, so every move its pieces make counts."""
    return _legal(list(board.cells), board.red_to_move)


def legal_targets(board: Board, source: int) -> list[int]:
    """Where the piece on `source` may legally go (nothing when it is not its side's turn)."""
    return [t for s, t in legal_moves(board) if s == source]


def in_check(board: Board, red: bool | None = None) -> bool:
    """Is the general of `red` (the side to move by default) attacked?"""
    side = board.red_to_move if red is None else red
    king = _king_square(board.cells, side)
    return king is not None and general_attacked(board.cells, king, side)


def result(board: Board) -> Result | None:
    """ "checkmate" or "stalemate" when the side to move has no legal move (it loses
    either way), else None."""
    if legal_moves(board):
        return None
    return "checkmate" if in_check(board) else "stalemate"


def play(board: Board, move: Move) -> Board:
    """The board after `move`, the other side to move (the move is not checked)."""
    source, target = move
    cells = list(board.cells)
    cells[target], cells[source] = cells[source], ""
    return Board(tuple(cells), not board.red_to_move)


def move_refusal(board: Board, move: Move) -> str | None:
    """Why `move` is not legal, in a player's words (None when it is)."""
    source, target = move
    cells = board.cells
    letter = cells[source]
    if not letter:
        return "there is no piece there"
    side = "red" if board.red_to_move else "black"
    if is_red(letter) != board.red_to_move:
        return f"it is {side}'s turn"
    if source == target:
        return "the piece has to move"
    if target not in set(piece_moves(cells, source)):
        return _movement_reason(board, source, target)
    if move not in legal_moves(board):
        after = list(cells)
        after[target], after[source] = letter, ""
        king = target if letter.upper() == "K" else _king_square(after, board.red_to_move)
        if king is not None and _flying(after, king):
            return "the generals would face each other on an open file"
        return (
            "that would leave your general in check"
            if in_check(board) is False
            else "your general must get out of check"
        )
    return None


def _flying(cells: Sequence[str], king: int) -> bool:
    r, c = divmod(king, 9)
    for step in (-1, 1):
        rr = r + step
        while 0 <= rr < 10:
            target = cells[rr * 9 + c]
            if target:
                return target.upper() == "K" and target != cells[king]
            rr += step
    return False


def _movement_reason(board: Board, source: int, target: int) -> str:
    cells = board.cells
    letter = cells[source]
    red = is_red(letter)
    kind = letter.upper()
    taken = cells[target]
    if taken and is_red(taken) == red:
        return "a piece cannot take one of its own side"
    r0, c0 = divmod(source, 9)
    r1, c1 = divmod(target, 9)
    dr, dc = r1 - r0, c1 - c0
    if kind == "K":
        if not in_palace(target, red):
            return "the general stays in its palace"
        return "the general moves one point along a line"
    if kind == "A":
        if not in_palace(target, red):
            return "an advisor stays in its palace"
        return "an advisor moves one point diagonally"
    if kind == "B":
        if abs(dr) == 2 and abs(dc) == 2:
            if not _own_half(r1, red):
                return "an elephant never crosses the river"
            return "the elephant's eye is blocked"
        return "an elephant moves two points diagonally"
    if kind == "N":
        if (abs(dr), abs(dc)) in ((2, 1), (1, 2)):
            return "the horse's leg is blocked"
        return "a horse moves one point along a line, then one diagonally"
    if kind in "RC":
        if dr and dc:
            return f"a {'rook' if kind == 'R' else 'cannon'} moves along a line"
        step = 9 * ((dr > 0) - (dr < 0)) + ((dc > 0) - (dc < 0))
        between = sum(1 for sq in range(source + step, target, step) if cells[sq])
        if kind == "R":
            return "a rook cannot jump over pieces"
        if taken:
            return "a cannon takes by jumping over exactly one piece"
        return "a cannon moves like a rook unless it takes" if between else "a cannon cannot take without a screen"
    if dr == (1 if red else -1):
        return "a soldier never moves backwards"
    if dc and _own_half(r0, red):
        return "a soldier moves sideways only after crossing the river"
    return "a soldier moves one point forward (or sideways once across the river)"


def iccs(move: Move) -> str:
    """ICCS coordinates of a move: "h2e2"."""
    return square_name(move[0]) + square_name(move[1])


def parse_iccs(text: str, position: int = 0) -> Move:
    """A move in ICCS coordinates ("h2e2", "H2-E2"); raises FormatError with `position`."""
    t = text.strip().lower().replace("-", "")
    if len(t) != 4 or t[0] not in FILES or t[2] not in FILES or not t[1].isdigit() or not t[3].isdigit():
        raise FormatError(NAME, f"{shown(text)} is not a move in coordinates like h2e2", position)
    return _square(t[0], t[1]), _square(t[2], t[3])


def _square(file: str, rank: str) -> int:
    return (9 - int(rank)) * 9 + FILES.index(file)


def perft(board: Board, depth: int) -> int:
    """The number of move sequences of `depth` plies from `board`."""
    return _perft(list(board.cells), board.red_to_move, depth)


def _perft(cells: list[str], red: bool, depth: int) -> int:
    moves = _legal(cells, red)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for source, target in moves:
        taken = cells[target]
        cells[target], cells[source] = cells[source], ""
        total += _perft(cells, not red, depth - 1)
        cells[source], cells[target] = cells[target], taken
    return total


def summary(board: Board) -> dict[str, Any]:
    """The legal moves (ICCS, sorted), whether the side to move is in check, and the result
    (`slugboard-codec moves`). Raises ValueRangeError for a position no game can be played
    from (no generals, 45 soldiers): its moves and its "stalemate" would mean nothing."""
    from .rules import play_problems

    blockers = play_problems(board)
    if blockers:
        reasons = "; ".join(p.message for p in blockers)
        raise ValueRangeError(NAME, f"no game can be played from this position: {reasons}")
    return {
        "moves": sorted(iccs(m) for m in legal_moves(board)),
        "in_check": in_check(board),
        "result": result(board),
    }
