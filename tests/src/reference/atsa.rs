//! Modern Taikyoku, variant `taikyoku-atsa`: the rules of taikyoku-shogi.github.io ("ATSA") as
//! tomatene-v1 plays them, with the project's decisions where the two differ.
//!
//! The piece table (`atsa_table.rs`) keeps the site's own movement dialect, an extended Betza
//! notation; `parse_dialect` reads it the way the site's `betzaNotationParser.ts` does, quirks
//! included:
//!
//! * atoms `W F D N A H C Z G` and `(a,b)`; `B` = `FF`, `R` = `WW`, `K` = `WF` (expanded before the
//!   modifiers are read, so in `fsK` the modifiers reach the `W` only: `fsW` plus all four `F`
//!   steps); `Q` and `Q<n>` = `F` and `W` each with the same modifiers and count. A doubled letter
//!   ranges without limit (optionally up to a following digit), a digit after an atom is its
//!   range, a lone atom is a single step.
//! * `W` takes `f b l r`, `s` (= `l r`), `v` (= `f b`). `F`: an `s` or `v` anywhere among the
//!   modifiers means all four diagonals, otherwise the modifiers must be exactly one of `fr fl br
//!   bl f b l r`. Any other atom: every rotation without modifiers; with modifiers a knight-like
//!   vector is kept if it is vertical-ish and the modifiers hold `v`, or forward vertical-ish and
//!   they hold `ff`; any other vector is kept if one of its nonzero components matches (`r`/`s`
//!   right, `l`/`s` left, `f`/`v` forward, `b`/`v` back).
//! * `{DIR,...}>`: the "triple-slashed arrow" (a line that passes over up to three pieces).
//! * `((cXcdX)-X)`: the range-capturing unlimited slides of X.
//! * `(L1-L2)`: a compound move, first leg L1 then L2 from where it landed. A leg `c...` continues
//!   after a capture (lions, the free eagle); a second leg `s...` turns 90 degrees, `a...` goes
//!   any way, `b...` straight back; otherwise it keeps the first leg's direction (the jump's
//!   direction after a jump).
//!
//! Anything else is refused with a message (the site would read a stray character as a
//! modifier); the table has none.
//!
//! Move generation (`atsa_paths`) follows the rules the project decided for this variant:
//! compulsory zone promotion (the far 11 ranks; the stop between the legs of a `c` compound counts,
//! the start square does not), the site's range capture by rank, tomatene's reading of the rain
//! demon's `(fA-B)` (the jump is a move of its own), a vice general's jump removes nothing, and
//! the game ends when a side has no royal piece. Moves are distinct effects; `perft_paths` counts
//! the way tomatene does (a lion-type move once more per empty first-step square it can pass).

use super::atsa_table::{INITIAL_TSFEN, PIECES};
use super::pieces::{Kind, PieceType, PromotionRule, Variant, INF};
use super::{Cell, IMove, RefPosition, RefPromotion};

/// A vector in the site's movement space, as the piece's owner sees the board: x > 0 towards
/// the owner's right, y > 0 forwards.
pub type Vec2 = (i32, i32);

/// The eight direction names of `{...}>` and the site's slide table.
const DIR_NAMES: [(&str, Vec2); 8] = [
    ("F", (0, 1)),
    ("FR", (1, 1)),
    ("R", (1, 0)),
    ("BR", (1, -1)),
    ("B", (0, -1)),
    ("BL", (-1, -1)),
    ("L", (-1, 0)),
    ("FL", (-1, 1)),
];

/// The first leg of a compound move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Leg {
    /// A leap by this vector.
    Jump(Vec2),
    /// A slide along this direction, up to the given number of squares (INF = unlimited).
    Slide(Vec2, u32),
}

/// A compound move `(L1-L2)`, one first-leg direction (or leap) at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compound {
    pub first: Leg,
    /// `c` first leg: the piece may also go on from a square where it captured, and the square
    /// between the legs is a stop (it counts for promotion).
    pub after_capture: bool,
    /// The second leg's slides (direction, range), from where the first leg ended.
    pub second: Vec<(Vec2, u32)>,
}

