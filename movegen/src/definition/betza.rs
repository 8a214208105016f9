//! The movement language of variant files: Betza notation with the project's extensions.
//!
//! `docs/variant-format.md` is the specification; this module turns a movement string into
//! [`Atom`]s whose directions are relative to the moving side (`x` toward its right, `y` toward
//! the opponent). Compilation to board offsets per colour happens in [`crate::definition::program`].

use crate::board::geometry::PAD;

/// What an atom does along each of its directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// Slide up to `max` squares over empty squares (`max` 1 = a step), capturing by landing.
    Slide {
        /// Longest slide (1: a step; `UNLIMITED`: no limit).
        max: u8,
    },
    /// Leap to the direction vector's square, ignoring what stands between.
    Leap,
    /// Jump to the `from`-th..`to`-th square, then optionally slide on up to `cont` squares.
    JumpSlide {
        /// Nearest square of the jump, counted from the piece.
        from: u8,
        /// Furthest square of the jump.
        to: u8,
        /// Squares it may slide on after the jump.
        cont: u8,
    },
    /// Slide passing over at most `n` occupied squares, up to `max` squares in all.
    PassOver {
        /// Most occupied squares passed over.
        n: u8,
        /// Longest move.
        max: u8,
    },
    /// Range capture: fly over (and remove) pieces of lower rank.
    RangeCapture,
    /// Capture any enemy piece along the line, jumping over whatever stands between.
    JumpCapture,
    /// Hook move: slide, optionally turn 90 degrees on an empty square, slide on.
    Hook {
        /// The turn keeps to the atom's own directions (`hh`, Tai's peacock): it may only go
        /// into one of them, not into any perpendicular direction.
        within: bool,
    },
    /// Lion moves of up to `n` steps along one line.
    LionLine {
        /// Steps along the line.
        n: u8,
    },
    /// Capture on an adjacent square without moving.
    Igui,
    /// The lion's area move (two king steps, jumps within two, igui, pass).
    Lion,
    /// A pass: a step to an empty square along one of `dirs` and back, which changes nothing
    /// (the Taikyoku site's free eagle). Needs an empty square.
    Pass,
    /// Maka dai dai's emperor.
    Emperor,
    /// Up to two legs, each by one of `dirs` (steps or leaps), every landing empty, an enemy
    /// (captured) or the start. `same_dir`: the second leg must point the same major way as the
    /// first (Ko's cavalry), or return to the start.
    Double {
        /// The second leg keeps the first's major direction (or returns to the start).
        same_dir: bool,
    },
    /// Exactly `n` steps along `dirs`, turning freely (Ko's thunderclap).
    Steps {
        /// Steps in one move.
        n: u8,
    },
    /// One to `n` steps along one of `dirs`, capturing every enemy stepped on, stopped by a
    /// friendly piece (Ko's roaming assault).
    MultiLine {
        /// Most steps.
        n: u8,
    },
    /// Shoots after moving or without moving (Ko).
    Shoot {
        /// Who shoots (the targets' immunities depend on it).
        class: ShotClass,
        /// Farthest target.
        range: u8,
        /// Shots per move.
        shots: u8,
    },
    /// Up to `legs` jumps by `dirs`, each optionally followed by a shot at an adjacent enemy; the
    /// jumps may capture only the kinds in the atom's `args` (Ko's priest, monk, fog, light).
    Priest {
        /// Most jumps in one move.
        legs: u8,
    },
    /// Removes the enemy pieces around wherever the piece ends its move (Ko's poison flame).
    Burn,
}

/// Who shoots, for the immunities of targets (Ko shogi).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotClass {
    /// Long bow, crossbow and their cavalrymen: the first piece in a line, within range, with
    /// empty squares between.
    Bow,
    /// Cannon, gun carriage: any piece within range in a line, whatever stands between.
    Cannon,
    /// Gatling gun, chariot of the gods: like a bow, twice.
    Gatling,
    /// The priest's and monk's shot at an adjacent piece.
    Adjacent,
}

impl ShotClass {
    /// Bit for immunity masks.
    pub(crate) fn bit(self) -> u8 {
        match self {
            ShotClass::Bow => 1,
            ShotClass::Cannon => 2,
            ShotClass::Gatling => 4,
            ShotClass::Adjacent => 8,
        }
    }
}

