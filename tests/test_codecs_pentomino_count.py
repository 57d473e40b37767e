"""The count at compiled speed, on threads and in subproblems: the compiled search (numba)
agrees with the pure-Python one, the subproblems add up to the whole, a torus or cylinder
count agrees with an independent placement generator written here (cells taken modulo the
size), and a torus HxW agrees with WxH."""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import threading

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from processes import linux_only

from pentomino_oracle import algorithm_x_count
from slugboard.codecs import SlugError, cli
from slugboard.codecs import pentomino as pm
from slugboard.codecs.pentomino import solver
from slugboard.codecs.work import Cancel, Cancelled

# The twelve pentominoes as (row, col) cells, written out here rather than taken from the codec.
SHAPES = {
    "F": ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "P": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "N": ((0, 1), (1, 1), (2, 0), (2, 1), (3, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "U": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    "V": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    "W": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    "X": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
    "Y": ((0, 1), (1, 0), (1, 1), (2, 1), (3, 1)),
    "Z": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
}

compiled = pytest.mark.skipif(not solver.compiled_available(), reason="numba is not installed")


def _turns(cells):
    shapes = []
    for flip in (False, True):
        current = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            current = [(c, -r) for r, c in current]
            shapes.append(tuple(current))
    return shapes


def modular_count(surface: str, height: int, width: int, blocked=frozenset()) -> int:
    """Tilings of an empty torus ("T": rows and columns wrap) or cylinder ("C": columns
    wrap) by distinct pentominoes, each placement a set of cells taken modulo the size
    (the count of what is left remembered)."""
    placements: dict[str, set[frozenset]] = {}
    for name, cells in SHAPES.items():
        found = placements[name] = set()
        for shape in _turns(cells):
            for dr in range(-4, height + 4):
                for dc in range(-4, width + 4):
                    moved = [(r + dr, c + dc) for r, c in shape]
                    if surface == "C" and any(not 0 <= r < height for r, _c in moved):
                        continue
                    if surface == "T" and (dr < 0 or dr >= height):
                        continue
                    if dc < 0 or dc >= width:
                        continue
                    taken = frozenset((r % height, c % width) for r, c in moved)
                    if len(taken) == 5 and not taken & blocked:
                        found.add(taken)
    empty = {(r, c) for r in range(height) for c in range(width)} - set(blocked)
    # Cells and pieces as bits of whole numbers, and each cell's placements covering it.
    bit = {cell: 1 << i for i, cell in enumerate(sorted(empty))}
    covering: dict[int, list[tuple[int, int]]] = {b: [] for b in bit.values()}
    for piece, name in enumerate(placements):
        for cells in placements[name]:
            mask = sum(bit[cell] for cell in cells)
            for cell in cells:
                covering[bit[cell]].append((1 << piece, mask))

    @functools.cache
    def fill(left: int, free: int) -> int:
        if not left:
            return 1
        first = left & -left  # the lowest cell left
        return sum(
            fill(left & ~mask, free & ~piece) for piece, mask in covering[first] if free & piece and mask & left == mask
        )

    return fill(sum(bit.values()), (1 << len(placements)) - 1) if len(empty) % 5 == 0 else 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("surface", "height", "width"),
    [
        ("T", 3, 5),
        ("C", 4, 5),
        # The 5x4 torus is left out: test_a_torus_counts_the_same_turned_a_quarter finds it
        # counts what the 4x5 one counts, which is checked here (a minute of brute force saved).
        pytest.param("T", 4, 5, marks=pytest.mark.slow),
        pytest.param("C", 5, 5, marks=pytest.mark.slow),
    ],
)
def test_torus_and_cylinder_agree_with_cells_taken_modulo_the_size(surface, height, width):
    expected = modular_count(surface, height, width)
    assert expected > 0
    for engine in ("python", "compiled") if solver.compiled_available() else ("python",):
        assert solver.count(pm.Board(surface, height, width), engine=engine) == (expected, True)


@pytest.mark.slow
def test_a_torus_counts_the_same_turned_a_quarter():
    assert solver.count(pm.Board("T", 3, 5)) == solver.count(pm.Board("T", 5, 3)) == (2940, True)
    assert solver.count(pm.Board("T", 4, 5)) == solver.count(pm.Board("T", 5, 4))


@st.composite
def boards(draw, widest=6):
    surface = draw(st.sampled_from(list(pm.SURFACES)))
    height = draw(st.integers(3, 5))
    width = height if surface == "S" else draw(st.integers(3, widest))
    cells = draw(st.sets(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), max_size=8))
    return pm.Board(surface, height, width, (), tuple(sorted(cells)))