/// A piece's movement, read from the dialect.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Movement {
    /// Slides (direction, range); one entry per direction, the longest range written.
    pub slides: Vec<(Vec2, u32)>,
    /// Leaps.
    pub jumps: Vec<Vec2>,
    /// Triple-slashed arrows: unlimited lines passing over up to three pieces.
    pub arrows: Vec<Vec2>,
    /// Range-capturing unlimited slides (`((cXcdX)-X)`).
    pub range: Vec<Vec2>,
    pub compounds: Vec<Compound>,
}

/// The parsed table: each kind's movement and range-capture rank, by type (= kind) index.
#[derive(Debug)]
pub struct AtsaData {
    pub moves: Vec<Movement>,
    pub ranks: Vec<u8>,
}

/// Range-capture ranks (the site's `pieceRanks`); every other kind is 0.
pub const RANKS: &[(&str, u8)] = &[
    ("K", 4),
    ("CP", 4),
    ("GG", 3),
    ("VG", 2),
    ("FLG", 1),
    ("AG", 1),
    ("FID", 1),
    ("FCR", 1),
];

/// The royal kinds: a side without one has lost.
pub const ROYAL: &[&str] = &["K", "CP"];

/// The promotion zone's depth (ranks from the far edge).
pub const ZONE: usize = 11;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Ch(char),
    /// `(a,b)`: a leaper atom.
    Atom(Vec2),
}

fn dir_named(name: &str) -> Option<Vec2> {
    DIR_NAMES.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
}

fn push_slide(slides: &mut Vec<(Vec2, u32)>, v: Vec2, range: u32) {
    match slides.iter_mut().find(|(d, _)| *d == v) {
        Some(e) => e.1 = e.1.max(range),
        None => slides.push((v, range)),
    }
}

/// The distinct images of (a, b) under the eight symmetries of the square.
fn rotations((a, b): Vec2) -> Vec<Vec2> {
    let mut out: Vec<Vec2> = Vec::new();
    for v in [
        (a, b),
        (a, -b),
        (-a, b),
        (-a, -b),
        (b, a),
        (b, -a),
        (-b, a),
        (-b, -a),
    ] {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// `B`, `R`, `K` written out, then `Q`/`Q<n>` written out with its modifiers repeated.
fn expand(s: &str) -> String {
    let mut e = String::new();
    for c in s.chars() {
        match c {
            'B' => e.push_str("FF"),
            'R' => e.push_str("WW"),
            'K' => e.push_str("WF"),
            _ => e.push(c),
        }
    }
    let chars: Vec<char> = e.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != 'Q' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        // The modifiers are the lower-case letters just before the Q (already copied).
        let mods: String = {
            let rev: String = out
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_lowercase())
                .collect();
            rev.chars().rev().collect()
        };
        match chars.get(i + 1).filter(|c| c.is_ascii_digit()) {
            Some(d) => {
                out.push('F');
                out.push(*d);
                out += &mods;
                out.push('W');
                out.push(*d);
                i += 2;
            }
            None => {
                out.push_str("FF");
                out += &mods;
                out.push_str("WW");
                i += 1;
            }
        }
    }
    out
}

/// Splits a movement into characters, reading `(a,b)` as one leaper atom.
fn tokenize(s: &str) -> Vec<Tok> {
    let chars: Vec<char> = s.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '(' {
            // `(a,b)`?
            let rest: String = chars[i + 1..].iter().collect();
            if let Some(close) = rest.find(')') {
                if let Some((a, b)) = rest[..close].split_once(',') {
                    let num = |t: &str| -> Option<i32> {
                        if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
                            t.parse().ok()
                        } else {
                            None
                        }
                    };
                    if let (Some(a), Some(b)) = (num(a), num(b)) {
                        toks.push(Tok::Atom((a, b)));
                        i += close + 2;
                        continue;
                    }
                }
            }
        }
        toks.push(Tok::Ch(chars[i]));
        i += 1;
    }
    toks
}

