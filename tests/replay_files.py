"""The four real replay files in tests/data/minesweeper and ms-toollib's own reading of
them, the oracle the minesweeper tests compare with."""

from __future__ import annotations

import functools
from pathlib import Path

import ms_toollib

from slugboard.codecs.minesweeper.files import EXTENSIONS, read_replay_file

DATA = Path(__file__).parent / "data" / "minesweeper"
FILES = sorted(p for p in DATA.iterdir() if p.suffix in EXTENSIONS)
_VIDEO = {
    ".avf": ms_toollib.AvfVideo,
    ".rmv": ms_toollib.RmvVideo,
    ".evf": ms_toollib.EvfVideo,
    ".mvf": ms_toollib.MvfVideo,
}


@functools.cache
def game(path: Path):
    """The file as Slugboard reads it, read once in a test process (a game is a value; the
    long .evf takes a second to read)."""
    return read_replay_file(str(path))


def toollib(path: Path, at_end: bool = False):
    """ms-toollib's video of the file, analysed (and with `at_end`, its clock at the end)."""
    video = _VIDEO[path.suffix](str(path))
    video.parse()
    video.analyse()
    if at_end:
        video.current_time = video.rtime + 1
    return video
