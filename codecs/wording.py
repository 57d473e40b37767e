"""Counts in words a person reads: "1 piece", "2 pieces", "1,024 cells"."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`count` and `noun`, in the plural (`many`, else the noun with an s) unless the count is
    one; counts of four digits and more are grouped in thousands."""
    return f"{count:,} {noun if count == 1 else (many or noun + 's')}"
