//! Piece movement descriptions: a tiny text language, written so that each piece table entry can
//! be checked against the seed's bullet list by eye.
//!
//! A movement is a list of atoms separated by spaces. Most atoms are `DIRS:SPEC`:
//!
//! * DIRS: comma-separated directions, relative to the piece's owner: `f` forward, `b` backward,
//!   `l` left, `r` right, `fl` `fr` `bl` `br` the diagonals; and the groups `orth` (f,b,l,r),
//!   `diag` (the four diagonals), `all` (all eight), `side` (l,r), `vert` (f,b), `fdiag` (fl,fr),
//!   `bdiag` (bl,br).
//! * SPEC:
//!   - `N` (a number): step / limited range: up to N squares over empty squares, capturing on the
//!     last one (`1` is a step); `*`: ranging, any number of squares.
//!   - `jK`: jump to exactly the K-th square; `jK-L`: to any of the K-th..L-th squares.
//!   - `jK+M`, `jK-L+M`: jump as above, then, from an empty landing square, optionally go on up
//!     to M more squares (`*` = any number) in the same direction as a ranging piece.
//!   - `over3`: move along the line passing over at most three occupied squares (friend or foe,
//!     unaffected), stopping on an empty square or capturing an enemy piece.
//!   - `rc1`, `rc2`, `rc3`: range capture of the given rank (1 great general, 2 vice general,
//!     3 rook general, bishop general, violent dragon, flying crocodile).
//!   - `xj`: capture any enemy piece further along the line, jumping whatever stands between
//!     (ancient dragon, rain demon); the ordinary ranging move is written separately.
//!   - `hook`: hook move whose first leg goes along DIRS, turning 90 degrees at most once.
//!   - `hookwithin`: the same, but turning only into another of DIRS (Tai's peacock).
//!   - `lion3`: the lion dog's line lion move of up to three steps.
//!
//! Atoms without directions: `lion` (lion area move: two king steps, jumps within two, igui,
//! pass), `igui` (capture an adjacent enemy without moving), `knight` (the two forward knight
//! jumps), `backknight` (the two backward ones), `emperor` (Maka dai dai emperor).
//!
//! Ko shogi adds (docs/ko.md, "Moves"):
//! * `DIRS:mN`: up to N squares over empty squares, never capturing (the bows' and guns' steps,
//!   the gun carriage's and chariot of the gods' slides).
//! * `DIRS:roamN`: the roaming assault: 1..N steps along one of DIRS, capturing every enemy piece
//!   stepped on; a friendly piece stops it.
//! * `knights`: the eight knight jumps (the cavalryman); `mknights`: the same, never capturing.
//! * `legsN(LEG|LEG|...)`: a multiple move of one to N legs; `exactlyN(LEG|...)`: exactly N legs
//!   (the thunderclap). A LEG is `DIRS:1` (a step), `DIRS:jK` (a leap to the K-th square) or
//!   `knights`; every leg ends on an empty square, an enemy piece (captured) or the start square.
//! * `cavalry`: a knight jump, then optionally a second one with its long leg the same way, or
//!   back to the start.
//! * `priest1`, `priest2`: one (Taoist priest, spiritual monk) or up to two (twelve-mile fog,
//!   immaculate light) jumps to the second square, each optionally followed by a shot at an
//!   adjacent enemy piece; or one such shot without moving.
//! * `shoot:bowN` (one shot at the first piece within N), `shoot:cannonN` (one shot at any
//!   piece within N), `shoot:gatlingN` (up to two shots at the first piece within N): shots
//!   made after the piece's movement, or without moving.
//! * `burn`: every enemy piece next to where the piece ends its move is removed.

/// A direction as Black (who moves up the board) sees it: `dc` = +1 is Black's right (towards
/// file 1), `dr` = -1 is forward (towards rank a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dir {
    pub dc: i32,
    pub dr: i32,
}

