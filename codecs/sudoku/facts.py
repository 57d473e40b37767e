"""What `slugboard-codec info` and `hint` say about a sudoku: givens, problems, the
solution count and, when there is one solution, the solution itself; for a classic puzzle
the rating of a logical solve, whether every given is needed and the next logical step; for
a variant its size, form and constraints."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..work import NEVER, Cancel
from .model import DIGITS, NAME, Board


def solution_text(board: Board) -> str:
    """The digits row by row, `size` x `size` characters, 10-16 as A-G."""
    return "".join(DIGITS[d - 1] if d else "." for d in board.cells)


def info(board: Board, *, cancel: Cancel = NEVER) -> dict[str, Any]:
    from .cpsat import NotCounted
    from .logic import rating_info
    from .rules import problems
    from .solver import analyse, solution_label
    from .solving import split

    # A link's entries (f-puzzles' digits without `given`) are the solver's, not the puzzle's.
    played = board
    board, work = split(board)
    board = replace(board, centre=played.centre, corner=played.corner)
    out: dict[str, Any] = {"game": NAME, "givens": board.givens}
    variant = board.variant
    if variant is not None:
        kinds: dict[str, int] = {}
        for c in variant.constraints:
            kinds[c.name] = kinds.get(c.name, 0) + 1
        out.update(size=board.size, form=variant.form, constraints=kinds, unknown=list(variant.unknown))
        for key in ("title", "author"):
            if getattr(variant, key):
                out[key] = getattr(variant, key)
    try:
        count, solved = analyse(board, cancel=cancel)
    except NotCounted as exc:
        out.update(solutions=None, status=exc.message, problems=[p.to_json() for p in problems(board)])
        out.update(setter_solution_facts(board, None))
        return out
    status = solution_label(count)
    unread = unread_drawings(board)
    if unread:
        out["unread_drawings"] = unread
        if count != 1:
            # A setter may draw a rule with f-puzzles' plain tools and give it in words.
            status += f" by the rules known here; its drawings ({', '.join(unread)}) may hold more, in the rules text"
    out.update(solutions=count, status=status, problems=[p.to_json() for p in problems(board)])
    if count == 1 and solved is not None:
        out["solution"] = solution_text(solved)
    out.update(setter_solution_facts(board, solved if count == 1 else None, counted=True))
    _progress(out, board, work, solved if count == 1 else None)
    if variant is None:
        out.update(rating_info(board, cancel=cancel))
    # Whether every given is needed costs a count per given: seconds for a 9x9 variant,
    # a minute for a 16x16, which is not asked for then.
    out["minimal"] = is_minimal(board, cancel=cancel) if count == 1 and board.size <= 9 else None
    return out


def unread_drawings(board: Board) -> list[str]:
    """The kinds of plain drawing (line, cage, circle, rectangle, text) the puzzle holds
    that are not f-puzzles' copies of a constraint's look: what a rule given only in the
    rules text would be drawn with."""
    from .variant import COSMETIC_KINDS

    variant = board.variant
    if variant is None:
        return []
    kinds = [c.kind for c in variant.constraints if c.kind in COSMETIC_KINDS and not c.style_of("fromConstraint")]
    return list(dict.fromkeys(kinds))


def setter_solution_facts(board: Board, solved: Board | None, *, counted: bool = False) -> dict[str, Any]:
    """Whether the setter's own solution (f-puzzles' `solution`) agrees with the solver's
    one solution: "agrees", "differs" (the solver found none, several or another), or
    "not counted". Where it differs, what the checker finds broken in the setter's
    solution: nothing there, and the solver and the setter read a rule differently."""
    from .rules import problems

    variant = board.variant
    if variant is None or not variant.solution:
        return {}
    if not counted:
        verdict = "not counted"
    else:
        verdict = "agrees" if solved is not None and solved.cells == variant.solution else "differs"
    out: dict[str, Any] = {"setter_solution": verdict}
    if verdict != "agrees":
        theirs = replace(board, cells=variant.solution, notes=(), typed=frozenset())
        n = board.size
        changed = [
            f"the setter's solution has {variant.solution[i]} where R{i // n + 1}C{i % n + 1} holds {d}"
            for i, d in enumerate(board.cells)
            if d and i not in board.typed and d != variant.solution[i]
        ]
        out["setter_solution_problems"] = changed + [p.message for p in problems(theirs)]
    return out


def book_entry(board: Board, solution: bool) -> tuple[str, str, Board | None]:
    """What a printed book (`slugboard --book`) shows with the puzzle: the words of its
    heading (a variant's title and setter), its rules, and, when `solution` is asked for
    and the puzzle has exactly one, its solution for the pages at the back."""
    from ..errors import SlugError
    from .solver import analyse

    words, rules, solved = "", "", None
    variant = board.variant
    if variant is not None:
        words = " by ".join(t for t in (variant.title, variant.author) if t)
        rules = variant.rules
    if solution:
        try:
            count, found = analyse(board)
        except SlugError:  # a constraint not known: no solution to print
            count, found = 0, None
        solved = found if count == 1 else None
    return words, rules, solved


def _progress(out: dict[str, Any], puzzle: Board, work: Any, solved: Board | None) -> None:
    """The solver's progress, when the link holds entries (judged against the setter's own
    solution where the link holds one, else the one solution found)."""
    from .rules import problems
    from .solving import is_full, setter_solution, shown, wrong_cells

    setter = setter_solution(puzzle)
    if not any(work.entries):
        return
    answer = setter if setter is not None else None if solved is None else solved.cells
    full = is_full(puzzle, work)
    if answer is not None:
        right = full and not wrong_cells(puzzle, work, answer)
    else:
        right = full and not any(p.is_error for p in problems(shown(puzzle, work)))
    out["progress"] = {"filled": sum(1 for d in work.entries if d), "solved": right}


def is_minimal(board: Board, *, cancel: Cancel = NEVER) -> bool:
    """True when every given is needed: taking any one away leaves more than one solution."""
    from .solver import count_solutions

    for i, d in enumerate(board.cells):
        if d:
            if count_solutions(board.with_digit(*divmod(i, board.size), 0), cancel=cancel) == 1:
                return False
    return True


def panel_facts(board: Board, *, cancel: Cancel = NEVER) -> tuple[int | None, Board | None, dict[str, Any]]:
    """What the sudoku panel shows after each change: the solution count (None when a
    constraint is not known), one solution, and for a classic puzzle with one solution its
    rating and techniques (else {}). The count of a variant says why it is not counted in
    `facts["not_counted"]`."""
    from .cpsat import NotCounted
    from .logic import rating_info
    from .solver import analyse

    try:
        count, solved = analyse(board, cancel=cancel)
    except NotCounted as exc:
        return None, None, {"not_counted": exc.message}
    facts: dict[str, Any] = {}
    if count == 1 and board.variant is None:
        facts = rating_info(board, cancel=cancel)
    return count, solved, facts


def hint(board: Board) -> dict[str, Any]:
    """The next logical step as JSON, or why there is none."""
    from .cpsat import NotCounted
    from .logic import next_step
    from .rules import problems
    from .solver import count_solutions

    if board.variant is not None and not all(board.cells):
        from .forced import Narrowed, next_forced

        found = next_forced(board)
        if isinstance(found, Narrowed):
            left = [[*divmod(i, board.size), list(digits)] for i, digits in found.left]
            return {"technique": "constraint narrows", "left": left, "explanation": found.explanation}
        if found is not None:
            cell = list(divmod(found.cell, board.size))
            return {"technique": "forced digit", "cell": cell, "digit": found.digit, "explanation": found.explanation}
    step = next_step(board)
    if step is not None:
        return step.to_json()
    if all(board.cells):
        reason = "The grid is full."
    else:
        try:
            none = bool(problems(board)) or count_solutions(board) == 0
        except NotCounted:
            none = False
        if none:
            reason = "This puzzle has no solution, so there is no next step."
        elif board.variant is not None:
            reason = "No digit is forced and no constraint rules one out here; the hint looks no further."
        else:
            reason = "No technique here finds the next step; the puzzle needs guessing from here."
    return {"technique": None, "explanation": reason}
