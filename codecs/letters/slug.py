"""Reading and writing letters.wiki links: ?g= and ?w= (rack positions) and ?_= (V4: letters, starting word, blanks), and the board JSON.

The canonical slug of a `?g=` board is the bare base64 text; a `?w=` board's slug keeps
its `w=` marker, because the same bits name other letters under the other parameter, and
a V4 board's slug its `_=` marker, for the same reason (a bare body reads as `?g=` first).
A starting word a person gave a `?g=`/`?w=` board travels in its slug as `&s=WORD`. A
share link is written in the board's own format: the one the person chose.

The bits (formats/letters.md), URL-safe base64 unpadded, most significant bit first, the
last byte zero-padded: `?g=`/`?w=` 14 bits date (days since 2020-01-01), 5 bits tile count,
then 13 bits per tile (7 position, 3 rack index, 3 turn); V4 14 bits date, 4 bits starting
word length, 5 bits per letter of it, 5 bits tile count, then 16 bits per tile (7
position, 6 letter: 0-25 a letter, 26-51 a blank standing for that letter, 3 turn).
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import replace
from typing import Any

from ..bits import STD_ALPHABET, URL_ALPHABET, BitReader, BitWriter, b64decode, b64encode
from ..errors import FormatError, SlugError, TooLongError, ValueRangeError, shown
from ..links import (
    Source,
    carve,
    is_link,
    located,
    percent_decode,
    query_params,
    strip_text,
    stripped_bounds,
    value_bounds,
)
from .model import (
    EPOCH,
    LAST_DATE,
    MAX_LINK_START_WORD,
    MAX_START_WORD,
    MAX_TILES,
    MIN_START_WORD,
    NAME,
    PARAMS,
    RACK_SIZE,
    SITE_URL,
    SIZE,
    START_WORD_PARAM,
    TILE_COUNTS,
    TURNS,
    V4,
    Board,
    Tile,
    link_start_word_error,
    normalize_start_word,
    start_word_error,
)

# Bits in a full slug (31 tiles) and the longest text that can hold them: anything longer is
# refused before base64 decoding allocates anything.
_MAX_BITS = 14 + 5 + 13 * MAX_TILES


_MAX_SLUG_CHARS = -(-(-(-_MAX_BITS // 8) * 8) // 6)


_MAX_V4_BITS = 14 + 4 + 5 * MAX_LINK_START_WORD + 5 + 16 * MAX_TILES


_MAX_V4_CHARS = -(-(-(-_MAX_V4_BITS // 8) * 8) // 6)


_MARKED = re.compile(r"^[?&]?[gw_]=", re.IGNORECASE)


def looks_like(text: str) -> bool:
    try:
        t = strip_text(text)
        if "letters.wiki" in t.lower():
            return True
        return bool(_MARKED.match(t))
    except Exception:  # a predicate used for detection must never raise
        return False


def _split(text: str) -> tuple[str, Source, str | None, bool]:
    """(param, where the raw slug stands in `text`, raw start word or None, whether the
    text carried a marker)."""
    start, end = stripped_bounds(text)
    t = text[start:end]
    if "?" in t or "&" in t or _MARKED.match(t) or is_link(t) or t.lower().startswith("letters.wiki"):
        query = t if "?" in t else "?" + t.lstrip("&")
        params = query_params(query)
        lowered = {k.lower(): k for k in params}
        # The site reads ?_= first, then ?w=, then ?g=.
        for name in (V4, "w", "g"):
            if name in lowered:
                start_key = lowered.get(START_WORD_PARAM)
                bounds = value_bounds(text, (lowered[name],), start, end) or (start, end)
                return name, Source(*bounds), params[start_key] if start_key else None, True
        raise FormatError(NAME, "the link has no ?_=, ?g= or ?w= parameter", 0)
    return "g", Source(start, end), None, False


def _percent_decode(text: str) -> str:
    try:
        return percent_decode(text)
    except UnicodeDecodeError:
        return text  # left as it is: the base64 check then names the odd character


def decode(text: str) -> Board:
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    if not strip_text(text):
        raise FormatError(NAME, "the text is empty", 0)
    param, raw, start, marked = _split(text)
    slug, source = carve(text, raw.start, raw.end, strip=True)
    slug = slug.replace(" ", "+")
    start_word = None
    if start is not None:
        # A starting word has at most 9 letters, 27 characters percent-encoded: a longer
        # value is refused before it is decoded.
        if len(start) > 3 * MAX_START_WORD + 8:
            raise ValueRangeError(
                NAME,
                f"the link's s= parameter is {len(start)} characters long; a starting "
                f"word has {MIN_START_WORD}-{MAX_START_WORD} letters",
            )
        word = _percent_decode(start).strip()
        if word:
            problem = start_word_error(word)
            if problem:
                raise ValueRangeError(NAME, f"the link's s= parameter: {problem}")
            start_word = normalize_start_word(word)
    with located(source):
        if param == V4:
            return decode_v4(slug, strict=not marked)  # it carries its own starting word
        if marked:
            board = decode_slug(slug, param, strict=False)
        else:
            board = _decode_bare(slug)
    return replace(board, start_word=start_word) if start_word and not board.is_v4 else board


def _decode_bare(slug: str) -> Board:
    """A bare slug is a `?g=` slug, or a V4 slug when it does not read as one; when neither
    reads, the `?g=` reading's error (the form bare slugs have always had)."""
    try:
        return decode_slug(slug, "g", strict=True)
    except SlugError as g_error:
        try:
            return decode_v4(slug, strict=True)
        except SlugError:
            raise g_error from None


