"""lz-string (pieroxy's LZ-based compression of JavaScript strings), as f-puzzles and
SudokuPad links carry it: `compressToBase64`/`decompressFromBase64` and the URI form.

The stream is a run of tokens written least significant bit first, each `width` bits wide,
the width growing by one each time the dictionary reaches the next power of two. Token 0
and 1 bring a new character of 8 or 16 bits, 2 ends the stream, anything else names a
dictionary entry. Strings are sequences of UTF-16 code units, as in JavaScript: a
character above U+FFFF counts as two.

A hostile stream can name ever longer entries, so that its output grows with the square of
its length; decompression stops with a SlugError once the output passes `limit` code units.
"""

from __future__ import annotations

from ..errors import FormatError

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
# A puzzle's JSON is a few kilobytes; a 16x16 with every pencil mark some hundreds.
MAX_OUTPUT = 4_000_000

_BASE64_VALUES = {ch: i for i, ch in enumerate(BASE64[:64])}
_URI_VALUES = {ch: i for i, ch in enumerate(URI_SAFE)}


class LzStringError(FormatError):
    """The text is not an lz-string stream (or one that grows past the limit)."""


# --- code units ---------------------------------------------------------------------


def _units(text: str) -> list[int]:
    """The UTF-16 code units of `text`, as JavaScript's charCodeAt sees them."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]


def _text(units: list[int]) -> str:
    return b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le", "surrogatepass")


# --- compression ----------------------------------------------------------------------


def _compress(units: list[int], bits_per_char: int, alphabet: str) -> str:
    out: list[str] = []
    value = 0
    position = 0

    def write(number: int, width: int) -> None:
        nonlocal value, position
        for _ in range(width):
            value = value << 1 | (number & 1)
            number >>= 1
            if position == bits_per_char - 1:
                out.append(alphabet[value])
                value = 0
                position = 0
            else:
                position += 1

    dictionary: dict[tuple[int, ...], int] = {}
    to_create: set[tuple[int, ...]] = set()
    enlarge_in = 2
    dict_size = 3
    width = 2
    w: tuple[int, ...] = ()

    def emit(w: tuple[int, ...]) -> None:
        nonlocal enlarge_in, width
        if w in to_create:
            if w[0] < 256:
                write(0, width)
                write(w[0], 8)
            else:
                write(1, width)
                write(w[0], 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in = 1 << width
                width += 1
            to_create.discard(w)
        else:
            write(dictionary[w], width)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << width
            width += 1

    for unit in units:
        c = (unit,)
        if c not in dictionary:
            dictionary[c] = dict_size
            dict_size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
        else:
            emit(w)
            dictionary[wc] = dict_size
            dict_size += 1
            w = c
    if w:
        emit(w)
    write(2, width)
    # Flush: shift the last character's bits to its top.
    while True:
        value <<= 1
        if position == bits_per_char - 1:
            out.append(alphabet[value])
            break
        position += 1
    return "".join(out)


def compress_to_base64(text: str) -> str:
    """lz-string's compressToBase64: padded with '=' to a multiple of four."""
    out = _compress(_units(text), 6, BASE64)
    return out + "=" * (-len(out) % 4)


def compress_to_encoded_uri_component(text: str) -> str:
    return _compress(_units(text), 6, URI_SAFE)


# --- decompression --------------------------------------------------------------------


def _decompress(values: list[int], reset: int, limit: int) -> str | None:
    """The text of a stream of `values` (each holding bits below `reset`, top bit first);
    None where JavaScript's decompress returns null (a token naming no entry); a stream
    that runs out before its end token (where JavaScript returns "") raises."""
    length = len(values)
    index = 1
    val = values[0] if values else 0
    position = reset

    def read(width: int) -> int:
        nonlocal index, val, position
        bits = 0
        for power in range(width):
            if val & position:
                bits |= 1 << power
            position >>= 1
            if position == 0:
                position = reset
                val = values[index] if index < length else 0
                index += 1
        return bits

    first = read(2)
    if first == 2:
        return ""
    if first > 2:
        return None  # JavaScript leaves c undefined and fails; nothing a compressor writes
    entry: list[int] = [read(8 if first == 0 else 16)]
    dictionary: list[list[int]] = [[], [], [], entry]
    w = entry
    result: list[int] = list(entry)
    enlarge_in = 4
    width = 3
    while True:
        if index > length:
            raise LzStringError("sudoku", "the compressed puzzle ends early", length)
        c = read(width)
        if c == 2:
            return _text(result)
        if c < 2:
            dictionary.append([read(8 if c == 0 else 16)])
            c = len(dictionary) - 1
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in = 1 << width
                width += 1
        if c < len(dictionary):
            entry = dictionary[c]
        elif c == len(dictionary):
            entry = w + w[:1]
        else:
            return None
        if len(result) + len(entry) > limit:
            raise LzStringError("sudoku", f"the compressed puzzle grows past {limit:,} characters", index)
        result.extend(entry)
        dictionary.append(w + entry[:1])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in = 1 << width
            width += 1


def _values(text: str, table: dict[str, int], *, ignore: str = "") -> list[int]:
    out = []
    for i, ch in enumerate(text):
        value = table.get(ch)
        if value is None:
            if ch in ignore:
                value = 0
            else:
                raise LzStringError("sudoku", f"character {ch!r} is not part of a compressed puzzle", i)
        out.append(value)
    return out


def decompress_from_base64(text: str, *, limit: int = MAX_OUTPUT) -> str:
    """The text of a compressToBase64 stream. Raises LzStringError (a SlugError) where the
    JavaScript original returns null or "" for a non-empty input, or past `limit`."""
    return _checked(_decompress(_values(text, _BASE64_VALUES, ignore="="), 32, limit))


def decompress_from_encoded_uri_component(text: str, *, limit: int = MAX_OUTPUT) -> str:
    return _checked(_decompress(_values(text.replace(" ", "+"), _URI_VALUES), 32, limit))


def _checked(result: str | None) -> str:
    if result is None:
        raise LzStringError("sudoku", "the compressed puzzle names a part it has not defined")
    return result