/// Whether an atom may move to empty squares, capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Modality {
    /// Move or capture (the default).
    Both,
    /// `m`: only to empty squares.
    MoveOnly,
    /// `c`: only captures.
    CaptureOnly,
}

/// One component of a piece's movement, with directions relative to the mover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Atom {
    /// The mechanic.
    pub(crate) kind: AtomKind,
    /// Direction vectors `(x, y)`: `x` toward the mover's right, `y` toward the opponent. For
    /// leapers the full offset; for everything else a unit step.
    pub(crate) dirs: Vec<(i8, i8)>,
    /// Move/capture restriction.
    pub(crate) modality: Modality,
    /// The atom's source text, for messages and listings.
    pub(crate) text: String,
    /// Piece codes an atom refers to (the kinds a priest's jump may capture).
    pub(crate) args: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Geom {
    Orth,
    Diag,
    Both,
    Knight,
}

const F: (i8, i8) = (0, 1);
const B: (i8, i8) = (0, -1);
const L: (i8, i8) = (-1, 0);
const R: (i8, i8) = (1, 0);
const FL: (i8, i8) = (-1, 1);
const FR: (i8, i8) = (1, 1);
const BL: (i8, i8) = (-1, -1);
const BR: (i8, i8) = (1, -1);

#[derive(Default)]
struct Mods {
    dirs: String,
    modality: Option<Modality>,
    ext: Option<Ext>,
}

#[derive(Clone, Copy)]
enum Ext {
    Jump(u8, u8),
    Pass(u8),
    Range,
    JumpCap,
    Hook { within: bool },
    Line,
    Igui,
}

