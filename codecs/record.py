"""Immutable values compared by their fields: the base of the board models.

A board class lists its fields in `FIELDS`, in the order its `__init__` takes them, and
writes that `__init__` itself (typed, with the board's checks), storing the fields with
`self.__dict__.update(...)`. `Record` gives it what a frozen dataclass would: equality
and a hash over the fields (less those in `NOT_COMPARED`), a repr of the fields (less those
in `NOT_SHOWN`), `replace(**changes)`, and no assignment after `__init__`. Nothing else is
written into a board: what a game remembers about one for speed lives in its `caches.Memo`.

Why not `dataclasses`: every command that reads a slug builds a board, and importing
`dataclasses` (which imports `inspect`) would be a large part of a command's start
(benchmarks/startup.py). The boards are all such a command needs of it.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    R = TypeVar("R", bound="Record")


class Record:
    FIELDS: ClassVar[tuple[str, ...]] = ()
    NOT_COMPARED: ClassVar[tuple[str, ...]] = ()  # remarks and editing state, not the value
    NOT_SHOWN: ClassVar[tuple[str, ...]] = ()
    _key: ClassVar[Callable[[Any], Any]]
    _shown: ClassVar[tuple[str, ...]]

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        compared = [name for name in cls.FIELDS if name not in cls.NOT_COMPARED]
        # A tuple of the compared fields, in one call (attrgetter of one name gives the value).
        cls._key = attrgetter(*compared) if compared else staticmethod(lambda _: ())
        cls._shown = tuple(name for name in cls.FIELDS if name not in cls.NOT_SHOWN)

    def _value(self) -> Any:
        """The compared fields, as one tuple (one field's value alone, if only one is)."""
        return self.__class__._key(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is other or self._value() == other._value()

    def __hash__(self) -> int:
        return hash(self._value())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a {self.__class__.__name__} cannot change ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {self.__class__.__name__} cannot change ({name})")

    def replace(self: R, **changes: Any) -> R:
        """The same value with some fields changed (the class's checks run again)."""
        values = {name: getattr(self, name) for name in self.FIELDS}
        values.update(changes)
        return self.__class__(**values)
