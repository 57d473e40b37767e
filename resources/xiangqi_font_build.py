"""How resources/xiangqi_font.otf was made (run by hand; not used by the application).

The xiangqi board draws its pieces and the river inscription with Chinese characters,
and many machines have no CJK font at all. So Slugboard ships a subset of Noto Serif CJK
TC Bold (SIL Open Font License 1.1, see xiangqi_font_LICENSE.txt) holding only the
characters the board draws. As the licence asks of a modified font, the subset carries
its own family name, "Slugboard Xiangqi".

Source: NotoSerifCJK-Bold.ttc, face 3 (TC), from the Debian package fonts-noto-cjk
1:20220127+repack1-1 (upstream Noto CJK Serif 2.001):

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto
    pip install fonttools          # a build tool only, never a dependency of Slugboard
    python resources/xiangqi_font_build.py noto/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc

The characters: the fourteen pieces as players know them (Red 帥仕相傌俥炮兵, Black
將士象馬車砲卒), the river inscription 楚河 漢界, the numerals 一 to 九 that name Red's
files, and for the move list in Chinese notation the moves 進退平, the tandem marks 前中後
and the full-width digits １ to ９ that name Black's files and steps, and the simplified
forms a move list in simplified script writes (帅马车将进后).
"""

from __future__ import annotations

import sys
from pathlib import Path

CHARACTERS = "帥仕相傌俥炮兵將士象馬車砲卒楚河漢界一二三四五六七八九進退平前中後１２３４５６７８９帅马车将进后"
FAMILY = "Slugboard Xiangqi"
FACE_INDEX = 3  # Noto Serif CJK TC in the collection


def build(source: str, target: Path) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(source, fontNumber=FACE_INDEX)
    options = subset.Options()
    options.layout_features = []  # no vertical or locale forms are needed
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14]
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=CHARACTERS)
    subsetter.subset(font)
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6):
            text = {
                1: FAMILY,
                3: f"{FAMILY.replace(' ', '')}-Bold;subset",
                4: f"{FAMILY} Bold",
                6: FAMILY.replace(" ", "") + "-Bold",
            }[record.nameID]
            names.setName(text, record.nameID, record.platformID, record.platEncID, record.langID)
    font["CFF "].cff.fontNames = [FAMILY.replace(" ", "") + "-Bold"]
    font.save(str(target))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build(sys.argv[1], Path(__file__).with_name("xiangqi_font.otf"))
