"""Errors that name what went wrong: a solver that gave up, memory that ran out, a bad
--dask address or a server there that is not a Dask scheduler are no "board JSON with a
value of the wrong kind" (what errors.guarded called every unexpected failure)."""

from __future__ import annotations

import io
import json
import pathlib
import socket
import threading
import time

import pytest

from slugboard.codecs import SlugError
from slugboard.codecs.cli import run
from slugboard.codecs.errors import guarded

VARIANTS = json.loads((pathlib.Path(__file__).parent / "data" / "sudoku_variants.json").read_text(encoding="utf-8"))


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err, io.BytesIO(b""))
    return code, out.getvalue(), err.getvalue()


def _raise(exc: BaseException):
    def work():
        raise exc

    return work


@pytest.mark.parametrize(
    ("exc", "said"),
    [
        (TimeoutError("the solver gave up after 120 s"), "the solver gave up after 120 s"),
        (MemoryError(), "not enough memory for this"),
        (PermissionError(13, "Permission denied", "/x/board.txt"), "/x/board.txt: Permission denied"),
        (RuntimeError("a fault"), "failed unexpectedly (RuntimeError: a fault)"),
        (TypeError("list indices must be integers"), "the board JSON has a value of the wrong kind"),
    ],
)
def test_guarded_says_what_each_failure_was(exc, said):
    with pytest.raises(SlugError) as caught:
        guarded("sudoku", _raise(exc))
    assert said in caught.value.message
    if not isinstance(exc, TypeError):
        assert "board JSON" not in caught.value.message


def test_a_solver_that_gives_up_says_so(monkeypatch):
    from slugboard.codecs.sudoku import cpsat

    monkeypatch.setattr(cpsat, "TIME_LIMIT", 1e-6)  # no time at all: CP-SAT stops unsure
    puzzle = next(p for p in VARIANTS["puzzles"] if p["kind"] == "killer")
    code, out, err = _cli("solve", puzzle["link"])
    assert code != 0 and out == ""
    assert "the solver gave up after 1e-06 s" in err and "board JSON" not in err


@pytest.mark.slow
@pytest.mark.parametrize("address", ["bogus", "file:///etc/passwd", "inproc://x", "tcp://host:99999", "tcp://h/p"])
def test_a_bad_dask_address_is_named_as_such(address, monkeypatch):
    pytest.importorskip("distributed")
    from slugboard.codecs.pentomino import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2.0)
    code, out, err = _cli("count", "R3k", "--dask", address)
    assert code != 0 and out == ""
    assert "no Dask scheduler answers at" in err
    assert "board JSON" not in err and err.count("\n") == 1


@pytest.mark.slow
def test_a_server_that_is_not_a_dask_scheduler_is_named_as_such():
    pytest.importorskip("distributed")
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer() -> None:  # a web server's answer to whatever it is sent
        with server:
            while True:
                try:
                    client, _ = server.accept()
                except OSError:
                    return
                with client:
                    client.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    threading.Thread(target=answer, daemon=True).start()
    started = time.monotonic()
    try:
        code, out, err = _cli("count", "R3k", "--dask", f"tcp://127.0.0.1:{port}")
    finally:
        server.close()
    assert code != 0 and out == ""
    assert f"no Dask scheduler answers at tcp://127.0.0.1:{port}" in err
    assert "Memory" not in err and "board JSON" not in err
    assert time.monotonic() - started < 20
