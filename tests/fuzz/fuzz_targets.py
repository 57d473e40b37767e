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
    from slugboard.codecs.minesweeper.files import read_clone
    from slugboard.codecs.sudoku import fpuzzles, lzstring, sudokupad
    from slugboard.codecs.sudoku import solving as sudoku_solving
    from slugboard.codecs.xiangqi import records as xiangqi_records


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


def _text_file(data: bytes) -> None:
    """A text file read as the window and `slugboard-codec` read one, then decoded: what
    comes back is the file's text (UTF-8, or UTF-16 after its mark), cut at the limit; a
    file holding a NUL is no text, refused with a SlugError; then a board or a SlugError."""
    import os
    import tempfile

    from slugboard.codecs import MAX_TEXT, read_text_file

    fd, path = tempfile.mkstemp(suffix=".txt")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        try:
            text = read_text_file(path)
        except SlugError:
            assert b"\0" in data and data[:2] not in (b"\xff\xfe", b"\xfe\xff")
            return
    finally:
        os.remove(path)
    utf16 = data[:2] in (b"\xff\xfe", b"\xfe\xff")
    expected = data.decode("utf-16" if utf16 else "utf-8", "replace")[: MAX_TEXT + 1]
    assert text == expected
    try:
        decode_any(text)
    except SlugError:
        pass


def _carve(data: bytes) -> None:
    """Percent escapes undone at C speed: each character of the slug stands at a place of
    the text, in order, a plain character where it is and an escape where its `%` is."""
    from slugboard.codecs.links import carve

    text = _text(data)
    slug, source = carve(text, 0, len(text))
    if source.origins is None:
        assert slug == text
        return
    origins = list(source.origins)
    assert len(origins) == len(slug) and origins == sorted(set(origins))
    for ch, at in zip(slug, origins):
        assert text[at] == ch or text[at] == "%"


def _near_mark(data: bytes) -> None:
    from slugboard.codecs.closest import near_mark

    text = _text(data)
    found = near_mark(text, {"sudoku": ("UyF2",)}, {"letters": "letters.wiki", "sudoku": "nickgirardo.com"})
    assert found is None or 0 <= found.position <= len(text)


def _records(reader: Callable[[bytes], object]) -> Callable[[bytes], None]:
    """A xiangqi game record reader: a record, or a SlugError; what it reads writes as PGN
    that reads back to the same main line."""

    def target(data: bytes) -> None:
        try:
            found = reader(data)
        except SlugError:
            return
        for record in found if isinstance(found, list) else [found]:
            again = xiangqi_records.read_pgn(xiangqi_records.write_pgn(record))[0]
            assert again.main_line == record.main_line

    return target


def _xiangqi_move_text(data: bytes) -> None:
    """A pasted move list in any notation (WXF ASCII or full-width, Chinese, SAN-style,
    ICCS): its moves or a SlugError; whether a file holds a record is a yes or a no."""
    from slugboard.codecs.xiangqi.notation import is_move_word, parse_game

    text = _text(data)
    assert isinstance(xiangqi_records.holds_record(data), bool)
    for word in text.split()[:50]:
        assert isinstance(is_move_word(word), bool)
    try:
        parse_game(text[:20_000])
    except SlugError:
        pass


def _lzstring(data: bytes) -> None:
    """Decompression of any text: a text or a SlugError, never more than the limit."""
    text = _text(data)
    for decompress in (lzstring.decompress_from_base64, lzstring.decompress_from_encoded_uri_component):
        try:
            out = decompress(text, limit=100_000)
        except SlugError:
            continue
        assert len(out) <= 100_000


def _fpuzzles_json(data: bytes) -> None:
    """f-puzzles' JSON itself (the compression is the lz-string target's), read and written back."""
    try:
        board = fpuzzles.read_json_text(_text(data), form="fpuzzles")
    except SlugError:
        return
    assert fpuzzles.read_data(fpuzzles.write_data(board)) == board


def _sudoku_checks(data: bytes) -> None:
    """f-puzzles' JSON read, then every constraint checked on its digits and on the
    setter's solution, and `info`'s verdict on that solution worked out without a count:
    clues anywhere, indexers and lines of any cells only ever give problems."""
    from slugboard.codecs.sudoku import facts, rules

    try:
        board = fpuzzles.read_json_text(_text(data), form="fpuzzles")
    except SlugError:
        return
    rules.problems(board)
    assert board.variant is not None
    if board.variant.solution:
        assert len(board.variant.solution) == board.size**2
    facts.setter_solution_facts(board, None)


def _sudoku_solving(data: bytes) -> None:
    """A solver's kept state (the window's settings file): a state that writes back as
    itself, or a SlugError."""
    import json

    try:
        obj = json.loads(_text(data))
    except (ValueError, RecursionError):
        return
    for size in (4, 9, 16):
        try:
            state = sudoku_solving.from_json(obj, size)
        except SlugError:
            continue
        assert sudoku_solving.from_json(sudoku_solving.to_json(state), size) == state