@pytest.mark.slow
@compiled
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.sampled_from([None, 1, 3]))
def test_the_compiled_search_agrees_with_the_python_one(board, limit):
    assert solver.count(board, limit, engine="compiled") == solver.count(board, limit, engine="python")


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_the_sweep_reversed_counts_what_the_usual_sweep_counts(board):
    """`count --reverse-sweep`, the second search that checks a count: the cells filled in
    the reverse order, on every surface, with cells walled off."""
    usual, reversed_ = solver.prepare(board), solver.prepare(board, reverse=True)
    assert reversed_.order == usual.order[::-1]
    # The Python search runs both ways on boards of up to four pieces' room only: it is the
    # slow one, and test_the_compiled_search_agrees_with_the_python_one checks the two agree.
    small = board.height * board.width - len(board.terrain) <= 20
    engines = ("python",) if not solver.compiled_available() else ("python", "compiled") if small else ("compiled",)
    for engine in engines:
        assert solver.count(board, engine=engine, reverse=True) == solver.count(board, engine=engine)


@pytest.mark.slow
def test_the_sweep_reversed_on_the_command_line(capsys):
    # Three pieces of a completion of the 8x8 projective plane less centre put back, nine
    # to place: as many ways both ways as a plain Algorithm X finds.
    placed = "P88F200I002L003R33344344"
    counts = []
    for extra in ([], ["--reverse-sweep"]):
        assert cli.run(["count", placed, "--jobs", "2", *extra]) == 0
        counts.append(json.loads(capsys.readouterr().out))
    assert counts[0] == counts[1]
    assert counts[0]["count"] == algorithm_x_count(pm.decode(placed)) and counts[0]["complete"] is True
    # A cylinder's half turn carries its sweep onto the reverse: the same search, refused.
    assert cli.run(["count", "C4f", "--reverse-sweep"]) == 2
    assert "a symmetry carries the sweep onto its reverse" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize(
    ("slug", "repeats"),
    [
        ("R6a", True),  # a half turn
        ("C4f", True),
        ("M6a", True),
        ("T5c", True),
        ("S88R33344344", True),
        ("P6a", False),  # a projective plane's twisted seams: no symmetry reverses its sweep
        ("P88R33344344", False),
        ("R6aF000", False),  # a piece placed in a corner breaks the half turn
    ],
)
def test_the_sweep_reversed_repeats_the_search_where_a_symmetry_reverses_it(slug, repeats):
    board = pm.decode(slug)
    assert solver.reverse_repeats(board) is repeats
    if repeats:  # the half turn, or whichever map it is, takes each placement onto one
        problem = solver.prepare(board)
        backwards = {i: len(problem.order) - 1 - i for i in range(len(problem.order))}
        masks = {mask for entries in problem.by_first for mask, _piece, _placement in entries}
        assert {solver.image(mask, backwards) for mask in masks} == masks


@pytest.mark.slow
def test_the_subproblems_add_up_to_the_whole():
    problem = solver.prepare(pm.Board("R", 4, 15))
    t = solver.tables(problem)
    states = solver.split(t, least=50)
    assert len(states) >= 50
    assert sum(solver.count_chunk(t, states, -1, "python")) == 1472
    # Every subproblem is the board with the first cells covered: its empty cells are all
    # past the first cell of the board.
    assert all(not empty & 1 for empty, _free in states)