/// Parses a movement string into atoms. The error names the offending atom.
pub(crate) fn parse(text: &str) -> Result<Vec<Atom>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut atoms = Vec::new();
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let mut mods = Mods::default();
        // Modifiers.
        loop {
            let Some(&c) = chars.get(i) else {
                return Err(format!(
                    "'{}' has modifiers but no base",
                    chars[start..].iter().collect::<String>()
                ));
            };
            match c {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => {
                    mods.dirs.push(c);
                    i += 1;
                }
                'm' | 'c' => {
                    let m = if c == 'm' {
                        Modality::MoveOnly
                    } else {
                        Modality::CaptureOnly
                    };
                    if mods.modality.replace(m).is_some() {
                        return Err(at(&chars, start, i, "has two modality modifiers"));
                    }
                    i += 1;
                }
                'j' | 'u' | 'x' | 'z' | 'h' | 'y' | 'i' => {
                    i += 1;
                    let ext = match c {
                        'j' => {
                            let a = number(&chars, &mut i)
                                .ok_or_else(|| at(&chars, start, i, "needs a number after 'j'"))?;
                            let b = if chars.get(i) == Some(&'-') {
                                i += 1;
                                number(&chars, &mut i).ok_or_else(|| {
                                    at(&chars, start, i, "needs a number after 'j<a>-'")
                                })?
                            } else {
                                a
                            };
                            if a < 1 || b < a || b as usize > PAD {
                                return Err(at(
                                    &chars,
                                    start,
                                    i,
                                    &format!("has a jump range {a}-{b} outside 1..={PAD}"),
                                ));
                            }
                            Ext::Jump(a as u8, b as u8)
                        }
                        'u' => {
                            let n = number(&chars, &mut i)
                                .ok_or_else(|| at(&chars, start, i, "needs a number after 'u'"))?;
                            if !(1..=36).contains(&n) {
                                return Err(at(&chars, start, i, "passes over 1..=36 pieces"));
                            }
                            Ext::Pass(n as u8)
                        }
                        'x' => Ext::Range,
                        'z' => Ext::JumpCap,
                        'h' if chars.get(i) == Some(&'h') => {
                            i += 1;
                            Ext::Hook { within: true }
                        }
                        'h' => Ext::Hook { within: false },
                        'y' => Ext::Line,
                        _ => Ext::Igui,
                    };
                    if mods.ext.replace(ext).is_some() {
                        return Err(at(&chars, start, i, "combines two extension modifiers"));
                    }
                }
                _ => break,
            }
        }
        let c = chars[i];
        // Brace atoms.
        if c == '{' {
            let close = chars[i..]
                .iter()
                .position(|&c| c == '}')
                .ok_or_else(|| at(&chars, start, i, "has '{' without '}'"))?;
            let inner: String = chars[i + 1..i + close].iter().collect();
            i += close + 1;
            let text: String = chars[start..i].iter().collect();
            let words: Vec<&str> = inner.split_whitespace().collect();
            let name = words.first().copied().unwrap_or("");
            if !mods.dirs.is_empty() || mods.modality.is_some() || mods.ext.is_some() {
                return Err(format!("'{text}': modifiers are not allowed on {{{name}}}"));
            }
            atoms.push(brace_atom(&text, &words)?);
            continue;
        }
        // Base.
        let (geom, vec, slider, default_max): (Geom, (i8, i8), bool, u8) = match c {
            'W' => (Geom::Orth, (1, 0), true, 1),
            'F' => (Geom::Diag, (1, 1), true, 1),
            'K' => (Geom::Both, (1, 1), true, 1),
            'R' => (Geom::Orth, (1, 0), true, 0),
            'B' => (Geom::Diag, (1, 1), true, 0),
            'Q' => (Geom::Both, (1, 1), true, 0),
            'D' => (Geom::Orth, (2, 0), false, 0),
            'A' => (Geom::Diag, (2, 2), false, 0),
            'H' => (Geom::Orth, (3, 0), false, 0),
            'G' => (Geom::Diag, (3, 3), false, 0),
            'N' => (Geom::Knight, (2, 1), false, 0),
            '(' => {
                i += 1;
                let a =
                    number(&chars, &mut i).ok_or_else(|| at(&chars, start, i, "needs '(a,b)'"))?;
                if chars.get(i) != Some(&',') {
                    return Err(at(&chars, start, i, "needs '(a,b)'"));
                }
                i += 1;
                let b =
                    number(&chars, &mut i).ok_or_else(|| at(&chars, start, i, "needs '(a,b)'"))?;
                if chars.get(i) != Some(&')') {
                    return Err(at(&chars, start, i, "needs '(a,b)'"));
                }
                if a < 1 || b > a || a as usize > PAD {
                    return Err(at(
                        &chars,
                        start,
                        i + 1,
                        &format!("leaper ({a},{b}) needs 1 <= b <= a <= {PAD} or b = 0"),
                    ));
                }
                let g = if b == 0 {
                    Geom::Orth
                } else if a == b {
                    Geom::Diag
                } else {
                    Geom::Knight
                };
                // `i` is on ')'; the shared `i += 1` below steps over it.
                (g, (a as i8, b as i8), false, 0)
            }
            _ => {
                return Err(at(
                    &chars,
                    start,
                    i + 1,
                    &format!(
                        "'{c}' is not a base (W F K R B Q D A H G N (a,b) {{lion}} {{emperor}})"
                    ),
                ))
            }
        };
        i += 1;
        let count = number(&chars, &mut i);
        let text: String = chars[start..i].iter().collect();
        let err = |m: &str| format!("'{text}' {m}");
        if let Some(n) = count {
            if !slider {
                return Err(err("has a count on a leaper"));
            }
            if !(1..=36).contains(&n) {
                return Err(err("has a count outside 1..=36"));
            }
        }
        let max = count.map(|n| n as u8).unwrap_or(default_max);
        let dirs = directions(geom, vec, &mods.dirs).map_err(|m| err(&m))?;
        let modality = mods.modality.unwrap_or(Modality::Both);
        let unit_slider = slider;
        let kind = match mods.ext {
            None => {
                if slider {
                    AtomKind::Slide { max }
                } else {
                    AtomKind::Leap
                }
            }
            Some(ext) => {
                if !unit_slider {
                    return Err(err("uses an extension modifier on a leaper"));
                }
                let long = matches!(c, 'R' | 'B' | 'Q');
                match ext {
                    Ext::Jump(a, b) => AtomKind::JumpSlide {
                        from: a,
                        to: b,
                        cont: max,
                    },
                    Ext::Pass(n) => {
                        if !long {
                            return Err(err("'u' needs R, B or Q"));
                        }
                        AtomKind::PassOver { n, max }
                    }
                    Ext::Range | Ext::JumpCap | Ext::Hook { .. } => {
                        if !long || count.is_some() {
                            return Err(err("'x', 'z' and 'h' need R, B or Q without a count"));
                        }
                        if modality != Modality::Both {
                            return Err(err("'x', 'z' and 'h' take no 'm' or 'c'"));
                        }
                        match ext {
                            Ext::Range => AtomKind::RangeCapture,
                            Ext::JumpCap => AtomKind::JumpCapture,
                            Ext::Hook { within } => {
                                if c == 'Q' {
                                    return Err(err("'h' needs R or B"));
                                }
                                AtomKind::Hook { within }
                            }
                            _ => unreachable!("only 'x', 'z' and 'h' reach here"),
                        }
                    }
                    Ext::Line => {
                        if long {
                            return Err(err("'y' needs W, F or K with a count"));
                        }
                        match count {
                            Some(n @ 1..=3) => {
                                if modality != Modality::Both {
                                    return Err(err("'y' takes no 'm' or 'c'"));
                                }
                                AtomKind::LionLine { n: n as u8 }
                            }
                            _ => return Err(err("'y' needs a count of 1, 2 or 3")),
                        }
                    }
                    Ext::Igui => {
                        if long || count.is_some() {
                            return Err(err("'i' needs W, F or K without a count"));
                        }
                        if modality != Modality::Both {
                            return Err(err("'i' takes no 'm' or 'c'"));
                        }
                        AtomKind::Igui
                    }
                }
            }
        };
        atoms.push(Atom {
            kind,
            dirs,
            modality,
            text,
            args: Vec::new(),
        });
    }
    if atoms.is_empty() {
        return Err("the movement is empty".into());
    }
    Ok(atoms)
}

