#!/usr/bin/env python3
"""Makes the web GUI's kanji font: a subset of Noto Sans CJK JP holding exactly the characters of
the kanji column of every built-in variant file, as WOFF2, so that the page shows kanji on a
machine without CJK fonts (docs/gui.md, "Kanji").

Usage: scripts/subset-font.py [FONT]

Reads:
  - movegen/variants/*.var, the kanji column of each `[pieces]` row (as the move generator reads
    it: `#` starts a comment, `-` or nothing means no kanji), plus PAGE_CHARS below;
  - FONT, by default Debian's fonts-noto-cjk (`apt-get install fonts-noto-cjk`):
    /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc, face 0 (Noto Sans CJK JP Regular,
    version 2.004 in Debian 12's 1:20220127+repack1-1). A stand-alone NotoSansCJKjp-Regular.otf
    works as well.
Writes:
  - gui/assets/fonts/kanji.woff2, the subset (needs fontTools and brotli: `pip install fonttools
    brotli`), byte for byte the same for the same inputs and tool versions;
  - the `?v=` tag of its URL in gui/assets/style.css (the first 16 hex digits of the file's
    FNV-1a 64-bit hash), so that browsers, which may keep the font for a year, fetch a new one.
Fails, writing nothing, when the font lacks one of the characters.

`cargo test -p taikyoku-gui` checks that the subset covers every built-in variant's kanji and
that the tag matches the file.
"""
import glob
import os
import re
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FACE = 0  # Noto Sans CJK JP in the collection
OUT = os.path.join(ROOT, "gui", "assets", "fonts", "kanji.woff2")
CSS = os.path.join(ROOT, "gui", "assets", "style.css")
# Kanji that the page writes itself, beyond the variant files' (none today).
PAGE_CHARS = ""


def variant_kanji():
    """Every character of the kanji column of the built-in variant files."""
    chars = set(PAGE_CHARS)
    files = sorted(glob.glob(os.path.join(ROOT, "movegen", "variants", "*.var")))
    if not files:
        sys.exit("no variant files in movegen/variants/")
    for path in files:
        section = None
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                content = line.split("#", 1)[0].strip()
                if not content:
                    continue
                if content.startswith("["):
                    section = content
                    continue
                if section != "[pieces]":
                    continue
                cols = [c.strip() for c in content.split("|")]
                if len(cols) != 6:
                    sys.exit(f"{path}:{n}: a piece row has 6 columns")
                if cols[2] not in ("", "-"):
                    chars.update(cols[2])
    return chars


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    font_path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_FONT
    if not os.path.isfile(font_path):
        sys.exit(f"{font_path}: not found (apt-get install fonts-noto-cjk)")
    chars = variant_kanji()
    kwargs = {"fontNumber": FACE} if font_path.lower().endswith(".ttc") else {}
    font = TTFont(font_path, recalcTimestamp=False, lazy=False, **kwargs)
    name = font["name"].getDebugName(4)
    version = font["name"].getDebugName(5)
    cmap = font.getBestCmap()
    missing = sorted(c for c in chars if ord(c) not in cmap)
    if missing:
        sys.exit(f"{name} lacks {''.join(missing)} ({', '.join(f'U+{ord(c):04X}' for c in missing)})")
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []  # no substitutions: the pieces need the plain glyphs
    options.hinting = False
    options.desubroutinize = True  # smaller once compressed
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 11, 13, 14]  # with copyright and license
    options.notdef_outline = True  # the box drawn for a missing character
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(c) for c in chars))
    sub.subset(font)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    subset.save_font(font, OUT, options)
    with open(OUT, "rb") as f:
        data = f.read()
    tag = f"{fnv1a64(data):016x}"
    with open(CSS, encoding="utf-8") as f:
        css = f.read()
    css, n = re.subn(r"fonts/kanji\.woff2\?v=[0-9a-f]*", f"fonts/kanji.woff2?v={tag}", css)
    if n != 1:
        sys.exit(f"{CSS}: expected one url(\"/assets/fonts/kanji.woff2?v=...\"), found {n}")
    with open(CSS, "w", encoding="utf-8") as f:
        f.write(css)
    print(f"{os.path.relpath(OUT, ROOT)}: {len(chars)} characters from {name} ({version}), "
          f"{len(data)} bytes, tag {tag}")


if __name__ == "__main__":
    main()
