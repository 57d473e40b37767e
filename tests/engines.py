"""The xiangqi engine of the machine the tests run on (Fairy-Stockfish: `apt install
fairy-stockfish`), the mark of a test that needs one, and `slugboard-codec` run in the
test's process."""

from __future__ import annotations

import io

import pytest

from slugboard.codecs.xiangqi import engine as _engines

try:
    ENGINE: str | None = _engines.find_engine()
except _engines.EngineError:
    ENGINE = None
needs_engine = pytest.mark.skipif(ENGINE is None, reason="needs a xiangqi engine (apt install fairy-stockfish)")


def codec_cli(*argv: str) -> tuple[int, str, str]:
    """`slugboard-codec ARGV...`: its exit status, standard output and standard error."""
    from slugboard.codecs.cli import run

    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err, io.BytesIO(b""))
    return code, out.getvalue(), err.getvalue()
