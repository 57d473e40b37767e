"""An engine made to play as a player of a given strength, as xiangqi programs offer a game
against the computer: Fairy-Stockfish (and Stockfish's other kin) limit their strength to an
Elo with `UCI_LimitStrength` and `UCI_Elo`; an engine with only a `Skill Level` gets the
level that stands for that Elo on the same scale. Which of the two an engine has, and their
ranges, are read from the options it lists when it starts."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .engine import Engine

# The Elo a person can ask for; an engine plays the nearest it offers (Debian's
# Fairy-Stockfish 11 offers 1350-2850).
LOWEST_ELO = 500
HIGHEST_ELO = 3000
# The span of Stockfish's own Elo scale, onto which a Skill Level's range is laid.
SKILL_SCALE = (1350, 2850)

_OPTION = re.compile(r"option name (.+?) type (\w+)(.*)")
_SPIN_FIELD = re.compile(r"\b(default|min|max) (-?\d{1,9})\b")


class Spin(NamedTuple):
    """An engine's whole-number option: its range and default."""

    low: int
    high: int
    default: int


def spin_options(lines: tuple[str, ...]) -> dict[str, Spin]:
    """The spin options among an engine's `option name ... type spin ...` lines."""
    found: dict[str, Spin] = {}
    for line in lines:
        match = _OPTION.fullmatch(line.strip())
        if match is None or match.group(2) != "spin":
            continue
        fields: dict[str, int] = {key: int(value) for key, value in _SPIN_FIELD.findall(match.group(3))}
        if "min" in fields and "max" in fields and fields["min"] <= fields["max"]:
            found[match.group(1)] = Spin(fields["min"], fields["max"], fields.get("default", fields["max"]))
    return found


def limit_strength(engine: Engine, elo: int) -> int:
    """Make `engine` play as a player of `elo`; the Elo it plays at (its nearest). Raises
    EngineError for an engine that offers no way to play weaker."""
    from .engine import EngineError

    spins = spin_options(engine.options)
    if "UCI_Elo" in spins:
        low, high, _ = spins["UCI_Elo"]
        used = max(low, min(high, elo))
        engine.send("setoption name UCI_LimitStrength value true")
        engine.send(f"setoption name UCI_Elo value {used}")
        return used
    if "Skill Level" in spins:
        low, high, _ = spins["Skill Level"]
        bottom, top = SKILL_SCALE
        share = (max(bottom, min(top, elo)) - bottom) / (top - bottom)
        level = low + round(share * (high - low))
        engine.send(f"setoption name Skill Level value {level}")
        return bottom + round((level - low) / max(1, high - low) * (top - bottom))
    raise EngineError(
        f"the engine {engine.name} cannot be set to play weaker (it has neither UCI_Elo nor Skill Level); "
        "leave out the strength to play it at full strength"
    )


def full_strength(engine: Engine) -> None:
    """Undo `limit_strength`: the engine plays its best again."""
    spins = spin_options(engine.options)
    if "UCI_Elo" in spins:
        engine.send("setoption name UCI_LimitStrength value false")
    elif "Skill Level" in spins:
        engine.send(f"setoption name Skill Level value {spins['Skill Level'].high}")