/// The leg vectors of a base letter (all its directions).
fn base_vectors(b: &str) -> Option<Vec<(i8, i8)>> {
    let (geom, v) = match b {
        "W" => (Geom::Orth, (1, 0)),
        "F" => (Geom::Diag, (1, 1)),
        "K" => (Geom::Both, (1, 1)),
        "D" => (Geom::Orth, (2, 0)),
        "A" => (Geom::Diag, (2, 2)),
        "N" => (Geom::Knight, (2, 1)),
        _ => return None,
    };
    directions(geom, v, "").ok()
}

fn small_number(text: &str, w: Option<&&str>, lo: u8, hi: u8, what: &str) -> Result<u8, String> {
    match w.and_then(|s| s.parse::<u8>().ok()) {
        Some(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!("'{text}' needs {what} from {lo} to {hi}")),
    }
}

/// Parses a brace atom: `{lion}`, `{emperor}`, `{double K}`, `{double N same}`, `{steps W 5}`,
/// `{line W 5}`, `{shoot bow 3}`, `{shoot gatling 7 2}`, `{priest 2 TB SM}`, `{burn}`,
/// `{pass K}`.
fn brace_atom(text: &str, words: &[&str]) -> Result<Atom, String> {
    let name = words.first().copied().unwrap_or("");
    let mut atom = Atom {
        kind: AtomKind::Burn,
        dirs: Vec::new(),
        modality: Modality::Both,
        text: text.to_string(),
        args: Vec::new(),
    };
    let bases = |ws: &[&str]| -> Result<Vec<(i8, i8)>, String> {
        let mut v = Vec::new();
        for w in ws {
            let d = base_vectors(w)
                .ok_or_else(|| format!("'{text}': '{w}' is not one of the bases W F K D A N"))?;
            for x in d {
                if !v.contains(&x) {
                    v.push(x);
                }
            }
        }
        if v.is_empty() {
            return Err(format!("'{text}' needs at least one base (W F K D A N)"));
        }
        Ok(v)
    };
    match name {
        "lion" | "emperor" | "burn" if words.len() > 1 => {
            return Err(format!("'{text}': {{{name}}} takes no arguments"))
        }
        "lion" => atom.kind = AtomKind::Lion,
        "emperor" => atom.kind = AtomKind::Emperor,
        "burn" => atom.kind = AtomKind::Burn,
        "pass" => {
            atom.dirs = bases(&words[1..])?;
            if atom.dirs.iter().any(|&(x, y)| x.abs() > 1 || y.abs() > 1) {
                return Err(format!("'{text}': a pass steps by W, F or K"));
            }
            atom.kind = AtomKind::Pass;
        }
        "double" => {
            let same = words.last() == Some(&"same");
            let end = if same { words.len() - 1 } else { words.len() };
            atom.dirs = bases(&words[1..end])?;
            atom.kind = AtomKind::Double { same_dir: same };
        }
        "steps" | "line" => {
            atom.dirs = bases(&words[1..words.len().min(2)])?;
            let n = small_number(text, words.get(2), 1, 9, "a step count")?;
            if words.len() > 3 {
                return Err(format!("'{text}': too many arguments"));
            }
            atom.kind = if name == "steps" {
                AtomKind::Steps { n }
            } else {
                AtomKind::MultiLine { n }
            };
        }
        "shoot" => {
            let class = match words.get(1).copied() {
                Some("bow") => ShotClass::Bow,
                Some("cannon") => ShotClass::Cannon,
                Some("gatling") => ShotClass::Gatling,
                _ => return Err(format!("'{text}': the shooter is bow, cannon or gatling")),
            };
            let range = small_number(text, words.get(2), 1, 9, "a range")?;
            let shots = match words.get(3) {
                None => 1,
                w => small_number(text, w, 1, 2, "a number of shots")?,
            };
            if words.len() > 4 {
                return Err(format!("'{text}': too many arguments"));
            }
            atom.dirs = base_vectors("K").expect("K");
            atom.kind = AtomKind::Shoot {
                class,
                range,
                shots,
            };
        }
        "priest" => {
            let legs = small_number(text, words.get(1), 1, 2, "a number of jumps")?;
            atom.dirs = [base_vectors("D").expect("D"), base_vectors("A").expect("A")].concat();
            atom.args = words[2..].iter().map(|w| w.to_string()).collect();
            atom.kind = AtomKind::Priest { legs };
        }
        _ => return Err(format!("'{text}': unknown atom {{{name}}}")),
    }
    Ok(atom)
}