fn untokenize(toks: &[Tok]) -> String {
    toks.iter()
        .map(|t| match t {
            Tok::Ch(c) => c.to_string(),
            Tok::Atom((a, b)) => format!("({a},{b})"),
        })
        .collect()
}

/// Reads one movement of the site's dialect (see the module documentation).
pub fn parse_dialect(s: &str) -> Result<Movement, String> {
    let mut m = Movement::default();
    // Triple-slashed arrows.
    let mut text = String::new();
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        let close = rest[open..]
            .find("}>")
            .map(|c| c + open)
            .ok_or_else(|| format!("`{s}`: `{{` without `}}>`"))?;
        text.push_str(&rest[..open]);
        for name in rest[open + 1..close].split(',') {
            let v = dir_named(name).ok_or_else(|| format!("`{s}`: unknown direction `{name}`"))?;
            if !m.arrows.contains(&v) {
                m.arrows.push(v);
            }
        }
        rest = &rest[close + 2..];
    }
    text.push_str(rest);
    // Range capture `((cXcdX)-X)`.
    let b: Vec<char> = text.chars().collect();
    let mut text = String::new();
    let mut i = 0;
    while i < b.len() {
        if i + 11 <= b.len() {
            let w: String = b[i..i + 11].iter().collect();
            let x = b[i + 3];
            if x.is_ascii_uppercase() && w == format!("((c{x}cd{x})-{x})") {
                let sub = parse_dialect(&x.to_string())?;
                if !sub.jumps.is_empty() || sub.slides.iter().any(|&(_, r)| r != INF) {
                    return Err(format!("`{s}`: range capture of `{x}` is not a slide"));
                }
                for (v, _) in sub.slides {
                    if !m.range.contains(&v) {
                        m.range.push(v);
                    }
                }
                i += 11;
                continue;
            }
        }
        text.push(b[i]);
        i += 1;
    }
    let toks = tokenize(&expand(&text));
    let mut mods = String::new();
    let mut i = 0;
    while i < toks.len() {
        match toks[i] {
            Tok::Ch('(') => {
                let start = i + 1;
                let mut depth = 1;
                let mut hyphen = None;
                loop {
                    i += 1;
                    match toks.get(i) {
                        None => return Err(format!("`{s}`: unclosed `(`")),
                        Some(Tok::Ch('(')) => depth += 1,
                        Some(Tok::Ch(')')) => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        Some(Tok::Ch('-')) => hyphen = Some(i),
                        _ => {}
                    }
                }
                let hy = hyphen.ok_or_else(|| format!("`{s}`: a bracket without `-`"))?;
                let first = untokenize(&toks[start..hy]);
                let second = untokenize(&toks[hy + 1..i]);
                compound(&mut m, &first, &second).map_err(|e| format!("`{s}`: {e}"))?;
                // (The site does not clear pending modifiers here.)
            }
            Tok::Ch(c) if c.is_ascii_lowercase() => mods.push(c),
            Tok::Ch(c) if "WFDNAHCZG".contains(c) => {
                let range = read_range(&toks, &mut i, Some(c));
                atom(&mut m, c, range, &mods);
                mods.clear();
            }
            Tok::Atom(v) => {
                read_range(&toks, &mut i, None);
                leaper(&mut m, v, &mods);
                mods.clear();
            }
            Tok::Ch(c) => return Err(format!("`{s}`: unexpected `{c}`")),
        }
        i += 1;
    }
    Ok(m)
}

/// The range after the atom at `toks[*i]`: a digit, or a doubled letter (unlimited, or up to a
/// digit after it); 1 otherwise. Moves `*i` onto the last token read.
fn read_range(toks: &[Tok], i: &mut usize, letter: Option<char>) -> u32 {
    let digit = |t: Option<&Tok>| match t {
        Some(Tok::Ch(c)) if c.is_ascii_digit() => c.to_digit(10),
        _ => None,
    };
    if let Some(d) = digit(toks.get(*i + 1)) {
        *i += 1;
        return d;
    }
    if letter.is_some() && toks.get(*i + 1) == letter.map(Tok::Ch).as_ref() {
        if let Some(d) = digit(toks.get(*i + 2)) {
            *i += 2;
            return d;
        }
        *i += 1;
        return INF;
    }
    1
}