def _sudokupad(data: bytes) -> None:
    """SudokuPad's puzzle texts: fpuzzles/scl data, and SudokuPad's zipped JSON itself."""
    text = _text(data)
    for reader in (sudokupad.read_puzzle, sudokupad.read_scl):
        try:
            reader(text)
        except SlugError:
            pass


def _letters_lexicon_cache(data: bytes) -> None:
    """A cache file of the letters move finder's word trie: read whole, or refused."""
    from slugboard.codecs.letters.moves import CACHE_MAGIC, Lexicon

    for text in (data, CACHE_MAGIC + b"d\n" + data):
        lexicon = Lexicon.from_bytes(text, "d")
        assert lexicon is None or isinstance(lexicon, Lexicon)


def _minesweeper_game(data: bytes) -> None:
    """A minesweeper game read into columns: it reads as the tuple of its actions, its
    JSON in pieces is its board JSON, and `info`'s figures (played to the game's end and
    no further) are the full replay's."""
    from slugboard.codecs import minesweeper as ms
    from slugboard.codecs.cli import _dump

    try:
        board = ms.decode(_text(data))
    except SlugError:
        return
    events = tuple(board.events)
    assert board.events == events and board.events[1:] == events[1:] and len(board.events) == len(events)
    assert "".join(ms.json_pieces(board, _dump)) == _dump(ms.to_json(board))
    full, alone = ms.Replay(board), ms.Replay(board, seekable=False)
    assert alone.stats() == full.final().stats and alone.end_index == full.end_index


def _xiangqi_fen_tail(data: bytes) -> None:
    """A FEN followed by any text: it reads only when what follows the FEN's fields is a
    move list (never as the FEN alone with the rest dropped), else a SlugError. What
    reads, the move list reader takes as moves: it may find one not legal there, or the
    list too long, but no word that is not a move."""
    from slugboard.codecs import xiangqi as xq
    from slugboard.codecs.xiangqi.notation import parse_game
    from slugboard.codecs.xiangqi.slug import _unwrap

    pasted = "4k4/9/9/9/9/9/9/9/3R5/3K5 w " + _text(data)
    try:
        xq.decode(pasted)
    except SlugError:
        return
    try:
        parse_game(_unwrap(pasted))  # as the reader sees it: percent escapes undone
    except SlugError as exc:
        assert "is not a move" not in exc.message, exc.message


def _pentomino_count_parts(data: bytes) -> None:
    """A long count's parts file (`count --resume`): counts by part, or a SlugError; with
    the right first line, every count read is one of the count's parts."""
    import json

    from slugboard.codecs.pentomino.parts import FORMAT, KIND, read_parts

    header = {"file": KIND, "board": "T88R33344344", "parts": 40, "split": "0" * 64, "format": FORMAT}
    keys = [f"{i:012x}" for i in range(40)]
    for text in (data, json.dumps(header).encode() + b"\n" + data):
        try:
            known = read_parts(text, header, keys=keys)
        except SlugError:
            continue
        assert all(0 <= part < 40 and n >= 0 for part, n in known.items())


def _minesweeper_mvf(data: bytes) -> None:
    """Minesweeper Clone's replay files, read without ms-toollib: a game whose slug reads
    back as itself, or a SlugError that names a byte of the file."""
    from slugboard.codecs import minesweeper as ms

    try:
        found = read_clone(data)
    except SlugError as exc:
        assert exc.position is not None and 0 <= exc.position <= len(data)
        return
    assert ms.decode(ms.encode(found.board)) == found.board


TARGETS: dict[str, Callable[[bytes], None]] = {
    **{f"decode-{name}": _decoder(name) for name in GAMES},
    "decode-any": _decode_any,
    "board-json": _board_json,
    "command-line": _command_line,
    "text-file": _text_file,
    "carve": _carve,
    "near-mark": _near_mark,
    "xiangqi-pgn": _records(lambda data: xiangqi_records.read_pgn(_text(data))),
    "xiangqi-xqf": _records(lambda data: xiangqi_records.read_xqf(b"XQ" + data)),
    "xiangqi-dhtmlxq": _records(lambda data: xiangqi_records.read_dhtmlxq(_text(data))),
    "xiangqi-record-bytes": _records(lambda data: xiangqi_records.read_bytes(data)),
    "xiangqi-move-text": _xiangqi_move_text,
    "lzstring": _lzstring,
    "fpuzzles-json": _fpuzzles_json,
    "sudokupad": _sudokupad,
    "sudoku-checks": _sudoku_checks,
    "sudoku-solving": _sudoku_solving,
    "letters-lexicon-cache": _letters_lexicon_cache,
    "minesweeper-game": _minesweeper_game,
    "minesweeper-mvf": _minesweeper_mvf,
    "xiangqi-fen-tail": _xiangqi_fen_tail,
    "pentomino-count-parts": _pentomino_count_parts,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit("usage: fuzz_targets.py TARGET [libFuzzer options] [CORPUS_DIR...]\ntargets: " + ", ".join(TARGETS))
    target = TARGETS[sys.argv[1]]
    atheris.Setup([sys.argv[0], *sys.argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