def test_progress_says_the_share_of_subproblems_done():
    heard = []
    assert solver.count(pm.Board("R", 4, 15), progress=lambda n, f: heard.append((n, f)))[0] == 1472
    assert len(heard) > 10 and heard[-1] == (1472, pytest.approx(1.0))
    shares = [f for _n, f in heard]
    assert shares == sorted(shares) and 0 < shares[0] < 0.2


@pytest.mark.slow
@compiled
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(widest=4), st.sampled_from([None, 1, 3]))
def test_one_two_and_three_threads_count_what_the_python_search_counts(board, limit):
    # Boards of up to five rows of four: the threads' sharing of the work is the same on a
    # small board, and the Python search that checks them is the slow part.
    expected = solver.count(board, limit, engine="python")
    for jobs in (1, 2, 3):
        assert solver.count(board, limit, jobs=jobs, engine="compiled") == expected


@given(st.integers(0, 300), st.integers(1, 4), st.integers(1, 40), st.lists(st.integers(0, 3), max_size=400))
def test_the_shelf_hands_every_subproblem_out_once(total, workers, chunk, turns):
    """Whatever order the workers come in, each subproblem goes to exactly one of them, and
    the shelf runs dry only when all are out."""
    shelf = solver._Shelf(total, workers, chunk)
    given_out: list[int] = []
    turns = [w % workers for w in turns] + [w for _ in range(total + 1) for w in range(workers)]
    for worker in turns:
        taken = shelf.take(worker)
        if taken is None:
            assert sorted(given_out) == list(range(total))
            continue
        start, end = taken
        assert 0 <= start < end <= total and end - start <= chunk
        given_out.extend(range(start, end))
    assert sorted(given_out) == list(range(total))


def _counting_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("slugboard-count")]


def _children() -> set[int]:
    """The processes this one has started and not reaped (read from /proc)."""
    found: set[int] = set()
    for task in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{task}/children") as f:
            found.update(int(pid) for pid in f.read().split())
    return found


@pytest.mark.slow
@compiled
@linux_only
def test_cancel_stops_every_worker_and_starts_no_process(monkeypatch):
    before = _children()
    counted = solver._Counter.__call__
    inside: set[str] = set()
    both_inside = threading.Event()
    lock = threading.Lock()

    def entered(self, states, cap):
        with lock:
            inside.add(threading.current_thread().name)
            if len(inside) == 2:
                both_inside.set()
        return counted(self, states, cap)

    monkeypatch.setattr(solver._Counter, "__call__", entered)
    outcome: list[object] = []
    cancel = Cancel()

    def run() -> None:
        try:
            outcome.append(solver.count(pm.Board("C", 6, 10), jobs=2, cancel=cancel))
        except Cancelled as stopped:
            outcome.append(stopped)

    counting = threading.Thread(target=run)
    counting.start()
    assert both_inside.wait(60)  # both workers are in the compiled search (the 6x10 cylinder takes minutes)
    assert len(_counting_threads()) == 2 and _children() == before
    cancel.set()
    counting.join(60)
    assert not counting.is_alive() and isinstance(outcome[0], Cancelled)
    assert _counting_threads() == [] and _children() == before


@pytest.mark.slow
@compiled
def test_a_memory_slot_half_written_by_another_thread_is_not_misread():
    import numpy as np

    t = solver.tables(solver.prepare(pm.Board("R", 4, 15)))
    states = solver.split(t)
    counter = solver._Counter(t, "compiled")
    assert sum(counter(states, -1)) == 1472
    memo = counter.slots
    for second in (1, 3):  # each bucket's two slots: the most work's, the newest
        written = np.flatnonzero(memo[:, second])
        assert len(written) > 1000
        # Each slot keeps its first word and gets another slot's second: what a thread
        # reading a slot while another writes it may see. Not one may be taken for a count.
        memo[written, second] = np.roll(memo[written, second], 1)
    assert sum(counter(states, -1)) == 1472


