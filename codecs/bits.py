"""Bit packing (most significant bit first), base64 and base62 helpers for the codecs.

Every game packs fields MSB-first. The reader never reads past its data: asking for
more bits than remain raises `SlugError` with the character position, computed from
the bit position (six bits per base64 character by default).
"""

from __future__ import annotations

import base64
import binascii
import re

from .errors import FormatError

STD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
URL_ALPHABET = STD_ALPHABET[:62] + "-_"
BASE62_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_BASE62_VALUE = {ch: i for i, ch in enumerate(BASE62_DIGITS)}
_WHOLE = {alphabet: re.compile("[" + re.escape(alphabet) + "]*") for alphabet in (STD_ALPHABET, URL_ALPHABET)}


class BitReader:
    """Reads unsigned fields MSB-first from bytes.

    Each field is cut from the few bytes that hold it, so reading a long slug costs time
    in proportion to its length (shifting one integer of the whole slug per field would
    cost its square)."""

    def __init__(self, data: bytes, game: str, *, bits_per_char: int = 6, char_offset: int = 0):
        self._data = bytes(data)
        self._total = len(data) * 8
        self._pos = 0
        self._game = game
        self._bits_per_char = bits_per_char
        self._char_offset = char_offset

    @property
    def position(self) -> int:
        """Bits read so far."""
        return self._pos

    @property
    def remaining(self) -> int:
        return self._total - self._pos

    def char_position(self, bit: int | None = None) -> int:
        """Character of the slug that holds `bit` (default: the next unread bit)."""
        bit = self._pos if bit is None else bit
        return self._char_offset + bit // self._bits_per_char

    def read(self, n: int) -> int:
        if n < 0:
            raise ValueError("negative field width")
        if n > self.remaining:
            raise FormatError(
                self._game,
                f"slug ends early: {n} more bits needed, {self.remaining} left",
                self.char_position(),
            )
        if n == 0:
            return 0
        first, last = self._pos >> 3, (self._pos + n - 1) >> 3
        chunk = int.from_bytes(self._data[first : last + 1], "big")
        shift = (last + 1) * 8 - self._pos - n
        self._pos += n
        return (chunk >> shift) & ((1 << n) - 1)


class BitWriter:
    """Collects unsigned fields MSB-first; `to_bytes` pads the last byte."""

    def __init__(self) -> None:
        self._value = 0
        self._length = 0

    def __len__(self) -> int:
        return self._length

    def write(self, value: int, n: int) -> None:
        if value < 0 or value >> n:
            raise ValueError(f"{value} does not fit in {n} bits")
        self._value = (self._value << n) | value
        self._length += n

    def bit_string(self) -> str:
        return format(self._value, f"0{self._length}b") if self._length else ""

    def to_bytes(self, pad_bit: int = 0) -> bytes:
        pad = -self._length % 8
        value = self._value << pad
        if pad_bit:
            value |= (1 << pad) - 1
        return value.to_bytes((self._length + pad) // 8, "big")


def b64decode(text: str, game: str, *, alphabets: tuple[str, ...] = (STD_ALPHABET,), char_offset: int = 0) -> bytes:
    """Decode base64 strictly, with or without `=` padding.

    Any character outside the given alphabets (which may not be mixed) is reported with
    its position; so is wrong padding or a length no base64 encoder produces.
    """
    body = text.rstrip("=")
    alphabet = None  # fixed by the first character outside the 62 shared ones
    for candidate in alphabets:
        pattern = _WHOLE.get(candidate)
        if pattern is not None and pattern.fullmatch(body):  # the common case, without a Python loop per character
            alphabet = candidate
            break
    for i, ch in enumerate(body if alphabet is None else ""):
        if ch in BASE62_DIGITS:
            continue
        fits = [a for a in alphabets if ch in a[62:]]
        if not fits:
            what = "'=' inside the slug" if ch == "=" else f"character {ch!r} is not base64"
            raise FormatError(game, what, char_offset + i)
        if alphabet is None:
            alphabet = fits[0]
        elif alphabet not in fits:
            raise FormatError(game, f"character {ch!r} mixes the two base64 alphabets", char_offset + i)
    pad = len(text) - len(body)
    if pad and (len(text) % 4 or pad > 2):
        raise FormatError(game, "wrong base64 padding", char_offset + len(body))
    if len(body) % 4 == 1:
        raise FormatError(
            game, "slug length is not valid base64 (one character too many or too few)", char_offset + len(body) - 1
        )
    if alphabet == URL_ALPHABET:
        body = body.translate(str.maketrans("-_", "+/"))
    body += "=" * (-len(body) % 4)
    try:
        return base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError) as exc:  # defensive: the checks above should prevent it
        raise FormatError(game, f"not base64 ({exc})", char_offset) from None


def b64encode(data: bytes, *, padded: bool = True, urlsafe: bool = False) -> str:
    text = (base64.urlsafe_b64encode if urlsafe else base64.b64encode)(data).decode("ascii")
    return text if padded else text.rstrip("=")


def base62_encode(value: int) -> str:
    if value < 0:
        raise ValueError("base62 takes non-negative integers")
    digits = []
    while True:
        value, rem = divmod(value, 62)
        digits.append(BASE62_DIGITS[rem])
        if not value:
            return "".join(reversed(digits))


def base62_decode(text: str, game: str, *, char_offset: int = 0, max_digits: int = 12) -> int:
    """Read a base62 number; empty text, a foreign character or more than `max_digits`
    digits raise `SlugError` (a number that long is never a real coordinate or time)."""
    if not text:
        raise FormatError(game, "number expected", char_offset)
    if len(text) > max_digits:
        raise FormatError(game, f"number is too long ({len(text)} digits)", char_offset)
    value = 0
    for i, ch in enumerate(text):
        digit = _BASE62_VALUE.get(ch)
        if digit is None:
            raise FormatError(game, f"character {ch!r} is not a base62 digit", char_offset + i)
        value = value * 62 + digit
    return value
