"""Every speed goal, measured beside its baseline in one run, as one table.

    QT_QPA_PLATFORM=offscreen python benchmarks/run_all.py [--quick] [--markdown FILE]

Each row is a figure, what it is compared with (another program or widget measured in the
same run, or the frame budget it must fit), the ratio, and the goal. `--markdown` writes
the table, with the machine it ran on, to FILE (docs/PERFORMANCE.md keeps the latest).
The window's start and painting are measured twice: offscreen, and on an X display
(display.py), where a repaint also pays for putting its pixels on the screen.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

FRAME_MS = 1000 / 60


Row = tuple[str, str, str, str, str, bool | None]


def _start_rows(figures: list[tuple[str, float, str, float, float, object]], area: str) -> list[Row]:
    rows: list[Row] = []
    for label, value, base_label, base, goal, _spread in figures:
        ratio = value / base
        shown = "" if goal < 0 else f"<= {goal}x" if goal else "(floor)"
        rows.append(
            (area, f"{label}: {value * 1000:.0f} ms", f"{base_label}: {base * 1000:.0f} ms", f"{ratio:.2f}x",
             shown, ratio <= goal if goal > 0 else None)
        )  # fmt: skip
    return rows


def _paint_rows(figures: list[dict[str, object]], area: str) -> list[Row]:
    rows: list[Row] = []
    for row in figures:
        case = str(row["case"])
        big = case.endswith("200x200")
        ratio = float(row["ratio"])
        # A whole-window repaint comes with an expose (the window uncovered), not with a frame
        # of play: shown beside an empty window, with no goal (Qt draws its widgets).
        rows.append(
            (area, f"{case}: window repaint, nothing changed {row['repaint ms']:.2f} ms",
             f"empty QMainWindow: {row['empty ms']:.2f} ms",
             f"{ratio:.1f}x", "", None)
        )  # fmt: skip
        canvas, area_ms, copy = (float(row[key]) for key in ("canvas ms", "area ms", "copy ms"))
        rows.append(
            (area, f"{case}: canvas repaint, nothing changed {canvas:.2f} ms",
             f"empty widget its size: {area_ms:.2f} ms", f"{canvas / area_ms:.1f}x", "<= 2x", canvas <= 2 * area_ms)
        )  # fmt: skip
        rows.append(
            (area, f"{case}: the canvas painting only a copy of its picture (the floor) {copy:.2f} ms",
             f"empty widget its size: {area_ms:.2f} ms", f"{copy / area_ms:.1f}x", "(floor)", None)
        )  # fmt: skip
        budget = 2 * FRAME_MS if big else FRAME_MS
        edit = float(row["edit p95"])
        rows.append(
            (area, f"{case}: edit to painted, p95 {edit:.1f} ms", f"a frame: {budget:.1f} ms",
             f"{edit / budget:.2f}x", "< 1x", edit < budget)
        )  # fmt: skip
        paste = float(row["paste p95"])
        rows.append(
            (area, f"{case}: paste to painted, p95 {paste:.1f} ms", "50 ms", f"{paste / 50:.2f}x", "< 1x",
             paste < 50)
        )  # fmt: skip
    return rows


def _on_display(quick: bool) -> list[Row]:
    """The window's start and painting again on an X display (see display.py), where
    each repaint is also handed to the display server, as on a person's screen."""
    import startup
    from display import x_display

    with x_display() as env:
        if env is None:
            return [("display", "not measured: no X display and no Xvfb", "", "", "", None)]
        figures = [row for row in startup.measure(3 if quick else 15, env) if row[0].startswith("first frame")]
        out = subprocess.run(
            [sys.executable, str(Path(__file__).with_name("paint.py")), "--json", "--runs", "10" if quick else "40"],
            env=env, check=True, capture_output=True, text=True,
        )  # fmt: skip
    return _start_rows(figures, "start on X") + _paint_rows(json.loads(out.stdout), "paint on X")