@compiled
def test_a_limit_reached_stops_the_workers():
    assert solver.count(pm.Board("R", 6, 10), 100, jobs=2) == (100, False)
    assert _counting_threads() == []


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["compiled", "python"])
def test_a_worker_that_fails_is_told_as_an_error_and_stops_the_others(monkeypatch, engine):
    if engine == "compiled" and not solver.compiled_available():
        pytest.skip("numba is not installed")
    counted = solver._Counter.__call__
    calls = []
    lock = threading.Lock()

    def fails_third(self, states, cap):
        with lock:
            calls.append(threading.current_thread().name)
            third = len(calls) == 3
        if third:
            raise MemoryError
        return counted(self, states, cap)

    monkeypatch.setattr(solver._Counter, "__call__", fails_third)
    with pytest.raises(solver.WorkerFailedError, match="not enough memory"):
        solver.count(pm.Board("R", 4, 15), jobs=2, engine=engine)
    assert _counting_threads() == []


@pytest.mark.slow
def test_command_line_count_in_jobs_and_engines(capsys):
    for extra in (["--jobs", "2"], ["--jobs", "1", "--engine", "python"]):
        assert cli.run(["count", "R4f", *extra]) == 0
        assert json.loads(capsys.readouterr().out) == {"count": 1472, "complete": True, "up_to_symmetry": 368}
    assert cli.run(["count", "R4f", "--jobs", "0"]) == 2


@pytest.mark.slow
def test_the_memory_of_sub_counts_changes_the_time_not_the_count(capsys):
    """The smallest memory (65,536 slots), where states take over each other's slots all
    the time, the default and a larger one count the 4x15 cylinder alike."""
    pytest.importorskip("numba")
    from slugboard.codecs.pentomino import kernel

    assert kernel.memo_slots(1) == 1 << 16
    assert kernel.memo_slots(solver.MEMORY_MB) == 1 << 21
    assert kernel.memo_slots(100) == 1 << 22  # the largest power of two that fits
    for memory in ("1", "32", "64"):
        assert cli.run(["count", "C4f", "--jobs", "2", "--memory", memory]) == 0
        assert json.loads(capsys.readouterr().out) == {"count": 54060, "complete": True, "up_to_symmetry": C4F_CLASSES}
    for memory in ("0", str(1 << 17)):
        assert cli.run(["count", "C4f", "--memory", memory]) == 2
        assert "--memory wants megabytes from 1 to 65536" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.run(["count", "--help"])
    assert f"(default: {solver.MEMORY_MB};" in " ".join(capsys.readouterr().out.split())


@pytest.mark.slow
def test_a_dask_cluster_counts_what_one_machine_counts(capsys, monkeypatch):
    distributed = pytest.importorskip("distributed")
    # Two workers as threads of this process: processes would be heavy on a small machine,
    # and the scheduler, the messages and the summing are the same.
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        assert solver.count(pm.Board("R", 4, 15), dask=address) == solver.count(pm.Board("R", 4, 15))
        assert solver.count(pm.Board("T", 3, 5), dask=address, engine="python") == (modular_count("T", 3, 5), True)
        assert cli.run(["count", "R3k", "--dask", address]) == 0
        assert json.loads(capsys.readouterr().out) == {"count": 8, "complete": True, "up_to_symmetry": 2}
    from slugboard.codecs.pentomino import cluster as dask_count

    monkeypatch.setattr(dask_count, "CONNECT_SECONDS", 1.0)  # nothing listens on port 1: no need to wait 10 s
    assert cli.run(["count", "R3k", "--dask", "tcp://127.0.0.1:1"]) == 1
    assert "no Dask scheduler answers" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize(("surface", "size", "seed"), [("R", "6x10", 1), ("T", "6x10", 2), ("K", "5x12", 3)])