fn at(chars: &[char], start: usize, end: usize, msg: &str) -> String {
    let end = end.min(chars.len());
    format!("'{}' {msg}", chars[start..end].iter().collect::<String>())
}

/// Reads a decimal number at `chars[*i..]`, advancing `i` over all its digits. A number of more
/// than three digits reads as `u32::MAX`, so that every range check rejects it (rather than
/// taking the digits for no number at all, which would make a huge count an unlimited one).
fn number(chars: &[char], i: &mut usize) -> Option<u32> {
    let start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        *i += 1;
    }
    if *i == start {
        return None;
    }
    if *i - start > 3 {
        return Some(u32::MAX);
    }
    chars[start..*i].iter().collect::<String>().parse().ok()
}

fn orth_dirs(mods: &str) -> Result<Vec<(i8, i8)>, String> {
    if mods.is_empty() {
        return Ok(vec![F, B, L, R]);
    }
    let mut v = Vec::new();
    for c in mods.chars() {
        let add: &[(i8, i8)] = match c {
            'f' => &[F],
            'b' => &[B],
            'l' => &[L],
            'r' => &[R],
            'v' => &[F, B],
            's' => &[L, R],
            _ => unreachable!(),
        };
        v.extend_from_slice(add);
    }
    Ok(v)
}

fn diag_dirs(mods: &str) -> Result<Vec<(i8, i8)>, String> {
    if mods.is_empty() {
        return Ok(vec![FL, FR, BL, BR]);
    }
    let c: Vec<char> = mods.chars().collect();
    let mut v = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let pair = matches!(c[i], 'f' | 'b') && matches!(c.get(i + 1), Some('l') | Some('r'));
        if pair {
            v.push(match (c[i], c[i + 1]) {
                ('f', 'l') => FL,
                ('f', 'r') => FR,
                ('b', 'l') => BL,
                _ => BR,
            });
            i += 2;
            continue;
        }
        let add: &[(i8, i8)] = match c[i] {
            'f' => &[FL, FR],
            'b' => &[BL, BR],
            'l' => &[FL, BL],
            'r' => &[FR, BR],
            other => {
                return Err(format!(
                    "uses '{other}' on a diagonal base (only f, b, l, r and fl, fr, bl, br)"
                ))
            }
        };
        v.extend_from_slice(add);
        i += 1;
    }
    Ok(v)
}

