//! The page's files, embedded in the binary so that the server needs nothing else on disk
//! (plain JavaScript and CSS: no build step), and the font of the pieces' kanji: a subset of
//! Noto Sans CJK JP holding the built-in variants' kanji (`assets/fonts/`, made by
//! `scripts/subset-font.py`; docs/gui.md, "Kanji").

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// Its name under `/assets/` (`index.html` is served at `/`).
    pub name: &'static str,
    /// Its content type.
    pub mime: &'static str,
    /// Its content.
    pub body: &'static [u8],
    /// Its `Cache-Control` header.
    pub cache: &'static str,
}

const JS: &str = "text/javascript; charset=utf-8";
/// The page's own files: the browser asks again each time (they change with the binary).
const REVALIDATE: &str = "no-cache";
/// The font, whose URL carries a tag of its content (`?v=`, checked by a test): kept a year.
const YEAR: &str = "public, max-age=31536000, immutable";

/// Every file of the page.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "index.html",
        mime: "text/html; charset=utf-8",
        body: include_str!("../assets/index.html").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        body: include_str!("../assets/style.css").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "main.js",
        mime: JS,
        body: include_str!("../assets/main.js").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "board.js",
        mime: JS,
        body: include_str!("../assets/board.js").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "clocks.js",
        mime: JS,
        body: include_str!("../assets/clocks.js").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "lines.js",
        mime: JS,
        body: include_str!("../assets/lines.js").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "glyphs.js",
        mime: JS,
        body: include_str!("../assets/glyphs.js").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "panel.js",
        mime: JS,
        body: include_str!("../assets/panel.js").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "record.js",
        mime: JS,
        body: include_str!("../assets/record.js").as_bytes(),
        cache: REVALIDATE,
    },
    Asset {
        name: "fonts/kanji.woff2",
        mime: "font/woff2",
        body: include_bytes!("../assets/fonts/kanji.woff2"),
        cache: YEAR,
    },
    Asset {
        name: "fonts/OFL.txt",
        mime: "text/plain; charset=utf-8",
        body: include_str!("../assets/fonts/OFL.txt").as_bytes(),
        cache: REVALIDATE,
    },
];