fn atom(m: &mut Movement, c: char, range: u32, mods: &str) {
    let dm: String = mods.chars().filter(|c| "frblsv".contains(*c)).collect();
    let has = |x: char| dm.contains(x);
    match c {
        'W' => {
            for (name, v) in [("F", (0, 1)), ("R", (1, 0)), ("B", (0, -1)), ("L", (-1, 0))] {
                let keep = dm.is_empty()
                    || match name {
                        "R" => has('s') || has('r'),
                        "L" => has('s') || has('l'),
                        "F" => has('v') || has('f'),
                        _ => has('v') || has('b'),
                    };
                if keep {
                    push_slide(&mut m.slides, v, range);
                }
            }
        }
        'F' => {
            for (name, v) in [
                ("FR", (1, 1)),
                ("FL", (-1, 1)),
                ("BR", (1, -1)),
                ("BL", (-1, -1)),
            ] {
                let (vert, side) = (&name[..1], &name[1..]);
                let keep = dm.is_empty()
                    || has('s')
                    || has('v')
                    || dm == name.to_ascii_lowercase()
                    || dm == vert.to_ascii_lowercase()
                    || dm == side.to_ascii_lowercase();
                if keep {
                    push_slide(&mut m.slides, v, range);
                }
            }
        }
        _ => {
            let v = match c {
                'D' => (2, 0),
                'N' => (2, 1),
                'A' => (2, 2),
                'H' => (3, 0),
                'C' => (3, 1),
                'Z' => (3, 2),
                _ => (3, 3), // G
            };
            leaper(m, v, mods);
        }
    }
}

fn leaper(m: &mut Movement, v: Vec2, mods: &str) {
    let has = |x: char| mods.contains(x);
    for (x, y) in rotations(v) {
        let keep = if mods.is_empty() {
            true
        } else if x != 0 && y != 0 && x.abs() != y.abs() {
            (y.abs() > x.abs() && has('v')) || (y.abs() > x.abs() && y > 0 && mods.contains("ff"))
        } else {
            (x > 0 && (has('s') || has('r')))
                || (x < 0 && (has('s') || has('l')))
                || (y > 0 && (has('v') || has('f')))
                || (y < 0 && (has('v') || has('b')))
        };
        if keep && !m.jumps.contains(&(x, y)) {
            m.jumps.push((x, y));
        }
    }
}

fn compound(m: &mut Movement, first: &str, second: &str) -> Result<(), String> {
    let starts = |s: &str, c: char| {
        let mut it = s.chars();
        it.next() == Some(c) && it.next().is_some_and(|d| d.is_ascii_uppercase())
    };
    let after_capture = starts(first, 'c');
    let perpendicular = starts(second, 's');
    let again = starts(second, 'a');
    let back = starts(second, 'b');
    let mv1 = parse_dialect(first)?;
    let mv2 = parse_dialect(if perpendicular || back {
        &second[1..]
    } else {
        second
    })?;
    if !mv1.arrows.is_empty() || !mv1.range.is_empty() || !mv1.compounds.is_empty() {
        return Err(format!("unsupported first leg `{first}`"));
    }
    if !mv2.jumps.is_empty()
        || !mv2.arrows.is_empty()
        || !mv2.range.is_empty()
        || !mv2.compounds.is_empty()
    {
        return Err(format!("unsupported second leg `{second}`"));
    }
    for &j in &mv1.jumps {
        let dir = (j.0.signum(), j.1.signum());
        m.compounds.push(Compound {
            first: Leg::Jump(j),
            after_capture,
            second: mv2
                .slides
                .iter()
                .copied()
                .filter(|&(d, _)| d == dir)
                .collect(),
        });
    }
    for &(d1, r1) in &mv1.slides {
        let second = mv2
            .slides
            .iter()
            .copied()
            .filter(|&(d, _)| {
                again
                    || if back {
                        d == (-d1.0, -d1.1)
                    } else if perpendicular {
                        d.0 * d1.0 + d.1 * d1.1 == 0
                    } else {
                        d == d1
                    }
            })
            .collect();
        m.compounds.push(Compound {
            first: Leg::Slide(d1, r1),
            after_capture,
            second,
        });
    }
    Ok(())
}