def decode_slug(slug: str, param: str = "g", *, strict: bool = True) -> Board:
    """Read the bare base64 body. `strict` also refuses non-zero padding bits (a bare text
    carries no marker, so only an exact slug is taken for a letters game)."""
    if not slug:
        raise FormatError(NAME, "the slug is empty", 0)
    if re.fullmatch(r"\d{8}-.*", slug, re.DOTALL):
        raise FormatError(NAME, "old date-and-LZ-string letters links are not supported", 8)
    if len(slug) > _MAX_SLUG_CHARS:
        raise TooLongError(
            NAME,
            f"slug is too long for a letters game ({len(slug):,} characters; 31 tiles need {_MAX_SLUG_CHARS})",
            _MAX_SLUG_CHARS,
        )
    data = b64decode(slug, NAME, alphabets=(URL_ALPHABET, STD_ALPHABET))
    reader = BitReader(data, NAME)
    days = reader.read(14)
    date = EPOCH + _dt.timedelta(days=days)
    count = reader.read(5)
    tiles = []
    for i in range(count):
        where = reader.char_position()
        pos = reader.read(7)
        rack_index = reader.read(3)
        turn = reader.read(3)
        if pos >= SIZE * SIZE:
            raise ValueRangeError(NAME, f"tile {i + 1}: square {pos} is off the 9x9 board (0-80)", where)
        if rack_index >= RACK_SIZE:
            raise ValueRangeError(
                NAME,
                f"tile {i + 1}: rack index {rack_index} is beyond the rack of {RACK_SIZE} (0-{RACK_SIZE - 1})",
                where + 1,
            )
        if not 1 <= turn <= TURNS:
            raise ValueRangeError(NAME, f"tile {i + 1}: turn {turn} is not 1-{TURNS}", where + 2)
        tiles.append(Tile(pos // SIZE, pos % SIZE, rack_index, turn))
    notes = _end_of_slug(reader, count, strict)
    return Board(date, tuple(tiles), param, None, tuple(notes))


def _end_of_slug(reader: BitReader, count: int, strict: bool) -> list[str]:
    """After the last tile: no whole byte more, and zero padding bits (`strict`), or a
    note that they were not zero."""
    if reader.remaining >= 8:
        extra = reader.remaining // 8
        raise FormatError(
            NAME,
            f"slug is longer than {count} tile{'' if count == 1 else 's'} need "
            f"({extra} byte{'' if extra == 1 else 's'} too many)",
            reader.char_position(),
        )
    if reader.remaining and reader.read(reader.remaining):
        if strict:
            raise FormatError(NAME, "the bits after the last tile are not zero", reader.char_position() - 1)
        return ["the bits after the last tile are not zero (they are ignored)"]
    return []


def decode_v4(slug: str, *, strict: bool = True) -> Board:
    """Read the bare base64 body of a `?_=` (V4) link. `strict` also refuses non-zero
    padding bits."""
    if not slug:
        raise FormatError(NAME, "the slug is empty", 0)
    if len(slug) > _MAX_V4_CHARS:
        raise TooLongError(
            NAME,
            f"slug is too long for a letters game ({len(slug):,} characters; {MAX_TILES} tiles need {_MAX_V4_CHARS})",
            _MAX_V4_CHARS,
        )
    data = b64decode(slug, NAME, alphabets=(URL_ALPHABET, STD_ALPHABET))
    reader = BitReader(data, NAME)
    date = EPOCH + _dt.timedelta(days=reader.read(14))
    length = reader.read(4)  # 0-15, every length the site reads: a word longer than the row is a problem
    word = []
    for i in range(length):
        where = reader.char_position()
        code = reader.read(5)
        if code > 25:
            raise ValueRangeError(
                NAME, f"letter {i + 1} of the starting word is code {code}, not a letter (0-25)", where
            )
        word.append(chr(ord("A") + code))
    start_word = "".join(word) or None
    count = reader.read(5)
    tiles = []
    for i in range(count):
        where = reader.char_position()
        pos = reader.read(7)
        code = reader.read(6)
        turn = reader.read(3)
        if pos >= SIZE * SIZE:
            raise ValueRangeError(NAME, f"tile {i + 1}: square {pos} is off the 9x9 board (0-80)", where)
        if code >= 52:
            raise ValueRangeError(NAME, f"tile {i + 1}: letter code {code} is not a letter (0-51)", where + 1)
        if not 1 <= turn <= TURNS:
            raise ValueRangeError(NAME, f"tile {i + 1}: turn {turn} is not 1-{TURNS}", where + 2)
        tiles.append(Tile(pos // SIZE, pos % SIZE, 0, turn, chr(ord("A") + code % 26), code >= 26))
    notes = _end_of_slug(reader, count, strict)
    return Board(date, tuple(tiles), V4, start_word, tuple(notes))


def slug_body(board: Board) -> str:
    """The base64 text letters.wiki puts after `?g=` or `?w=`."""
    writer = BitWriter()
    writer.write(board.days, 14)
    writer.write(len(board.tiles), 5)
    for t in board.tiles:
        writer.write(t.row * SIZE + t.col, 7)
        writer.write(t.rack_index, 3)
        writer.write(t.turn, 3)
    return b64encode(writer.to_bytes(), padded=False, urlsafe=True)


def v4_body(board: Board) -> str:
    """The base64 text letters.wiki puts after `?_=`, as its V4 encoder writes it."""
    if not board.is_v4:
        raise ValueError("a ?g= or ?w= board: convert it with to_v4 first")
    writer = BitWriter()
    writer.write(board.days, 14)
    word = board.start_word or ""
    writer.write(len(word), 4)
    for letter in word:
        writer.write(ord(letter) - ord("A"), 5)
    writer.write(len(board.tiles), 5)
    for t in board.tiles:
        writer.write(t.row * SIZE + t.col, 7)
        writer.write(ord(t.letter) - ord("A") + (26 if t.blank else 0), 6)
        writer.write(t.turn, 3)
    return b64encode(writer.to_bytes(), padded=False, urlsafe=True)


def encode(board: Board) -> str:
    if board.is_v4:
        return f"{V4}={v4_body(board)}"
    body = slug_body(board)
    slug = body if board.param == "g" and not board.start_word else f"{board.param}={body}"
    if board.start_word:
        slug += f"&{START_WORD_PARAM}={board.start_word}"
    return slug


def to_v4(board: Board) -> Board | None:
    """The same game as a V4 board, letters and all (None while the letters are unknown:
    no starting word, or a rack position past the end of its rack)."""
    from .game import resolve

    if board.is_v4:
        return board
    game = resolve(board)
    if game is None or any(letter not in TILE_COUNTS for letter in game.letters):
        return None
    tiles = tuple(Tile(t.row, t.col, 0, t.turn, letter) for t, letter in zip(board.tiles, game.letters))
    return Board(board.date, tiles, V4, board.start_word)


def converted(board: Board, param: str) -> Board:
    """The same game written in another link format: the same letters on the same squares,
    in the same order. Raises ValueError saying why when that format cannot hold it."""
    from .game import resolve

    if param not in PARAMS:
        raise ValueError(f"no link format {param!r}")
    if param == board.param:
        return board
    if param == V4:
        v4 = to_v4(board)
        if v4 is None:
            raise ValueError("its letters are not known yet: give the day's starting word first")
        return v4
    game = resolve(board)
    if game is None or not board.start_word:
        raise ValueError("?g= and ?w= links need the day's starting word to find each tile's rack")
    if any(t.blank for t in board.tiles):
        raise ValueError("?g= and ?w= links cannot hold blank tiles")
    parsed: list[list[Any]] = [[t.row, t.col, None, t.turn, letter] for t, letter in zip(board.tiles, game.letters)]
    try:
        _assign_rack_indices(board.date, param, board.start_word, parsed)
    except SlugError as exc:
        raise ValueError(f"its tiles were not dealt from that day's 98-tile draw ({exc.message})") from None
    return Board(board.date, tuple(Tile(r, c, i, t) for r, c, i, t, _ in parsed), param, board.start_word)


def share_url(board: Board) -> str:
    """The letters.wiki link in the board's own format (the one chosen under Link format):
    `?_=` holds the letters and the starting word, `?g=`/`?w=` rack positions, which the
    site reads with its own word of the day."""
    if board.is_v4:
        return f"{SITE_URL}?{V4}={v4_body(board)}"
    return f"{SITE_URL}?{board.param}={slug_body(board)}"


def to_json(board: Board) -> dict[str, Any]:
    from .game import resolve

    if board.is_v4:
        return {
            "game": NAME,
            "param": V4,
            "date": board.date.isoformat(),
            "start_word": board.start_word or "",
            "tiles": [
                {"row": t.row, "col": t.col, "turn": t.turn, "letter": t.letter, "blank": t.blank} for t in board.tiles
            ],
        }
    obj: dict[str, Any] = {
        "game": NAME,
        "param": board.param,
        "date": board.date.isoformat(),
        "tiles": [{"row": t.row, "col": t.col, "rack_index": t.rack_index, "turn": t.turn} for t in board.tiles],
    }
    game = resolve(board)
    if game is not None:
        obj["start_word"] = board.start_word
        for tile_obj, letter in zip(obj["tiles"], game.letters):
            tile_obj["letter"] = letter
        obj["racks"] = [{"turn": t.turn, "rack": "".join(t.rack)} for t in game.turns]
        obj["words"] = [w.text for w in game.words]
        obj["turn_scores"] = list(game.turn_scores)
        obj["total"] = game.total
    return obj


def _int_field(obj: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise FormatError(NAME, f'{where}: "{key}" must be a whole number')
    if not low <= value <= high:
        raise ValueRangeError(NAME, f'{where}: "{key}" is {shown(value)}, not {low}-{high}')
    return value


def from_json(obj: dict[str, Any]) -> Board:
    if not isinstance(obj, dict):
        raise FormatError(NAME, "board JSON must be an object")
    param = obj.get("param", "w")
    if param not in PARAMS:
        raise ValueRangeError(NAME, '"param" must be "g", "w" or "_"')
    try:
        date = _dt.date.fromisoformat(obj.get("date"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise FormatError(NAME, '"date" must be a date like "2025-10-05"') from None
    if not EPOCH <= date <= LAST_DATE:
        raise ValueRangeError(NAME, f'"date" must be between {EPOCH} and {LAST_DATE}')
    start = obj.get("start_word")
    if param == V4 and start == "":
        start = None  # a V4 link may carry no starting word
    if start is not None:
        problem = (
            link_start_word_error(start.upper() if isinstance(start, str) else start)
            if param == V4
            else start_word_error(start)
        )
        if problem:
            raise ValueRangeError(NAME, problem)
        start = normalize_start_word(start)
    raw_tiles = obj.get("tiles", [])
    if not isinstance(raw_tiles, list):
        raise FormatError(NAME, '"tiles" must be a list')
    if len(raw_tiles) > MAX_TILES:
        raise ValueRangeError(NAME, f"{len(raw_tiles)} tiles: a letters link holds at most {MAX_TILES}")
    parsed = []
    v4_tiles = []
    for i, t in enumerate(raw_tiles):
        where = f"tile {i + 1}"
        if not isinstance(t, dict):
            raise FormatError(NAME, f"{where} must be an object")
        row, col = _int_field(t, "row", where, 0, SIZE - 1), _int_field(t, "col", where, 0, SIZE - 1)
        turn = _int_field(t, "turn", where, 1, TURNS)
        if param == V4:
            letter, blank = t.get("letter"), t.get("blank", False)
            if not isinstance(letter, str) or len(letter) != 1 or letter.upper() not in TILE_COUNTS:
                raise FormatError(NAME, f'{where}: "letter" must be one letter A-Z')
            if not isinstance(blank, bool):
                raise FormatError(NAME, f'{where}: "blank" must be true or false')
            v4_tiles.append(Tile(row, col, 0, turn, letter.upper(), blank))
            continue
        if "rack_index" in t or "letter" not in t:
            parsed.append([row, col, _int_field(t, "rack_index", where, 0, RACK_SIZE - 1), turn, None])
            continue
        letter = t["letter"]
        if not isinstance(letter, str) or len(letter) != 1 or letter.upper() not in TILE_COUNTS:
            raise FormatError(NAME, f'{where}: "letter" must be one letter A-Z')
        if start is None:
            raise FormatError(NAME, f'{where}: a tile given by its letter needs "start_word" (or give "rack_index")')
        parsed.append([row, col, None, turn, letter.upper()])  # type: ignore[list-item]
    if param == V4:
        return Board(date, tuple(v4_tiles), V4, start)
    if any(p[2] is None for p in parsed):
        _assign_rack_indices(date, param, start, parsed)  # type: ignore[arg-type]
    return Board(date, tuple(Tile(r, c, i, t) for r, c, i, t, _ in parsed), param, start)  # type: ignore[arg-type]


def _assign_rack_indices(date: _dt.date, param: str, start: str, parsed: list) -> None:  # type: ignore[type-arg]
    """Give tiles known by their letter the rack index the site would write: the first
    position of that letter in the turn's rack not used yet that turn."""
    from .game import _rack_view, daily_draw

    draw = daily_draw(date, start)
    rack: list[str] = []
    drawn = 0
    for turn in range(1, TURNS + 1):
        while len(rack) < RACK_SIZE and drawn < len(draw):
            rack.append(draw[drawn])
            drawn += 1
        view = _rack_view(rack, param)
        mine = [p for p in parsed if p[3] == turn]
        used = {p[2] for p in mine if p[2] is not None}
        for i, p in enumerate(parsed):
            if p[3] != turn or p[2] is not None:
                continue
            index = next((k for k, ch in enumerate(view) if ch == p[4] and k not in used), None)
            if index is None:
                raise ValueRangeError(
                    NAME, f"tile {i + 1}: {p[4]} is not left on the turn {turn} rack ({''.join(view)})"
                )
            used.add(index)
            p[2] = index
        for p in mine:
            letter = view[p[2]]
            if letter in rack:
                rack.remove(letter)