pub const INF: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Atom {
    /// Up to `max` squares over empty squares (INF = ranging).
    Slide {
        dirs: Vec<Dir>,
        max: u32,
    },
    /// Jump to the `first`..=`last` square, then optionally `cont` more squares (0 = plain jump).
    Jump {
        dirs: Vec<Dir>,
        first: u32,
        last: u32,
        cont: u32,
    },
    /// Pass over at most `limit` occupied squares along the line.
    Over {
        dirs: Vec<Dir>,
        limit: u32,
    },
    /// Range capture of the given rank.
    RangeCapture {
        dirs: Vec<Dir>,
        rank: u8,
    },
    /// Capture an enemy anywhere further along the line, jumping what stands between.
    CaptureFar {
        dirs: Vec<Dir>,
    },
    /// Hook move with the first leg along `dirs`; `within`: the turn only into another of
    /// `dirs`.
    Hook {
        dirs: Vec<Dir>,
        within: bool,
    },
    /// Lion line move of up to `steps` steps.
    LionLine {
        dirs: Vec<Dir>,
        steps: u32,
    },
    Lion,
    Igui,
    /// Leaps to fixed offsets (knight, back knight).
    Leap {
        offsets: Vec<Dir>,
    },
    Emperor,
    // ---- Ko shogi
    /// Up to `max` squares over empty squares, never capturing.
    MoveOnly {
        dirs: Vec<Dir>,
        max: u32,
    },
    /// Leaps to fixed offsets, never capturing.
    LeapMoveOnly {
        offsets: Vec<Dir>,
    },
    /// Multiple move: 1..=`count` legs (exactly `count` when `exact`), each one of `legs`.
    Legs {
        legs: Vec<Dir>,
        count: u32,
        exact: bool,
    },
    /// The cavalry's double knight jump.
    Cavalry,
    /// Roaming assault: 1..=`max` steps along one direction, capturing every enemy stepped on.
    Roam {
        dirs: Vec<Dir>,
        max: u32,
    },
    /// Taoist priest / spiritual monk (`jumps` = 1) and twelve-mile fog / immaculate light (2).
    Priest {
        jumps: u32,
    },
    /// Shots after the movement (or without moving).
    Shoot(Shot),
    /// Burns the enemy pieces next to where the piece ends its move.
    Burn,
}

/// How a Ko shogi piece shoots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotKind {
    /// Long bow, crossbow and their cavalrymen: one shot at the first piece in a direction.
    Bow,
    /// Cannon, gun carriage: one shot at any piece in a direction, over what stands between.
    Cannon,
    /// Gatling gun, chariot of the gods: up to two shots, each at the first piece.
    Gatling,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub kind: ShotKind,
    /// Farthest square it reaches.
    pub range: u32,
}

fn knight_offsets() -> Vec<Dir> {
    vec![
        d(-1, -2),
        d(1, -2),
        d(-1, 2),
        d(1, 2),
        d(-2, -1),
        d(-2, 1),
        d(2, -1),
        d(2, 1),
    ]
}

/// One leg of a `legsN(...)` / `exactlyN(...)` multiple move: its offsets.
fn parse_leg(s: &str) -> Result<Vec<Dir>, String> {
    if s == "knights" {
        return Ok(knight_offsets());
    }
    let (dirs, spec) = s.split_once(':').ok_or_else(|| format!("bad leg `{s}`"))?;
    let k: i32 = match spec {
        "1" => 1,
        _ => match spec.strip_prefix('j').map(|k| k.parse::<i32>()) {
            Some(Ok(k)) if k >= 2 => k,
            _ => {
                return Err(format!(
                    "bad leg `{s}` (a leg is DIRS:1, DIRS:jK or knights)"
                ))
            }
        },
    };
    Ok(parse_dirs(dirs)?
        .into_iter()
        .map(|x| d(x.dc * k, x.dr * k))
        .collect())
}

/// `legsN(...)` or `exactlyN(...)`.
fn parse_legs(word: &str) -> Result<Option<Atom>, String> {
    let (rest, exact) = if let Some(r) = word.strip_prefix("legs") {
        (r, false)
    } else if let Some(r) = word.strip_prefix("exactly") {
        (r, true)
    } else {
        return Ok(None);
    };
    let (count, legs) = rest
        .split_once('(')
        .ok_or_else(|| format!("bad multiple move `{word}`"))?;
    let legs = legs
        .strip_suffix(')')
        .ok_or_else(|| format!("bad multiple move `{word}`"))?;
    let count = parse_count(count)?;
    if count == INF {
        return Err(format!("bad multiple move `{word}`"));
    }
    let mut offsets: Vec<Dir> = Vec::new();
    for leg in legs.split('|') {
        for o in parse_leg(leg)? {
            if !offsets.contains(&o) {
                offsets.push(o);
            }
        }
    }
    Ok(Some(Atom::Legs {
        legs: offsets,
        count,
        exact,
    }))
}