// ------------------------------------------------------------------ the variant

/// Builds the variant: one piece type per kind (a promoted piece moves as its promotion's kind),
/// the setup from `INITIAL_TSFEN` (Sente's lower-case pieces; Gote's must be their rotation).
pub fn build() -> Variant {
    let n = 36;
    let code_index = |code: &str| {
        PIECES
            .iter()
            .position(|p| p.0 == code)
            .unwrap_or_else(|| panic!("taikyoku-atsa: unknown code {code}"))
    };
    let mut types = Vec::new();
    let mut kinds = Vec::new();
    let mut moves = Vec::new();
    let mut ranks = Vec::new();
    for (i, &(code, name, movement, promotion)) in PIECES.iter().enumerate() {
        assert_eq!(code_index(code), i, "taikyoku-atsa: duplicate code {code}");
        assert!(
            (1..=3).contains(&code.len()) && code.chars().all(|c| c.is_ascii_uppercase()),
            "taikyoku-atsa: bad code {code}"
        );
        let mv = parse_dialect(movement).unwrap_or_else(|e| panic!("taikyoku-atsa: {code}: {e}"));
        moves.push(mv);
        ranks.push(RANKS.iter().find(|r| r.0 == code).map_or(0, |r| r.1));
        types.push(PieceType {
            name: name.to_string(),
            atoms: Vec::new(),
            royal: ROYAL.contains(&code),
            rc_rank: None,
            restricted: false,
        });
        kinds.push(Kind {
            code: code.to_string(),
            base: i,
            promo: if promotion == "-" {
                None
            } else {
                Some(code_index(promotion))
            },
        });
    }
    // The start position.
    assert_eq!(INITIAL_TSFEN.len(), n);
    let mut board: Vec<Option<(usize, u8)>> = vec![None; n * n];
    for (row, line) in INITIAL_TSFEN.iter().enumerate() {
        let mut col = 0;
        for cell in line.split(',') {
            if cell.chars().all(|c| c.is_ascii_digit()) {
                col += cell.parse::<usize>().expect("empty-square count");
                continue;
            }
            let code: String = cell
                .chars()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            let count: usize = match &cell[code.len()..] {
                "" => 1,
                c => c.parse().expect("repeat count"),
            };
            let color = if code.chars().all(|c| c.is_ascii_lowercase()) {
                0
            } else {
                assert!(code.chars().all(|c| c.is_ascii_uppercase()), "{cell}");
                1
            };
            let k = code_index(&code.to_ascii_uppercase());
            for _ in 0..count {
                board[row * n + col] = Some((k, color));
                col += 1;
            }
        }
        assert_eq!(col, n, "taikyoku-atsa setup row {row}");
    }
    let mut setup = Vec::new();
    for (i, cell) in board.iter().enumerate() {
        if let Some((k, color)) = *cell {
            let mirror = board[n * n - 1 - i];
            assert_eq!(
                mirror,
                Some((k, 1 - color)),
                "taikyoku-atsa: the setup is not symmetric at square {i}"
            );
            if color == 0 {
                setup.push((i / n, i % n, k));
            }
        }
    }
    Variant {
        name: "taikyoku-atsa",
        size: n,
        types,
        kinds,
        rule: PromotionRule::Atsa,
        furthest_rank_rule: false,
        setup,
        deva: None,
        dark_spirit: None,
        qboard_emperor: false,
        ko: None,
        atsa: Some(AtsaData { moves, ranks }),
    }
}