fn knight_dirs(a: i8, b: i8, mods: &str) -> Result<Vec<(i8, i8)>, String> {
    let ff = [(-b, a), (b, a)];
    let fs = [(-a, b), (a, b)];
    let bb = [(-b, -a), (b, -a)];
    let bs = [(-a, -b), (a, -b)];
    if mods.is_empty() {
        return Ok([ff, fs, bb, bs].concat());
    }
    let c: Vec<char> = mods.chars().collect();
    let mut v = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let two: String = c[i..(i + 2).min(c.len())].iter().collect();
        let (add, n): (Vec<(i8, i8)>, usize) = match two.as_str() {
            "ff" => (ff.to_vec(), 2),
            "bb" => (bb.to_vec(), 2),
            "fs" => (fs.to_vec(), 2),
            "bs" => (bs.to_vec(), 2),
            _ => match c[i] {
                'f' => ([ff, fs].concat(), 1),
                'b' => ([bb, bs].concat(), 1),
                'v' => ([ff, bb].concat(), 1),
                's' => ([fs, bs].concat(), 1),
                other => {
                    return Err(format!(
                        "uses '{other}' on a knight-like base (only ff, bb, fs, bs, f, b, v, s)"
                    ))
                }
            },
        };
        v.extend(add);
        i += n;
    }
    Ok(v)
}

