"""MD5 (RFC 1321) in plain Python, for the day's digest of a letters game (`model.date_digest`).

The standard library's `hashlib.md5` comes from OpenSSL: importing hashlib loads libcrypto, about 3.5 ms, which the
window's start paid for its first frame whenever a letters board was shown (the day's shuffle deals its rack). The
digest of the eight characters of a date is one 64-byte block, about 0.05 ms here. `tests/test_codecs_letters.py`
checks it against hashlib for every date a letters slug can hold and for any bytes; `benchmarks/first_frame.py`
times it against hashlib in a fresh interpreter."""

from __future__ import annotations

from math import sin

# Each round's four left-rotation amounts, each used for four steps in turn.
_SHIFTS = (7, 12, 17, 22) * 4 + (5, 9, 14, 20) * 4 + (4, 11, 16, 23) * 4 + (6, 10, 15, 21) * 4
# The integer part of 2**32 * |sin(i)| for i = 1..64 (a double holds each one exactly enough).
_SINES = tuple(int(abs(sin(i)) * 2**32) for i in range(1, 65))
_MASK = 0xFFFFFFFF


def digest(data: bytes) -> bytes:
    """The 16-byte MD5 digest of `data`, as `hashlib.md5(data).digest()`."""
    # Padded to a whole number of 64-byte blocks: a 1 bit, zeros, and the length in bits.
    message = data + b"\x80" + bytes((55 - len(data)) % 64) + (8 * len(data) & 0xFFFFFFFFFFFFFFFF).to_bytes(8, "little")
    state = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476]
    for start in range(0, len(message), 64):
        words = [int.from_bytes(message[at : at + 4], "little") for at in range(start, start + 64, 4)]
        a, b, c, d = state
        for step in range(64):
            if step < 16:
                mixed, word = (b & c) | (~b & d), step
            elif step < 32:
                mixed, word = (d & b) | (~d & c), (5 * step + 1) % 16
            elif step < 48:
                mixed, word = b ^ c ^ d, (3 * step + 5) % 16
            else:
                mixed, word = c ^ (b | ~d), (7 * step) % 16
            mixed = (mixed + a + _SINES[step] + words[word]) & _MASK
            shift = _SHIFTS[step]
            a, d, c = d, c, b
            b = (b + ((mixed << shift | mixed >> (32 - shift)) & _MASK)) & _MASK
        state = [(s + v) & _MASK for s, v in zip(state, (a, b, c, d))]
    return b"".join(s.to_bytes(4, "little") for s in state)