fn parse_shot(spec: &str) -> Result<Atom, String> {
    let (kind, range) = if let Some(r) = spec.strip_prefix("bow") {
        (ShotKind::Bow, r)
    } else if let Some(r) = spec.strip_prefix("cannon") {
        (ShotKind::Cannon, r)
    } else if let Some(r) = spec.strip_prefix("gatling") {
        (ShotKind::Gatling, r)
    } else {
        return Err(format!("unknown shot `{spec}`"));
    };
    let range = parse_count(range)?;
    if range == INF {
        return Err(format!("bad shot range `{spec}`"));
    }
    Ok(Atom::Shoot(Shot { kind, range }))
}

fn d(dc: i32, dr: i32) -> Dir {
    Dir { dc, dr }
}

fn dir_names(name: &str) -> Option<Vec<Dir>> {
    let f = d(0, -1);
    let b = d(0, 1);
    let l = d(-1, 0);
    let r = d(1, 0);
    let fl = d(-1, -1);
    let fr = d(1, -1);
    let bl = d(-1, 1);
    let br = d(1, 1);
    Some(match name {
        "f" => vec![f],
        "b" => vec![b],
        "l" => vec![l],
        "r" => vec![r],
        "fl" => vec![fl],
        "fr" => vec![fr],
        "bl" => vec![bl],
        "br" => vec![br],
        "orth" => vec![f, b, l, r],
        "diag" => vec![fl, fr, bl, br],
        "all" => vec![f, b, l, r, fl, fr, bl, br],
        "side" => vec![l, r],
        "vert" => vec![f, b],
        "fdiag" => vec![fl, fr],
        "bdiag" => vec![bl, br],
        _ => return None,
    })
}

fn parse_dirs(s: &str) -> Result<Vec<Dir>, String> {
    let mut out: Vec<Dir> = Vec::new();
    for name in s.split(',') {
        let ds = dir_names(name).ok_or_else(|| format!("unknown direction `{name}`"))?;
        for x in ds {
            if !out.contains(&x) {
                out.push(x);
            }
        }
    }
    Ok(out)
}

fn parse_count(s: &str) -> Result<u32, String> {
    if s == "*" {
        return Ok(INF);
    }
    let n: u32 = s.parse().map_err(|_| format!("bad count `{s}`"))?;
    if n == 0 {
        return Err("count 0".into());
    }
    Ok(n)
}

fn parse_spec(dirs: Vec<Dir>, spec: &str) -> Result<Atom, String> {
    if spec == "*" || spec.chars().all(|c| c.is_ascii_digit()) {
        return Ok(Atom::Slide {
            dirs,
            max: parse_count(spec)?,
        });
    }
    if let Some(rest) = spec.strip_prefix('j') {
        let (jump, cont) = match rest.split_once('+') {
            Some((a, b)) => (a, parse_count(b)?),
            None => (rest, 0),
        };
        let (first, last) = match jump.split_once('-') {
            Some((a, b)) => (parse_count(a)?, parse_count(b)?),
            None => (parse_count(jump)?, parse_count(jump)?),
        };
        if first == INF || last == INF || first > last || first < 2 {
            return Err(format!("bad jump `{spec}`"));
        }
        return Ok(Atom::Jump {
            dirs,
            first,
            last,
            cont,
        });
    }
    if let Some(rest) = spec.strip_prefix("over") {
        return Ok(Atom::Over {
            dirs,
            limit: parse_count(rest)?,
        });
    }
    if let Some(rest) = spec.strip_prefix("rc") {
        let rank: u8 = rest.parse().map_err(|_| format!("bad rank `{spec}`"))?;
        if !(1..=3).contains(&rank) {
            return Err(format!("bad rank `{spec}`"));
        }
        return Ok(Atom::RangeCapture { dirs, rank });
    }
    if let Some(rest) = spec.strip_prefix("lion") {
        return Ok(Atom::LionLine {
            dirs,
            steps: parse_count(rest)?,
        });
    }
    if let Some(rest) = spec.strip_prefix("roam") {
        return Ok(Atom::Roam {
            dirs,
            max: parse_count(rest)?,
        });
    }
    if let Some(rest) = spec.strip_prefix('m') {
        return Ok(Atom::MoveOnly {
            dirs,
            max: parse_count(rest)?,
        });
    }
    match spec {
        "xj" => Ok(Atom::CaptureFar { dirs }),
        "hook" => Ok(Atom::Hook {
            dirs,
            within: false,
        }),
        "hookwithin" => Ok(Atom::Hook { dirs, within: true }),
        _ => Err(format!("unknown move spec `{spec}`")),
    }
}

