"""A full garbage collection once the window has started and loaded every game, before and
after the collector settles (`MainThreadCollector.settle`: what the start made is frozen
out of later collections), each the median of several, in the same process.

Run: QT_QPA_PLATFORM=offscreen python benchmarks/collector.py [--runs N]
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def _full_collection_ms(runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        gc.collect()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def measure(runs: int) -> tuple[float, float, int]:
    from slugboard.gui.collector import MainThreadCollector
    from slugboard.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    collector = MainThreadCollector(app)
    settings = QSettings(os.path.join(tempfile.mkdtemp(), "bench.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    warmed: list[bool] = []
    window.warmed.connect(lambda: warmed.append(True))
    window.show()
    deadline = time.monotonic() + 30
    while not warmed and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.005)
    before = _full_collection_ms(runs)
    collector.settle()
    after = _full_collection_ms(runs)
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    collector.stop()
    window.close()
    return before, after, frozen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    before, after, frozen = measure(args.runs)
    print(f"full collection once started: {before:.1f} ms; once settled: {after:.2f} ms ({frozen} objects frozen)")


if __name__ == "__main__":
    main()
