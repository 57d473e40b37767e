"""How fast the minesweeper replay seeks: build time of a Replay and the cost of
state_at(t) at random moments, on an expert game (30x16, 99 mines) and on a
100x100 field with 2,000 mines. A replay slider calls state_at on every mouse move,
so one seek must stay far below a frame (target: under 5 ms).

    /work/venv/bin/python benchmarks/minesweeper_seek.py
"""

from __future__ import annotations

import random
import statistics
import time

from slugboard.codecs import minesweeper as ms


def played_game(width: int, height: int, mines: int, seed: int, limit: int | None = None) -> ms.Board:
    """A long recorded game: a player who flags every mine and clicks every safe cell
    in a random order (most clicks land on cells an opening already revealed), one
    action every 50-400 ms; the last click wins (unless `limit` cuts the game short)."""
    rng = random.Random(seed)
    board = ms.random_board(width, height, mines, seed=seed, safe=(width // 2, height // 2))
    mine_cells = set(board.mines)
    actions = [("flag", x, y) for x, y in board.mines]
    safe = [(x, y) for y in range(height) for x in range(width) if (x, y) not in mine_cells]
    rng.shuffle(safe)
    actions += [("open", x, y) for x, y in safe]
    rng.shuffle(actions)
    actions.insert(0, ("open", width // 2, height // 2))
    actions = actions[:limit]
    events = []
    t = 0
    for kind, x, y in actions:
        t += rng.randint(1, 8)
        events.append(ms.Event(t, kind, x, y))
    return ms.Board(width, height, board.mines, tuple(events))


def measure(name: str, board: ms.Board, seeks: int = 2000) -> None:
    slug = ms.encode(board)
    t0 = time.perf_counter()
    decoded = ms.decode(slug)
    t_decode = time.perf_counter() - t0
    t0 = time.perf_counter()
    replay = ms.Replay(decoded)
    t_build = time.perf_counter() - t0
    rng = random.Random(1)
    moments = [rng.uniform(0, replay.duration_ms) for _ in range(seeks)]
    times = []
    for t in moments:
        t0 = time.perf_counter()
        replay.state_at(t)
        times.append(time.perf_counter() - t0)
    # A slider dragged forward: neighbouring moments one after the other.
    sweep = []
    step = replay.duration_ms / seeks
    for i in range(seeks):
        t0 = time.perf_counter()
        replay.state_at(i * step)
        sweep.append(time.perf_counter() - t0)
    times.sort()
    sweep.sort()
    ms_ = 1000
    print(
        f"{name}: {board.width}x{board.height}, {len(board.mines)} mines, {len(board.events)} events, "
        f"slug {len(slug):,} chars, outcome {replay.outcome}, 3BV {replay.bbbv}, "
        f"checkpoints {len(replay._checkpoints)}"
    )
    print(f"  decode {t_decode * ms_:.2f} ms, build replay {t_build * ms_:.1f} ms")
    print(
        f"  random seeks: mean {statistics.mean(times) * ms_:.3f} ms, median {times[len(times) // 2] * ms_:.3f} ms, "
        f"p99 {times[int(len(times) * 0.99)] * ms_:.3f} ms, max {times[-1] * ms_:.3f} ms"
    )
    print(f"  slider sweep: mean {statistics.mean(sweep) * ms_:.3f} ms, max {sweep[-1] * ms_:.3f} ms")


def main() -> None:
    measure("expert", played_game(30, 16, 99, seed=7))
    measure("100x100", played_game(100, 100, 2000, seed=8))
    # The largest legal field, with part of a game (a whole one would not fit in a slug).
    measure("1000x1000", played_game(1000, 1000, 150_000, seed=9, limit=100_000), seeks=200)


if __name__ == "__main__":
    main()
