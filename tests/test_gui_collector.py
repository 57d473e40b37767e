"""Garbage is collected on the window's thread: a worker that allocates a great deal does
not set off a collection that frees what the window's thread owns."""

from __future__ import annotations

import gc
import threading

import pytest

from slugboard.gui.collector import MainThreadCollector


class _Cycle:
    freed_on: list[str] = []

    def __init__(self) -> None:
        self.me = self  # only the cycle collector frees it

    def __del__(self) -> None:
        _Cycle.freed_on.append(threading.current_thread().name)


def test_garbage_is_freed_on_the_thread_of_the_collector(qapp, qtbot):
    was_enabled = gc.isenabled()
    gc.enable()  # as in a fresh application, before the collector takes over
    collector = MainThreadCollector(interval_ms=20)
    try:
        assert not gc.isenabled()
        _Cycle.freed_on.clear()
        _Cycle()

        kept = []

        def allocate():  # enough containers, kept, to cross every threshold many times over
            kept.append([[i] for i in range(200_000)])

        worker = threading.Thread(target=allocate, name="worker")
        worker.start()
        worker.join()
        assert _Cycle.freed_on == []  # the worker's allocations collected nothing
        qtbot.waitUntil(lambda: bool(_Cycle.freed_on), timeout=5000)
        assert _Cycle.freed_on == [threading.main_thread().name]
        assert collector.collected >= 1
    finally:
        collector.timer.stop()
        with qtbot.waitSignal(collector.destroyed):
            collector.deleteLater()
        if not was_enabled:
            gc.disable()


@pytest.mark.slow
def test_quitting_collects_once_and_leaves_collection_off_for_the_teardown(qapp, qtbot):
    """Qt destroys the window after the application quits; a collection set off inside one
    of those destructors can deadlock in PySide, so none may start then."""
    was_enabled = gc.isenabled()
    collector = MainThreadCollector(interval_ms=10_000)
    try:
        _Cycle.freed_on.clear()
        _Cycle()
        qapp.aboutToQuit.emit()
        assert _Cycle.freed_on == [threading.main_thread().name]  # collected at the quit
        assert not collector.timer.isActive()
        with qtbot.waitSignal(collector.destroyed):
            collector.deleteLater()
        assert not gc.isenabled()  # still off once the collector is gone
    finally:
        if was_enabled:
            gc.enable()


def test_stop_or_destroying_it_gives_collection_back(qapp, qtbot):
    was_enabled = gc.isenabled()
    try:
        stopped = MainThreadCollector(interval_ms=10_000)
        stopped.stop()
        assert gc.isenabled() and not stopped.timer.isActive()
        destroyed = MainThreadCollector(interval_ms=10_000)
        assert not gc.isenabled()
        with qtbot.waitSignal(destroyed.destroyed):
            destroyed.deleteLater()
        assert gc.isenabled()
    finally:
        if not was_enabled:
            gc.disable()


@pytest.mark.slow
def test_settling_collects_then_leaves_what_lives_out_of_later_collections(qapp, qtbot):
    """Once the start's work is done, what it made is frozen: later collections go over
    only what was made after, and garbage made after is still freed."""
    was_enabled = gc.isenabled()
    collector = MainThreadCollector(interval_ms=10_000)
    try:
        _Cycle.freed_on.clear()
        _Cycle()  # garbage from the start
        alive = [[i] for i in range(100)]  # what the start made and keeps
        collector.settle()
        assert collector.settled
        assert _Cycle.freed_on == [threading.main_thread().name]  # collected before freezing
        assert gc.get_freeze_count() > len(alive)
        tracked = {id(o) for o in gc.get_objects()}
        assert id(alive) not in tracked and id(alive[0]) not in tracked  # out of later collections
        _Cycle()  # garbage made after settling
        gc.collect()
        assert len(_Cycle.freed_on) == 2
    finally:
        gc.unfreeze()
        collector.timer.stop()
        with qtbot.waitSignal(collector.destroyed):
            collector.deleteLater()
        if not was_enabled:
            gc.disable()


def test_the_window_says_when_every_game_is_loaded(qtbot, settings):
    from slugboard.gui.main_window import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.warmed, timeout=10_000):
        window.show()
    assert window._warmer.done