/// One way of making a move: where the piece ends, what it removes (sorted), and the square it
/// stopped on between the legs of a `c` compound (a lion's or the free eagle's first step), if
/// any.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Path {
    to: u16,
    caps: Vec<u16>,
    mid: Option<u16>,
}

impl RefPosition {
    fn atsa(&self) -> &'static AtsaData {
        self.v
            .atsa
            .as_ref()
            .expect("ATSA rules outside taikyoku-atsa")
    }

    /// The type (= kind) the piece moves as.
    fn atsa_type(&self, p: super::Piece) -> usize {
        let k = &self.v.kinds[p.kind as usize];
        if p.promoted {
            k.promo.expect("promoted piece without promotion")
        } else {
            k.base
        }
    }

    fn atsa_rank(&self, p: super::Piece) -> u8 {
        self.atsa().ranks[self.atsa_type(p)]
    }

    /// Whether `sq` is in the promotion zone of `color` (the far 11 ranks).
    fn atsa_zone(&self, sq: usize, color: u8) -> bool {
        let row = sq / self.n;
        if color == 0 {
            row < ZONE
        } else {
            row >= self.n - ZONE
        }
    }

    /// Every distinct move with the number of tomatene's paths that make it (module docs).
    /// Empty when a side has no royal piece.
    pub(super) fn atsa_moves_counted(&self) -> Vec<(IMove, u64)> {
        let mut out: Vec<(IMove, u64)> = Vec::new();
        if !self.has_royal(0) || !self.has_royal(1) {
            return out;
        }
        let mut paths = Vec::new();
        let mut moves = Vec::new();
        for from in 0..self.n * self.n {
            let p = match self.sq[from] {
                Some(p) if p.color == self.side => p,
                _ => continue,
            };
            paths.clear();
            self.atsa_paths(from, &mut paths);
            paths.sort_unstable();
            paths.dedup();
            let can_promote = !p.promoted && self.v.kinds[p.kind as usize].promo.is_some();
            moves.clear();
            for path in paths.drain(..) {
                let zone = self.atsa_zone(path.to as usize, p.color)
                    || path
                        .mid
                        .is_some_and(|m| self.atsa_zone(m as usize, p.color));
                moves.push(IMove {
                    from: from as u16,
                    to: path.to,
                    caps: path.caps,
                    promo: if can_promote && zone {
                        RefPromotion::Promote
                    } else {
                        RefPromotion::None
                    },
                });
            }
            moves.sort_unstable();
            for m in moves.drain(..) {
                match out.last_mut() {
                    Some((last, count)) if *last == m => *count += 1,
                    _ => out.push((m, 1)),
                }
            }
        }
        out
    }

    pub(super) fn atsa_gen_moves(&self) -> Vec<IMove> {
        self.atsa_moves_counted()
            .into_iter()
            .map(|(m, _)| m)
            .collect()
    }

    /// Every path of the piece on `from` (possibly repeated): direct moves (`mid` None) and the
    /// two-leg moves of `c` compounds.
    fn atsa_paths(&self, from: usize, out: &mut Vec<Path>) {
        let p = self.sq[from].expect("atsa_paths on an empty square");
        let color = p.color;
        let mv = &self.atsa().moves[self.atsa_type(p)];
        // Movement space to board: Black's forward is up (row - 1); White's is rotated.
        let s = if color == 0 { 1 } else { -1 };
        let board = |(x, y): Vec2| (x * s, -y * s);
        let direct = |out: &mut Vec<Path>, to: usize, caps: Vec<u16>| {
            out.push(Path {
                to: to as u16,
                caps,
                mid: None,
            })
        };
        // A slide from `start` along `v` up to `max` squares; the origin counts as empty.
        // Returns (square, removed squares) for every square it may end on.
        let walk = |start: usize, v: Vec2, max: u32| -> Vec<(usize, Vec<u16>)> {
            let (dc, dr) = board(v);
            let mut res = Vec::new();
            let mut k = 1;
            while (k as u32) <= max {
                let t = match self.at(start, dc, dr, k) {
                    Some(t) => t,
                    None => break,
                };
                let cell = if t == from {
                    Cell::Empty
                } else {
                    self.cell(t, color)
                };
                match cell {
                    Cell::Empty => res.push((t, vec![])),
                    Cell::Enemy => {
                        res.push((t, vec![t as u16]));
                        break;
                    }
                    Cell::Friend => break,
                }
                k += 1;
            }
            res
        };
        for &(v, max) in &mv.slides {
            for (t, caps) in walk(from, v, max) {
                direct(out, t, caps);
            }
        }
        for &j in &mv.jumps {
            let (dc, dr) = board(j);
            if let Some(t) = self.at(from, dc, dr, 1) {
                match self.cell(t, color) {
                    Cell::Empty => direct(out, t, vec![]),
                    Cell::Enemy => direct(out, t, vec![t as u16]),
                    Cell::Friend => {}
                }
            }
        }
        // Triple-slashed arrow: passes over up to three pieces; the fourth ends the line.
        for &v in &mv.arrows {
            let (dc, dr) = board(v);
            let mut passed = 0;
            let mut k = 1;
            while let Some(t) = self.at(from, dc, dr, k) {
                match self.cell(t, color) {
                    Cell::Empty => direct(out, t, vec![]),
                    cell => {
                        if cell == Cell::Enemy {
                            direct(out, t, vec![t as u16]);
                        }
                        if passed == 3 {
                            break;
                        }
                        passed += 1;
                    }
                }
                k += 1;
            }
        }
        // Range capture: flies over (and removes) every lower-ranked piece of either colour, may
        // stop on an empty square or a lower-ranked piece; an equal or higher rank blocks.
        if !mv.range.is_empty() {
            let rank = self.atsa_rank(p);
            for &v in &mv.range {
                let (dc, dr) = board(v);
                let mut flown: Vec<u16> = Vec::new();
                let mut k = 1;
                while let Some(t) = self.at(from, dc, dr, k) {
                    match self.sq[t] {
                        None => {
                            let mut caps = flown.clone();
                            caps.sort_unstable();
                            direct(out, t, caps);
                        }
                        Some(q) => {
                            if self.atsa_rank(q) >= rank {
                                break;
                            }
                            flown.push(t as u16);
                            let mut caps = flown.clone();
                            caps.sort_unstable();
                            direct(out, t, caps);
                        }
                    }
                    k += 1;
                }
            }
        }
        // Compound moves. Every first-leg landing is a move of its own (tomatene; it matters
        // only for the rain demon's `(fA-B)`, the other pieces also have the plain leg).
        for c in &mv.compounds {
            let firsts: Vec<(usize, Vec<u16>)> = match c.first {
                Leg::Jump(j) => {
                    let (dc, dr) = board(j);
                    match self.at(from, dc, dr, 1) {
                        Some(t) => match self.cell(t, color) {
                            Cell::Empty => vec![(t, vec![])],
                            Cell::Enemy => vec![(t, vec![t as u16])],
                            Cell::Friend => vec![],
                        },
                        None => vec![],
                    }
                }
                Leg::Slide(v, max) => walk(from, v, max),
            };
            for (t1, caps1) in firsts {
                direct(out, t1, caps1.clone());
                if !c.after_capture && !caps1.is_empty() {
                    continue; // goes on only from an empty square
                }
                for &(v2, max2) in &c.second {
                    for (t2, caps2) in walk(t1, v2, max2) {
                        if c.after_capture {
                            let mut caps = caps1.clone();
                            caps.extend(caps2);
                            caps.sort_unstable();
                            out.push(Path {
                                to: t2 as u16,
                                caps,
                                mid: Some(t1 as u16),
                            });
                        } else {
                            direct(out, t2, caps2);
                        }
                    }
                }
            }
        }
    }
}