def test_a_generated_puzzle_has_exactly_one_completion(capsys, surface, size, seed):
    args = ["generate-pentomino", "--surface", surface, "--size", size, "--seed", str(seed)]
    assert cli.run(args) == 0
    slug = capsys.readouterr().out.strip()
    board = pm.decode(slug)
    assert (board.surface, f"{board.height}x{board.width}") == (surface, size)
    assert pm.problems(board) == [] and board.pieces
    # Exactly one completion, by the pure-Python count: the same seed makes the same board.
    assert solver.count(board, engine="python") == (1, True)
    assert cli.run(args) == 0 and capsys.readouterr().out.strip() == slug


@pytest.mark.slow
@pytest.mark.parametrize(("surface", "seed"), [("K", 6), ("M", 1), ("P", 6), ("C", 4)])
def test_the_short_looks_for_two_completions_change_the_time_not_the_puzzle(monkeypatch, surface, seed):
    """The looks only ever say "not unique" (two completions found): with them and without
    them (no time to look), the same seed makes the same puzzle, and they do find two
    completions of the first boards (what they save is benchmarks/pentomino_generate.py's)."""
    from slugboard.codecs.pentomino import generate

    looked: list[bool] = []
    look = generate._two_found_quickly
    monkeypatch.setattr(generate, "_two_found_quickly", lambda *a: looked.append(look(*a)) or looked[-1])
    made = generate.generate(surface, 6, 10, seed=seed)
    assert True in looked
    monkeypatch.setattr(generate, "_two_found_quickly", lambda *a: False)
    assert generate.generate(surface, 6, 10, seed=seed) == made
    assert solver.count(made, 2) == (1, True)


@pytest.mark.slow
def test_a_puzzle_with_at_least_k_pieces_and_refusals(capsys):
    assert cli.run(["generate-pentomino", "--size", "6x10", "--pieces", "6", "--seed", "5"]) == 0
    board = pm.decode(capsys.readouterr().out.strip())
    assert len(board.pieces) >= 6 and solver.count(board) == (1, True)
    assert cli.run(["generate-pentomino", "--size", "8x8"]) == 1
    assert "64 cells empty" in capsys.readouterr().err
    for bad in (["--size", "6by10"], ["--surface", "Q"], ["--pieces", "13"], ["--surface", "S", "--size", "5x6"]):
        assert cli.run(["generate-pentomino", *bad]) == 2


@pytest.mark.slow
def test_completions_left_are_counted_within_a_time_or_not_at_all():
    assert solver.count_within(pm.Board("R", 3, 20), 30) == 8
    assert solver.count_within(pm.Board("R", 8, 8), 30) == 0  # cannot be completed
    assert solver.count_within(pm.Board("R", 6, 10), 0.01) is None
    cancel = Cancel()
    cancel.set()
    with pytest.raises(Cancelled):
        solver.count_within(pm.Board("R", 6, 10), 30, cancel=cancel)


# The 4x15 cylinder's tilings up to its symmetries: Burnside's sum, whose method the
# brute forces of test_codecs_pentomino_distinct check on smaller boards; here, that the
# command line says it.
C4F_CLASSES = 901


