"""New puzzles with one solution: a random solved grid, then givens taken away in
symmetric groups, in random order, as long as the solution stays unique."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..work import NEVER, Cancel
from .logic import rating_info
from .model import BOXES, Board
from .model import SYMMETRIES as SYMMETRIES  # the choices orbit() takes, named with it
from .solver import count_solutions, solve


def orbit(i: int, symmetry: str) -> tuple[int, ...]:
    """The cells that must be given or empty together with cell i."""
    r, c = divmod(i, 9)
    if symmetry == "rotational":
        other = 80 - i
    elif symmetry == "diagonal":
        other = c * 9 + r
    elif symmetry == "mirror":
        other = r * 9 + 8 - c
    elif symmetry == "none":
        other = i
    else:
        raise ValueError(f"unknown symmetry {symmetry!r}; use one of {', '.join(SYMMETRIES)}")
    return tuple(sorted({i, other}))


def is_symmetric(board: Board, symmetry: str) -> bool:
    return all(bool(board.cells[i]) == bool(board.cells[j]) for i in range(81) for j in orbit(i, symmetry))


def random_solution(rng: random.Random) -> Board:
    """Three independent boxes filled at random, the rest by the solver (always solvable)."""
    cells = [0] * 81
    for box in (BOXES[0], BOXES[4], BOXES[8]):
        for i, d in zip(box, rng.sample(range(1, 10), 9)):
            cells[i] = d
    solved = solve(Board(tuple(cells)))
    assert solved is not None
    # Relabel digits at random so the solver's order leaves no trace.
    relabel = [0, *rng.sample(range(1, 10), 9)]
    return Board(tuple(relabel[d] for d in solved.cells))


def _carve(solution: Board, rng: random.Random, symmetry: str, givens: int, cancel: Cancel) -> Board:
    cells = list(solution.cells)
    seen: set[tuple[int, ...]] = set()
    order = []
    for i in rng.sample(range(81), 81):
        group = orbit(i, symmetry)
        if group not in seen:
            seen.add(group)
            order.append(group)
    for group in order:
        cancel.check()
        if sum(1 for d in cells if d) - len(group) < givens:
            continue
        kept = [cells[i] for i in group]
        for i in group:
            cells[i] = 0
        if count_solutions(Board(tuple(cells)), cancel=cancel) != 1:
            for i, d in zip(group, kept):
                cells[i] = d
    return Board(tuple(cells))


def make_minimal(puzzle: Board, rng: random.Random, cancel: Cancel = NEVER) -> Board:
    """The puzzle with every given taken away, one at a time, that the solution does not
    need: what is left is minimal (no given can go). Givens taken away alone may leave a
    symmetric puzzle lopsided; a given that could not go before cannot go later, as fewer
    givens never make fewer solutions, so one pass is enough."""
    cells = list(puzzle.cells)
    for i in rng.sample(range(81), 81):
        cancel.check()
        if cells[i]:
            kept, cells[i] = cells[i], 0
            if count_solutions(Board(tuple(cells)), cancel=cancel) != 1:
                cells[i] = kept
    return Board(tuple(cells))


def generate(
    *,
    givens: int | None = None,
    symmetry: str = "rotational",
    rating: tuple[float, float] | None = None,
    seed: int | None = None,
    attempts: int = 200,
    minimal: bool = False,
    cancel: Cancel = NEVER,
    progress: Callable[[float], None] | None = None,
) -> Board:
    """A puzzle with one solution, the asked symmetry, at most `givens` givens when
    that many can be reached (the fewest found otherwise), and a rating in the range
    when one is asked; with `minimal`, every given needed (see make_minimal). Raises
    ValueError when `attempts` grids give none in range. `progress` hears the share of
    the attempts made (0 to 1), as `cancel`'s own does."""
    if progress is not None:
        cancel = cancel.with_progress(progress)
    orbit(0, symmetry)  # check the name
    if givens is not None and not 17 <= givens <= 81:
        raise ValueError("givens must be between 17 and 81")
    rng = random.Random(seed)
    best: Board | None = None
    # What the search met, to say which choice to relax when nothing fits all of them:
    # the ratings of the puzzles with few enough givens, and the fewest givens of those rated in range.
    few_ratings: list[float] = []
    rated_givens: list[int] = []
    for n in range(attempts):
        cancel.check()
        cancel.report(n / attempts)
        puzzle = _carve(random_solution(rng), rng, symmetry, givens or 17, cancel)
        if minimal:
            puzzle = make_minimal(puzzle, rng, cancel)
        too_many = givens is not None and puzzle.givens > givens
        if too_many and (best is None or puzzle.givens < best.givens):
            best = puzzle
        if rating is None:
            if too_many:
                continue
            return puzzle
        value = rating_info(puzzle, cancel=cancel)["rating"]
        in_range = rating[0] <= value <= rating[1]
        if too_many:
            if in_range:
                rated_givens.append(puzzle.givens)
            continue
        if in_range:
            return puzzle
        few_ratings.append(value)
    if best is not None and rating is None:
        return best
    raise ValueError(_why_none(attempts, givens, rating, few_ratings, rated_givens))


def _why_none(
    attempts: int,
    givens: int | None,
    rating: tuple[float, float] | None,
    few_ratings: list[float],
    rated_givens: list[int],
) -> str:
    """Why no puzzle fitted, and which choice to relax, from what the search met."""
    start = f"no puzzle found in {attempts} tries"
    if rating is None or givens is None:
        return f"{start}; widen the rating range or allow more givens"
    asked = f"rated {rating[0]:g} to {rating[1]:g}"
    if rated_givens:
        fewest = min(rated_givens)
        return (
            f"{start} with at most {givens} givens {asked}: puzzles {asked} kept {fewest} givens or more; "
            f"allow {fewest} givens, or widen the rating range"
        )
    if few_ratings:
        low, high = min(few_ratings), max(few_ratings)
        return (
            f"{start} {asked}: those with at most {givens} givens rated {low:g} to {high:g}; "
            f"widen the rating range to reach them"
        )
    return f"{start} {asked} or with at most {givens} givens; allow more givens and widen the rating range"


def parse_rating(text: str) -> tuple[float, float]:
    """'1.0-2.5' (or one number) as a range; ValueError for anything else."""
    low, sep, high = text.partition("-")
    try:
        lo = float(low)
        hi = float(high) if sep else lo
    except ValueError:
        raise ValueError(f"rating {text!r} is not a range such as 1.0-2.5") from None
    if not (0 <= lo <= hi <= 20):
        raise ValueError(f"rating {text!r} is not a range such as 1.0-2.5")
    return lo, hi


def generate_from_cli(
    givens: int | None,
    symmetry: str,
    rating: str | None,
    seed: int | None,
    cancel: Cancel = NEVER,
    *,
    minimal: bool = False,
) -> str:
    from .slug import encode

    board = generate(
        givens=givens,
        symmetry=symmetry,
        rating=parse_rating(rating) if rating else None,
        seed=seed,
        minimal=minimal,
        cancel=cancel,
    )
    return encode(board)
