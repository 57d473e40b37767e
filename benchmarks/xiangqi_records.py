"""How long reading and writing xiangqi game records takes, and what an engine's analysis
costs (prints figures; not a test). Run: python benchmarks/xiangqi_records.py

The games are played here by random legal moves to 200 plies (shorter where a game ends
first): one long main line, written as PGN in each notation and as an XQF file."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_codecs_xiangqi_records import write_xqf  # noqa: E402

from slugboard.codecs import xiangqi  # noqa: E402
from slugboard.codecs.xiangqi import engine as engines  # noqa: E402
from slugboard.codecs.xiangqi import records  # noqa: E402


def long_game(seed: int, plies: int = 200) -> records.GameRecord:
    rng = random.Random(seed)
    game = records.GameRecord(xiangqi.new_board())
    node, board = game.root, game.start
    for _ in range(plies):
        moves = xiangqi.legal_moves(board)
        if not moves:
            break
        # Quiet moves first, so the game keeps its pieces and its length.
        quiet = [m for m in moves if not board.cells[m[1]]] or moves
        move = rng.choice(quiet)
        node = node.add(move)
        board = xiangqi.play(board, move)
    return game


def timed(fn, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    game = long_game(1)
    plies = len(game.main_line)
    print(f"a game of {plies} plies")
    for notation in ("WXF", "ICCS", "Chinese"):
        text = records.write_pgn(game, notation)
        ms = timed(lambda t=text: records.read_pgn(t))
        print(f"read PGN ({notation:7}) {ms:7.1f} ms  {ms / plies * 1000:6.0f} us a move")
        print(f"write PGN ({notation:7}) {timed(lambda n=notation: records.write_pgn(game, n)):6.1f} ms")
    data = write_xqf(game, 18, 1)
    ms = timed(lambda: records.read_xqf(data))
    print(f"read XQF (encrypted)  {ms:6.1f} ms  {ms / plies * 1000:6.0f} us a move")
    try:
        with engines.Engine() as engine:
            board = xiangqi.new_board()
            start = time.perf_counter()
            engine.analyse(board, depth=1)
            print(f"engine {engine.name}: first answer {1000 * (time.perf_counter() - start):.0f} ms")
            for depth in (10, 14, 18):
                start = time.perf_counter()
                found = engine.analyse(board, depth=depth, multipv=3)
                print(f"  opening, depth {depth}, 3 lines: {1000 * (time.perf_counter() - start):6.0f} ms")
                assert found.lines
    except engines.EngineError as exc:
        print(f"no engine timings: {exc}")


if __name__ == "__main__":
    main()