/// The file called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(a: &Asset) -> &'static str {
        std::str::from_utf8(a.body).unwrap()
    }

    #[test]
    fn every_module_the_page_imports_is_embedded() {
        for a in ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
            for line in text(a)
                .lines()
                .filter(|l| l.trim_start().starts_with("import "))
            {
                let from = line.split(['"', '\'']).nth(1).unwrap_or("");
                let name = from.trim_start_matches("./");
                assert!(find(name).is_some(), "{}: imports {from}", a.name);
            }
        }
        let index = text(find("index.html").unwrap());
        for name in ["style.css", "main.js"] {
            assert!(index.contains(&format!("/assets/{name}")), "{name}");
        }
        assert!(find("../Cargo.toml").is_none());
    }

    /// The FNV-1a 64-bit hash of `data`, as scripts/subset-font.py
    /// tags the font's URL.
    fn fnv1a64(data: &[u8]) -> u64 {
        data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    /// The `cmap` table of a WOFF2 font (W3C WOFF2, section 5): the table directory read, the
    /// one Brotli stream of every table decompressed, and the table cut out of it (`cmap` is
    /// never transformed).
    fn woff2_cmap(font: &[u8]) -> Vec<u8> {
        use std::io::Read;
        let u16_at = |i: usize| u16::from_be_bytes([font[i], font[i + 1]]);
        let u32_at = |i: usize| u32::from_be_bytes(font[i..i + 4].try_into().unwrap());
        assert_eq!(&font[..4], b"wOF2", "not a WOFF2 font");
        assert_ne!(&font[4..8], b"ttcf", "a collection");
        let tables = u16_at(12);
        let compressed = usize::try_from(u32_at(20)).unwrap();
        let mut pos = 48;
        let base128 = |pos: &mut usize| -> usize {
            let mut v = 0;
            for _ in 0..5 {
                let b = font[*pos];
                *pos += 1;
                v = v << 7 | usize::from(b & 0x7f);
                if b & 0x80 == 0 {
                    return v;
                }
            }
            panic!("a UIntBase128 longer than 5 bytes")
        };
        let (mut offset, mut cmap) = (0, None);
        for _ in 0..tables {
            let flags = font[pos];
            pos += 1;
            let known = flags & 0x3f;
            if known == 63 {
                pos += 4; // an arbitrary tag: not cmap, which is known tag 0
            }
            let length = base128(&mut pos);
            // glyf (10) and loca (11) are transformed under version 0, the others under 1-3.
            let version = flags >> 6;
            let transformed = if known == 10 || known == 11 {
                version == 0
            } else {
                version != 0
            };
            let stored = if transformed {
                base128(&mut pos)
            } else {
                length
            };
            if known == 0 {
                cmap = Some((offset, stored));
            }
            offset += stored;
        }
        let mut tables = Vec::new();
        brotli_decompressor::Decompressor::new(&font[pos..pos + compressed], 4096)
            .read_to_end(&mut tables)
            .expect("the font's tables decompress");
        assert_eq!(tables.len(), offset, "the tables' lengths add up");
        let (start, len) = cmap.expect("a cmap table");
        tables[start..start + len].to_vec()
    }

    /// The characters a font's `cmap` table maps to a glyph.
    fn covered(cmap: &[u8]) -> std::collections::BTreeSet<char> {
        let table = ttf_parser::cmap::Table::parse(cmap).expect("the cmap table parses");
        let mut chars = std::collections::BTreeSet::new();
        for sub in table.subtables.into_iter().filter(|s| s.is_unicode()) {
            sub.codepoints(|cp| {
                if sub.glyph_index(cp).is_some_and(|g| g.0 != 0) {
                    chars.extend(char::from_u32(cp));
                }
            });
        }
        chars
    }

    #[test]
    fn the_kanji_font_holds_exactly_the_built_in_variants_kanji() {
        let font = find("fonts/kanji.woff2").expect("the font is embedded");
        let covered = covered(&woff2_cmap(font.body));
        let mut wanted = std::collections::BTreeSet::new();
        let mut missing = std::collections::BTreeMap::new();
        for id in taikyoku_movegen::known_names() {
            let variant = taikyoku_movegen::Variant::builtin(id).unwrap();
            for k in variant.kinds() {
                for c in k.kanji().unwrap_or("").chars() {
                    wanted.insert(c);
                    if !covered.contains(&c) {
                        let what = format!("U+{:04X} ({id} {})", u32::from(c), k.code());
                        missing.entry(c).or_insert(what);
                    }
                }
            }
        }
        assert!(
            missing.is_empty(),
            "the kanji font lacks {missing:?}: run scripts/subset-font.py (docs/gui.md)"
        );
        assert!(wanted.len() > 200, "{}", wanted.len());
        let extra: String = covered.difference(&wanted).collect();
        assert!(
            extra.is_empty(),
            "the kanji font holds characters no variant uses ({extra}): run scripts/subset-font.py"
        );
    }

    #[test]
    fn the_style_sheet_names_the_font_by_its_content() {
        let css = text(find("style.css").unwrap());
        let font = find("fonts/kanji.woff2").unwrap();
        let url = format!(
            "url(\"/assets/fonts/kanji.woff2?v={:016x}\")",
            fnv1a64(font.body)
        );
        assert!(
            css.contains(&url),
            "style.css should load the font as {url}: run scripts/subset-font.py"
        );
        assert_eq!(font.mime, "font/woff2");
        assert!(font.body.len() < 100_000, "{} bytes", font.body.len());
        assert!(find("fonts/OFL.txt").is_some(), "the font's license");
    }
}