fn directions(geom: Geom, (a, b): (i8, i8), mods: &str) -> Result<Vec<(i8, i8)>, String> {
    let scale = |v: Vec<(i8, i8)>, k: i8| v.into_iter().map(|(x, y)| (x * k, y * k)).collect();
    let mut dirs: Vec<(i8, i8)> = match geom {
        Geom::Orth => scale(orth_dirs(mods)?, a),
        Geom::Diag => scale(diag_dirs(mods)?, a),
        Geom::Knight => knight_dirs(a, b, mods)?,
        Geom::Both => {
            if mods.chars().any(|c| matches!(c, 'v' | 's')) {
                return Err(
                    "uses 'v' or 's' on K/Q: write orthogonal and diagonal atoms separately".into(),
                );
            }
            // A pair (`fl`, `br`, ...) names one diagonal, which K and Q cannot express.
            if let Some(w) = mods
                .as_bytes()
                .windows(2)
                .find(|w| matches!(w[0], b'f' | b'b') && matches!(w[1], b'l' | b'r'))
            {
                return Err(format!(
                    "uses the pair '{}{}' on K/Q: write orthogonal and diagonal atoms separately",
                    w[0] as char, w[1] as char
                ));
            }
            let mut v = Vec::new();
            for c in mods.chars() {
                let s = c.to_string();
                v.extend(orth_dirs(&s)?);
                v.extend(diag_dirs(&s)?);
            }
            if mods.is_empty() {
                v = [orth_dirs("")?, diag_dirs("")?].concat();
            }
            v
        }
    };
    let mut seen = Vec::new();
    dirs.retain(|d| {
        if seen.contains(d) {
            false
        } else {
            seen.push(*d);
            true
        }
    });
    Ok(dirs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(s: &str) -> Atom {
        let v = parse(s).unwrap();
        assert_eq!(v.len(), 1, "{s}");
        v.into_iter().next().unwrap()
    }

    fn dirs(s: &str) -> Vec<(i8, i8)> {
        let mut d = one(s).dirs;
        d.sort();
        d
    }

    #[test]
    fn standard_atoms() {
        assert_eq!(one("W").kind, AtomKind::Slide { max: 1 });
        assert_eq!(one("R").kind, AtomKind::Slide { max: 0 });
        assert_eq!(one("B3").kind, AtomKind::Slide { max: 3 });
        assert_eq!(one("K2").kind, AtomKind::Slide { max: 2 });
        assert_eq!(dirs("fW"), vec![(0, 1)]);
        assert_eq!(dirs("vR"), vec![(0, -1), (0, 1)]);
        assert_eq!(dirs("sR"), vec![(-1, 0), (1, 0)]);
        assert_eq!(dirs("fF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(dirs("flF"), vec![(-1, 1)]);
        assert_eq!(dirs("lF"), vec![(-1, -1), (-1, 1)]);
        assert_eq!(dirs("fK").len(), 3);
        assert_eq!(dirs("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(dirs("D").len(), 4);
        assert_eq!(dirs("f(4,4)"), vec![(-4, 4), (4, 4)]);
        assert_eq!(one("(4,0)").kind, AtomKind::Leap);
        assert_eq!(one("mR").modality, Modality::MoveOnly);
        assert_eq!(one("cR").modality, Modality::CaptureOnly);
    }

    #[test]
    fn sequences_and_spaces() {
        let v = parse("WfF").unwrap();
        assert_eq!(v.len(), 2);
        let v = parse("Q j2-3R bj2-3B fj2-4B").unwrap();
        assert_eq!(v.len(), 4);
        assert_eq!(
            v[3].kind,
            AtomKind::JumpSlide {
                from: 2,
                to: 4,
                cont: 0
            }
        );
        assert_eq!(dirs("fj2-4B"), vec![(-1, 1), (1, 1)]);
    }

    #[test]
    fn extensions() {
        assert_eq!(
            one("j3B2").kind,
            AtomKind::JumpSlide {
                from: 3,
                to: 3,
                cont: 2
            }
        );
        assert_eq!(one("fu3B").kind, AtomKind::PassOver { n: 3, max: 0 });
        assert_eq!(one("xQ").kind, AtomKind::RangeCapture);
        assert_eq!(one("zvR").kind, AtomKind::JumpCapture);
        assert_eq!(one("hR").kind, AtomKind::Hook { within: false });
        assert_eq!(dirs("hfB"), vec![(-1, 1), (1, 1)]);
        assert_eq!(one("hhfB").kind, AtomKind::Hook { within: true });
        assert_eq!(dirs("hhfB"), vec![(-1, 1), (1, 1)]);
        assert!(parse("hhhR").is_err());
        assert_eq!(one("yK3").kind, AtomKind::LionLine { n: 3 });
        assert_eq!(one("iK").kind, AtomKind::Igui);
        assert_eq!(one("{lion}").kind, AtomKind::Lion);
        assert_eq!(one("{emperor}").kind, AtomKind::Emperor);
        assert_eq!(one("{double K}").dirs.len(), 8);
        assert_eq!(one("{double F D}").dirs.len(), 8);
        assert_eq!(
            one("{double N same}").kind,
            AtomKind::Double { same_dir: true }
        );
        assert_eq!(one("{steps W 5}").kind, AtomKind::Steps { n: 5 });
        assert_eq!(one("{line W 5}").kind, AtomKind::MultiLine { n: 5 });
        assert_eq!(
            one("{shoot gatling 7 2}").kind,
            AtomKind::Shoot {
                class: ShotClass::Gatling,
                range: 7,
                shots: 2
            }
        );
        let p = one("{priest 2 TB SM}");
        assert_eq!(p.kind, AtomKind::Priest { legs: 2 });
        assert_eq!(p.args, vec!["TB".to_string(), "SM".to_string()]);
        assert_eq!(p.dirs.len(), 8);
        assert_eq!(one("{burn}").kind, AtomKind::Burn);
    }

    #[test]
    fn errors_name_the_atom() {
        for (bad, needle) in [
            ("", "empty"),
            ("fX", "'X' is not a base"),
            ("vF", "'v'"),
            ("sK", "'v' or 's' on K"),
            ("D3", "count on a leaper"),
            ("xD", "extension modifier on a leaper"),
            ("hQ", "R or B"),
            ("yK", "count of 1, 2 or 3"),
            ("yK4", "count of 1, 2 or 3"),
            ("j5R", "outside"),
            ("(5,0)", "leaper"),
            ("{tiger}", "unknown atom"),
            ("{double}", "at least one base"),
            ("{double X}", "not one of the bases"),
            ("{steps W}", "step count"),
            ("{shoot sling 3}", "bow, cannon or gatling"),
            ("{shoot bow 3 3}", "number of shots"),
            ("{priest 3}", "number of jumps"),
            ("{burn now}", "no arguments"),
            ("f{lion}", "modifiers"),
            ("mcR", "two modality"),
            ("xhR", "two extension"),
            ("f", "no base"),
            ("R0", "count outside"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(needle), "{bad}: {e}");
        }
    }
}