def _rows(quick: bool) -> list[Row]:
    """(area, figure, baseline, ratio, goal, met) rows; met is None for a floor (what the
    least any code could cost, shown beside the goal it bounds)."""
    import busy_window
    import paint
    import replay
    import startup
    import tab_switch

    rows = _start_rows(startup.measure(3 if quick else 15), "start")
    rows += _paint_rows(paint.run(10 if quick else 40), "paint")
    rows += _on_display(quick)
    for name, (loaded, cold) in tab_switch.measure(3 if quick else 5).items():
        rows.append(
            ("switch", f"{name}: first switch to its tab, made and painted: {loaded * 1000:.0f} ms",
             f"its modules loaded by the switch: {cold * 1000:.0f} ms", f"{loaded / cold:.2f}x", "< 1x", loaded < cold)
        )  # fmt: skip
    busy = busy_window.measure(2 if quick else 3)
    for what, idle in busy["idle"].items():
        during = busy["apart"][what]
        label = f"{what} of the window" if what.startswith("repaint") else f"{what}: first switch to its tab"
        rows.append(
            ("busy", f"{label} during a pentomino count: {during * 1000:.1f} ms",
             f"the same, nothing running: {idle * 1000:.1f} ms", f"{during / idle:.2f}x", "<= 1.5x",
             during <= 1.5 * idle)
        )  # fmt: skip
    figures = replay.run(replay.EXPERT, 8.0)
    share = float(figures["core at 60 fps"])
    rows.append(
        ("replay", f"expert replay at 8x: {figures['frames']} frames, p95 {figures['p95 ms']:.1f} ms, "
         f"{figures['dropped']} over a frame", f"a frame: {FRAME_MS:.1f} ms",
         f"{float(figures['max ms']) / FRAME_MS:.2f}x (worst)", "no frame over", figures["dropped"] == 0)
    )  # fmt: skip
    rows.append(
        ("replay", f"replay loop at 60 fps: {share:.2f} of a core", "one core", f"{share:.2f}x", "< 0.25x",
         share < 0.25)
    )  # fmt: skip
    return rows


def _mark(met: bool | None) -> str:
    return "" if met is None else "ok" if met else "over"


def _machine() -> str:
    cores = os.cpu_count()
    return f"{platform.node() or 'this machine'}: {platform.system()} {platform.machine()}, {cores} cores, Python {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs of each figure")
    parser.add_argument("--markdown", metavar="FILE", help="also write the table to FILE")
    args = parser.parse_args()
    rows = _rows(args.quick)
    width = max(len(r[1]) for r in rows)
    for area, figure, base, ratio, goal, met in rows:
        print(f"{area:7} {figure:{width}}  {base:34} {ratio:>14}  {goal:14} {_mark(met)}")
    if args.markdown:
        lines = [
            "| area | figure | baseline | ratio | goal | |",
            "|---|---|---|---|---|---|",
            *(f"| {a} | {f} | {b} | {r} | {g} | {_mark(m)} |" for a, f, b, r, g, m in rows),
        ]
        stamp = datetime.date.today().isoformat()
        text = (
            "# Performance\n\n"
            f"The latest figures of `benchmarks/run_all.py`, on {_machine()}, {stamp}. Medians unless a row says "
            'p95; every ratio is against a baseline measured in the same run. Rows marked "on X" ran on a '
            "private Xvfb display, where each repaint also hands its pixels to the display server and waits for it "
            "(as on a person's screen; each window is raised above the others before it is measured, so that none "
            "of its pixels are clipped away); the others on Qt's offscreen platform, which shows nothing.\n\n"
            + "\n".join(lines)
            + "\n"
        )
        # What the file says under its own headings (findings written by hand) is kept.
        target = Path(args.markdown)
        old = target.read_text(encoding="utf-8") if target.is_file() else ""
        if "\n## " in old:
            text += "\n" + old[old.index("\n## ") + 1 :]
        target.write_text(text, encoding="utf-8")
        print(f"wrote {args.markdown}")


if __name__ == "__main__":
    main()
