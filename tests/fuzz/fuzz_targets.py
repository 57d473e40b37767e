"""Fuzzing targets for every decoder and for the command line's JSON input (atheris).

    python tests/fuzz/fuzz_targets.py TARGET [libFuzzer options] [CORPUS_DIR...]

TARGET is one of the names in TARGETS. An input is taken as UTF-8 text (bad bytes
replaced), so a seed corpus of real slugs and links works as it is. Anything but a
board or a SlugError (an exception of another kind, a hang past -timeout) is a crash,
which libFuzzer saves as a file to turn into a regression test.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

import atheris

with atheris.instrument_imports():
    from slugboard.codecs import GAMES, SlugError, anatomy, decode_any, detect
    from slugboard.codecs.cli import board_from_json_line, run


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _decoder(name: str) -> Callable[[bytes], None]:
    game = GAMES[name]

    def target(data: bytes) -> None:
        text = _text(data)
        game.looks_like(text)
        try:
            board = game.decode(text)
        except SlugError:
            return
        # What reads can be explained, its parts covering the slug with no gap or overlap
        # (a grid file form may be refused, with a SlugError).
        try:
            anatomy.check(game.explain(text))
        except SlugError:
            pass
        try:
            slug = game.encode(board)
        except SlugError:
            return  # a board the slug code cannot hold (a FEN with two red kings) says so
        # What encodes must read back the same.
        assert game.decode(slug) == board

    return target


def _decode_any(data: bytes) -> None:
    text = _text(data)
    try:
        decode_any(text)
        detect(text)
    except SlugError:
        pass


def _board_json(data: bytes) -> None:
    try:
        game, board = board_from_json_line(_text(data))
    except SlugError:
        return
    game.encode(board)


def _command_line(data: bytes) -> None:
    """The whole command in-process: each line a text to decode, then as board JSON."""
    out, err = io.StringIO(), io.StringIO()
    code = run(["info", "-"], out, err, io.BytesIO(data))
    assert code in (0, 2)
    code = run(["encode"], out, err, io.BytesIO(data))
    assert code in (0, 2)


def _letters_lexicon_cache(data: bytes) -> None:
    """A cache file of the letters move finder's word trie: read whole, or refused."""
    from slugboard.codecs.letters.moves import CACHE_MAGIC, Lexicon

    for text in (data, CACHE_MAGIC + b"d\n" + data):
        lexicon = Lexicon.from_bytes(text, "d")
        assert lexicon is None or isinstance(lexicon, Lexicon)


TARGETS: dict[str, Callable[[bytes], None]] = {
    **{f"decode-{name}": _decoder(name) for name in GAMES},
    "decode-any": _decode_any,
    "board-json": _board_json,
    "command-line": _command_line,
    "letters-lexicon-cache": _letters_lexicon_cache,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit("usage: fuzz_targets.py TARGET [libFuzzer options] [CORPUS_DIR...]\ntargets: " + ", ".join(TARGETS))
    target = TARGETS[sys.argv[1]]
    atheris.Setup([sys.argv[0], *sys.argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