/// Parses a movement description (see the module documentation).
pub fn parse_movement(s: &str) -> Result<Vec<Atom>, String> {
    let mut atoms = Vec::new();
    for word in s.split_whitespace() {
        if let Some(legs) = parse_legs(word)? {
            atoms.push(legs);
            continue;
        }
        let atom = match word {
            "lion" => Atom::Lion,
            "igui" => Atom::Igui,
            "emperor" => Atom::Emperor,
            "knight" => Atom::Leap {
                offsets: vec![d(-1, -2), d(1, -2)],
            },
            "backknight" => Atom::Leap {
                offsets: vec![d(-1, 2), d(1, 2)],
            },
            "knights" => Atom::Leap {
                offsets: knight_offsets(),
            },
            "mknights" => Atom::LeapMoveOnly {
                offsets: knight_offsets(),
            },
            "cavalry" => Atom::Cavalry,
            "burn" => Atom::Burn,
            "priest1" => Atom::Priest { jumps: 1 },
            "priest2" => Atom::Priest { jumps: 2 },
            _ if word.starts_with("shoot:") => parse_shot(&word["shoot:".len()..])?,
            _ => {
                let (dirs, spec) = word
                    .split_once(':')
                    .ok_or_else(|| format!("bad movement atom `{word}`"))?;
                parse_spec(parse_dirs(dirs)?, spec)?
            }
        };
        atoms.push(atom);
    }
    if atoms.is_empty() {
        return Err("empty movement".into());
    }
    Ok(atoms)
}

/// What a piece moves as (a piece type). Several piece kinds, and promoted forms, can share one.
#[derive(Clone, Debug)]
pub struct PieceType {
    pub name: String,
    pub atoms: Vec<Atom>,
    /// An objective of the game (king, crown prince, emperor, prince).
    pub royal: bool,
    /// Range-capture rank (1 great general, 2 vice general, 3 others), None if not a range capturer.
    pub rc_rank: Option<u8>,
    /// Taikyoku: may only make capturing moves while on its furthest rank.
    pub restricted: bool,
}

/// A piece kind as it appears in positions: its code, what it moves as, what it promotes to.
#[derive(Clone, Debug)]
pub struct Kind {
    pub code: String,
    pub base: usize,
    pub promo: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionRule {
    /// Taikyoku, dai dai: compulsory promotion on the first move capturing an enemy piece.
    CaptureCompulsory,
    /// Maka dai dai: optional when capturing unpromoted pieces, compulsory when capturing a
    /// promoted one; deva / dark spirit capture rules.
    Maka,
    /// Ko shogi: docs/ko.md "Promotion" (zone, special promotions, clerk, reversions); the
    /// whole of Ko's move generation and play lives in ko_rules.rs.
    Ko,
    /// Chu shogi (docs/chu.md): zone-entry promotion, lion trading, counter-strike;
    /// its move generation and play live in chu.rs.
    Chu,
    /// Modern Taikyoku (`taikyoku-atsa`): compulsory zone promotion, the site's range capture;
    /// its move generation lives in atsa.rs.
    Atsa,
    /// Dai shogi (dai.rs): chu's zone-entry promotion with a zone of five ranks and the
    /// forward-only pieces' compulsory promotion where they could not move again; no lion
    /// trading, no bare king. Generated and played by chu.rs.
    Dai,
}

/// A variant: board size, piece types, kinds, setup.
#[derive(Debug)]
pub struct Variant {
    pub name: &'static str,
    pub size: usize,
    pub types: Vec<PieceType>,
    pub kinds: Vec<Kind>,
    pub rule: PromotionRule,
    /// Taikyoku's furthest-rank rule is in force.
    pub furthest_rank_rule: bool,
    /// Black's pieces at the start: (row from the top, column from the left, kind).
    pub setup: Vec<(usize, usize, usize)>,
    /// Maka dai dai: the kinds whose capture turns the capturer into a teaching king / Buddhist
    /// spirit (deva, dark spirit).
    pub deva: Option<usize>,
    pub dark_spirit: Option<usize>,
    /// QBoard's emperor (Tai shogi's option, docs/rules-decisions.md): any empty square, any
    /// enemy piece but a royal one its side protects.
    pub qboard_emperor: bool,
    /// Ko shogi: the piece kinds its rules name.
    pub ko: Option<super::ko::KoKinds>,
    /// Modern Taikyoku: the movements read from the site's dialect, and the ranks.
    pub atsa: Option<super::atsa::AtsaData>,
}

impl Variant {
    pub fn kind_by_code(&self, code: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k.code == code)
    }
}