def _parts_lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["python", pytest.param("compiled", marks=compiled)])
def test_a_count_stopped_goes_on_from_its_parts_file_and_counts_each_part_once(tmp_path, engine):
    from slugboard.codecs.pentomino.parts import PartsFile

    board, path = pm.Board("C", 4, 15), tmp_path / "c4f.parts"
    cancel, shares = Cancel(), []

    def stop_after_a_few(_found: int, share: float) -> None:
        shares.append(share)
        if len(shares) == 3:
            cancel.set()

    with pytest.raises(Cancelled):
        solver.count(board, cancel=cancel, progress=stop_after_a_few, engine=engine, parts=PartsFile(str(path), "C4f"))
    header, *runs = _parts_lines(path)
    first_run = [part for run in runs for part in run["at"]]
    assert header["board"] == "C4f" and 0 < len(first_run) < header["parts"]

    heard: list[tuple[int, float]] = []
    again = solver.count(
        board, jobs=2, engine=engine, progress=lambda n, s: heard.append((n, s)), parts=PartsFile(str(path), "C4f")
    )
    assert again == solver.count(board, engine=engine) == (54060, True)
    # The second run starts where the first stopped, and counts only the parts left.
    assert heard[0][1] == len(first_run) / header["parts"] and heard[-1] == (54060, 1.0)
    every = [part for run in _parts_lines(path)[1:] for part in run["at"]]
    assert sorted(every) == list(range(header["parts"]))
    # A third run counts nothing (it writes no line) and says the same.
    lines = path.read_text()
    assert solver.count(board, engine=engine, parts=PartsFile(str(path), "C4f")) == (54060, True)
    assert path.read_text() == lines


@pytest.mark.slow
def test_a_parts_line_cut_short_is_counted_again_and_the_file_mended(tmp_path):
    from slugboard.codecs.pentomino.parts import PartsFile

    board, path = pm.Board("R", 6, 10), tmp_path / "r6a.parts"
    cancel = Cancel()
    with pytest.raises(Cancelled):
        solver.count(board, cancel=cancel, progress=lambda *_: cancel.set(), parts=PartsFile(str(path), "R6a"))
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"at":[90,91],"coun')  # the count stopped as it wrote a line
    assert solver.count(board, parts=PartsFile(str(path), "R6a")) == (9356, True)
    header, *runs = _parts_lines(path)  # every line reads: the cut one is gone
    assert sorted(part for run in runs for part in run["at"]) == list(range(header["parts"]))