/// Builds a variant from text tables.
/// * `types`: (name, movement) of every piece type.
/// * `kinds`: (code, base type name, promoted type name or "-").
/// * `royal`, `restricted`: type names.
/// * `setup`: rows of Black's setup, top row first, each (row from the top, cells left to right;
///   "." or "" = empty), cell codes mapped through `setup_code` to kind codes.
#[allow(clippy::too_many_arguments)]
pub fn build_variant(
    name: &'static str,
    size: usize,
    types: &[(&str, &str)],
    kinds: &[(&str, &str, &str)],
    royal: &[&str],
    restricted: &[&str],
    rule: PromotionRule,
    setup: Vec<(usize, usize, String)>,
) -> Variant {
    let mut ptypes: Vec<PieceType> = Vec::new();
    for (tname, mv) in types {
        assert!(
            !ptypes.iter().any(|t| t.name == *tname),
            "{name}: duplicate piece type {tname}"
        );
        let atoms = parse_movement(mv).unwrap_or_else(|e| panic!("{name}: {tname}: {e}"));
        let rc_rank = atoms
            .iter()
            .filter_map(|a| match a {
                Atom::RangeCapture { rank, .. } => Some(*rank),
                _ => None,
            })
            .min();
        ptypes.push(PieceType {
            name: tname.to_string(),
            atoms,
            royal: false,
            rc_rank,
            restricted: false,
        });
    }
    let find = |ptypes: &[PieceType], n: &str| -> usize {
        ptypes
            .iter()
            .position(|t| t.name == n)
            .unwrap_or_else(|| panic!("{name}: unknown piece type {n}"))
    };
    for r in royal {
        let i = find(&ptypes, r);
        ptypes[i].royal = true;
    }
    for r in restricted {
        let i = find(&ptypes, r);
        ptypes[i].restricted = true;
    }
    let mut vkinds = Vec::new();
    for (code, base, promo) in kinds {
        assert!(
            !vkinds.iter().any(|k: &Kind| k.code == *code),
            "{name}: duplicate code {code}"
        );
        assert!(
            (1..=3).contains(&code.len()) && code.chars().all(|c| c.is_ascii_uppercase()),
            "{name}: bad code {code}"
        );
        vkinds.push(Kind {
            code: code.to_string(),
            base: find(&ptypes, base),
            promo: if *promo == "-" {
                None
            } else {
                Some(find(&ptypes, promo))
            },
        });
    }
    let mut v = Variant {
        name,
        size,
        types: ptypes,
        kinds: vkinds,
        rule,
        furthest_rank_rule: false,
        setup: Vec::new(),
        deva: None,
        dark_spirit: None,
        qboard_emperor: false,
        ko: None,
        atsa: None,
    };
    for (row, col, code) in setup {
        let k = v
            .kind_by_code(&code)
            .unwrap_or_else(|| panic!("{name}: unknown setup code {code}"));
        assert!(row < size && col < size);
        v.setup.push((row, col, k));
    }
    v
}