@pytest.mark.slow
def test_a_parts_file_of_another_count_or_not_a_parts_file_is_refused(tmp_path, capsys):
    from slugboard.codecs.pentomino.parts import KIND, PartsFile, read_parts

    path = tmp_path / "count.parts"
    assert cli.run(["count", "C4f", "--resume", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {"count": 54060, "complete": True, "up_to_symmetry": C4F_CLASSES}
    header = json.loads(path.read_text().splitlines()[0])
    assert cli.run(["count", "M4f", "--resume", str(path)]) == 2
    assert "count.parts holds the parts of another board's count (C4f)" in capsys.readouterr().err
    other_split = dict(header, split="0" * 64)
    with pytest.raises(SlugError, match="a count split another way"):
        read_parts(json.dumps(other_split).encode() + b"\n", header)
    with pytest.raises(SlugError, match="is not a count's parts file"):
        read_parts(b"9356\n", header)
    for bad in (
        b'{"at":[0],"keys":["a"],"counts":[1,2]}',
        b'{"at":[999],"keys":["a"],"counts":[1]}',
        b'{"at":[0],"keys":["a"],"counts":[-1]}',
        b'{"at":[0],"counts":[1]}',
        b"[1]",
    ):
        with pytest.raises(SlugError, match="line 2 is not") as caught:
            read_parts(json.dumps(header).encode() + b"\n" + bad + b"\n", header)
        assert caught.value.position == len(json.dumps(header)) + 1
    with pytest.raises(SlugError, match="line 2 is not a line"):
        read_parts(json.dumps(header).encode() + b"\n{]\n", header)
    assert cli.run(["count", "C4f", "--resume", str(tmp_path)]) == 2  # a folder
    assert "it is a folder, not a file" in capsys.readouterr().err
    assert cli.run(["count", "C4f", "--resume", str(path), "--limit", "5"]) == 2
    assert "--resume counts every completion: leave out --limit" in capsys.readouterr().err
    keys = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    keys_by_part = {i: key for run in keys for i, key in zip(run["at"], run["keys"])}
    every = [keys_by_part[i] for i in range(header["parts"])]
    assert KIND == header["file"] and PartsFile(str(path), "C4f").known(header["split"], every)


@pytest.mark.slow
@given(
    st.lists(st.lists(st.tuples(st.integers(0, 39), st.integers(0, 10**12)), min_size=1, max_size=5), max_size=8),
    st.binary(max_size=40),
    st.booleans(),
)
def test_a_parts_file_reads_back_its_runs_and_refuses_a_bad_line_anywhere_but_the_last(runs, tail, in_the_middle):
    """Runs written as `PartsFile.add` writes them read back as the counts by part, unless
    a part comes again (refused: which count would be right?); bytes that end the file
    without a newline are left to be counted again, and the same bytes as a line among
    others are refused."""
    from slugboard.codecs.pentomino.parts import FORMAT, KIND, read_parts, run_line

    split = "0" * 64
    keys = [f"{i:012x}" for i in range(40)]
    header = {"file": KIND, "board": "T88R33344344", "parts": 40, "split": split, "format": FORMAT}
    lines = [json.dumps(header).encode()]
    lines += [
        run_line(split, [i for i, _ in run], [keys[i] for i, _ in run], [n for _, n in run]).encode() for run in runs
    ]
    parts = [i for run in runs for i, _ in run]
    tail = tail.replace(b"\n", b" ")
    if len(set(parts)) < len(parts):
        with pytest.raises(SlugError, match=r"counts part \d+ again \(line \d+ counted it\)"):
            read_parts(b"\n".join(lines) + b"\n" + tail, header, keys=keys)
        return
    expected = {i: n for run in runs for i, n in run}
    assert read_parts(b"\n".join(lines) + b"\n" + tail, header, keys=keys) == expected
    if in_the_middle and tail.strip():
        try:
            json.loads(tail)
        except ValueError:
            with pytest.raises(SlugError, match="line 2 is not"):
                read_parts(b"\n".join([lines[0], tail, *lines[1:]]) + b"\n", header)


def _stopped_count(tmp_path, slug: str):
    """A count of `slug` stopped after its first parts, kept in a parts file: the file's path."""
    path = tmp_path / f"{slug}.parts"
    cancel, heard = Cancel(), []

    def stop_after_a_few(_found: int, _share: float) -> None:
        heard.append(1)
        if len(heard) == 3:
            cancel.set()

    from slugboard.codecs.pentomino.parts import PartsFile

    with pytest.raises(Cancelled):
        solver.count(pm.decode(slug), cancel=cancel, progress=stop_after_a_few, parts=PartsFile(str(path), slug))
    return path


@pytest.mark.slow
def test_a_parts_file_with_a_line_repeated_changed_or_of_another_part_is_refused(tmp_path, capsys):
    """A count read back is only as good as its file: a line copied twice, a count edited,
    a line moved to another part's number, each is refused with its line, and the count
    is not given."""
    path = _stopped_count(tmp_path, "R6a")
    header, first, *rest = path.read_text().splitlines()
    run = json.loads(first)
    edited = dict(run, counts=[run["counts"][0] + 8, *run["counts"][1:]])
    moved = dict(run, at=[i + 1 for i in run["at"]])  # the keys stay those of the parts it counted
    moved_and_checked = dict(moved, check=_recheck(json.loads(header)["split"], moved))
    cases = {
        "counts part": [first, first],
        "was changed after the count wrote it": [json.dumps(edited)],
        "that is not this count's": [json.dumps(moved_and_checked)],
    }
    for said, lines in cases.items():
        path.write_text("\n".join([header, *lines, *rest]) + "\n")
        assert cli.run(["count", "R6a", "--resume", str(path)]) == 2, said
        out, err = capsys.readouterr()
        assert out == "" and said in err and ("line 2" in err or "line 3" in err), (said, err)


def _recheck(split: str, entry: dict) -> str:
    from slugboard.codecs.pentomino.parts import run_line

    return json.loads(run_line(split, entry["at"], entry["keys"], entry["counts"]))["check"]


@pytest.mark.slow
def test_a_count_resumed_from_a_file_says_so_and_how_many_parts_it_read(tmp_path, capsys):
    path = _stopped_count(tmp_path, "R6a")
    read = sum(len(json.loads(line)["at"]) for line in path.read_text().splitlines()[1:])
    parts = json.loads(path.read_text().splitlines()[0])["parts"]
    assert 0 < read < parts
    assert cli.run(["count", "R6a", "--resume", str(path)]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said == {
        "count": 9356,
        "complete": True,
        "up_to_symmetry": 2339,
        "resumed": {"parts": parts, "from_file": read},
    }
    # The file now holds every part, each once; a count from it alone still says it was resumed.
    assert cli.run(["count", "R6a", "--resume", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["resumed"] == {"parts": parts, "from_file": parts}
    # A count that wrote its file from the start says nothing of resuming.
    assert cli.run(["count", "R6a", "--resume", str(tmp_path / "new.parts")]) == 0
    assert "resumed" not in json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_a_parts_file_of_the_format_before_the_checks_is_refused(tmp_path, capsys):
    path = tmp_path / "old.parts"
    assert cli.run(["count", "R3k", "--resume", str(path)]) == 0
    capsys.readouterr()
    header = json.loads(path.read_text().splitlines()[0])
    del header["format"]
    path.write_text(json.dumps(header) + '\n{"at":[0],"counts":[8]}\n')
    assert cli.run(["count", "R3k", "--resume", str(path)]) == 2
    assert "split another way (another version or options)" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("surface", list("RCMTKPS"))
def test_every_surface_finds_cells_cut_off_and_counts_alike_with_and_without_looking(surface):
    """The compiled search stops where an empty cell next to the last piece lies in a
    group of fewer than five: that needs each placement's cells to touch across the
    surface's seams as the neighbours say, on every surface. Counted with the check and
    without it (no cells around any placement), the counts agree."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    from slugboard.codecs.pentomino import kernel

    assert sorted(kernel.DEBRUIJN_INDEX) == list(range(64))
    # The smallest boards of each surface whose pieces wrap across its seams (3x5: 28 to
    # 4,770 tilings; the sphere is square), so a wrong neighbour changes a count.
    board = pm.Board(surface, 5, 5) if surface == "S" else pm.Board(surface, 3, 5)
    t = solver.tables(solver.prepare(board))
    assert len(t.neighbours) == t.empty.bit_count()
    ring, near = kernel.cut_off_tables(t.around, t.neighbours)
    assert (ring >= 0).any()
    states = solver.split(t)
    empties = np.array([e for e, _f in states], np.uint64)
    frees = np.array([f for _e, f in states], np.uint64)
    found = []
    for rings in (ring, np.full_like(ring, -1)):
        counts = np.zeros(len(states), np.int64)
        arrays = (np.array(t.masks, np.uint64), np.array(t.pieces, np.uint64), np.array(t.start, np.int64))
        kernel.compiled()(*arrays, rings, near, empties, frees, -1, kernel.new_memo(1), counts, np.zeros(1, np.uint8))
        found.append(list(counts))
    looked = solver._count_python(t, states, -1, solver.NEVER, {})
    not_looked = solver._count_python(dataclasses.replace(t, around=()), states, -1, solver.NEVER, {})
    assert sum(looked) > 0
    assert found[0] == found[1] == looked == not_looked


def test_no_cell_is_found_cut_off_where_a_placement_is_not_joined_through_the_neighbours():
    problem = solver.prepare(pm.Board("R", 6, 10))
    index = solver._renumbering(problem)
    t = solver.tables(problem)
    assert solver._neighbours(problem, index, list(t.masks)) == t.neighbours != ()
    # Five cells in two groups that do not touch: a group of two could then be covered
    # from the other, so the look for groups cut off must be off.
    apart = 0b11 | 0b111 << 30
    assert solver._neighbours(problem, index, [*t.masks, apart]) == ()
