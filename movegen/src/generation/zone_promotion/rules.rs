//! Zone promotion's compiled rules: the `[rules]` section's special promotions, reversions
//! and zone-entry record as tables ([`ZonePromotionRules`]), the shooters' line masks
//! ([`ShotLines`]), and the checks that a program fits the generator's buffers. The compiled
//! variant holds them and `definition/compile.rs` builds them; the generator (`mod.rs`) reads
//! them. Nothing here reads a compiled variant, so the variant can hold these tables without
//! the two modules importing each other.

use crate::board::geometry::Geometry;
use crate::definition::betza::{Atom, AtomKind, ShotClass};
use crate::definition::piece::{FormId, PerForm};
use crate::definition::program::{Op, Program, UNLIMITED};
use crate::definition::variant_file::{FormRef, KindId, PerKind, RulesDef};
use crate::generation::attacks::square_masks;

/// The rules of zone promotion (`promotion = zone N`) with the special promotions and
/// reversions of the `[rules]` section, compiled for fast lookup. Ko shogi is the built-in
/// variant that uses them.
#[derive(Clone, Debug, Default)]
pub(crate) struct ZonePromotionRules {
    /// Rows of the promotion zone.
    pub(crate) zone: u8,
    /// Commander groups (base kinds), besides royal pieces.
    pub(crate) commander_groups: Vec<Vec<KindId>>,
    /// By kind: capturing it (either side up) promotes the capturer.
    pub(crate) commanding: PerKind<bool>,
    /// By form: a step mover capturing it promotes.
    pub(crate) step_target: PerForm<bool>,
    /// By kind: the kinds whose capture promotes it.
    pub(crate) capture_promotes: PerKind<Vec<KindId>>,
    /// By kind: allied kinds promoting with it.
    pub(crate) promote_with: PerKind<Vec<KindId>>,
    /// By kind: enemy forms removed when it promotes.
    pub(crate) kill_on_promotion: PerKind<Vec<FormId>>,
    /// By kind: the zone-entry bits its side needs before it may promote in the zone.
    pub(crate) zone_needs: PerKind<u8>,
    /// By kind: its zone-entry bit (0 = not tracked).
    pub(crate) zone_bit: PerKind<u8>,
    /// Zone-entry letters by bit index.
    pub(crate) letters: Vec<char>,
    /// By kind: the kinds one of which its side needs to promote or stay promoted.
    pub(crate) needs_alive: PerKind<Option<Vec<KindId>>>,
    /// (form that reverts, form that makes it revert, distance).
    pub(crate) reverts_near: Vec<(FormId, FormId, u8)>,
    /// Promoted forms of the kinds in `needs_alive`, with the kinds they need.
    pub(crate) needs_alive_forms: Vec<(FormId, Vec<KindId>)>,
    /// Where shots can reach ([`ShotLines`]), for the shooters' ranges.
    pub(crate) shot_lines: ShotLines,
}

/// Per shooting range the variant's pieces have, per dense square: a board mask of the squares
/// on the eight king lines from it within that range. A shot hits only an enemy piece on one of
/// them, so a landing whose mask holds no enemy piece has no shot to look for; most landings
/// are far from the enemy, and the scan of up to 8 x 9 cells from each was a fifth of a Ko
/// search.
#[derive(Clone, Debug, Default)]
pub(crate) struct ShotLines {
    /// Words of a board mask.
    words: usize,
    /// By range: `words` words per dense square (empty for a range no piece has).
    by_range: Vec<Vec<u64>>,
}

impl ShotLines {
    /// The masks of `ranges` on the board of `geo`.
    pub(crate) fn new(geo: &Geometry, ranges: impl Iterator<Item = u8>) -> Self {
        let words = geo.squares().div_ceil(64);
        let mut by_range: Vec<Vec<u64>> = Vec::new();
        for r in ranges {
            let r = r as usize;
            if by_range.len() <= r {
                by_range.resize(r + 1, Vec::new());
            }
            if !by_range[r].is_empty() {
                continue;
            }
            by_range[r] = square_masks(geo, |dr, dc| {
                (dr == 0 || dc == 0 || dr == dc) && (1..=r).contains(&dr.max(dc))
            });
        }
        ShotLines { words, by_range }
    }

    /// Whether `occupied` (a board mask's words) holds a square within `range` of the dense
    /// square `at` along a king line. True for a range without masks.
    #[inline]
    pub(crate) fn any_within(&self, at: usize, range: u8, occupied: &[u64]) -> bool {
        match self.by_range.get(range as usize) {
            Some(m) if !m.is_empty() => m[at * self.words..][..self.words]
                .iter()
                .zip(occupied)
                .any(|(a, b)| a & b != 0),
            _ => true,
        }
    }
}

impl ZonePromotionRules {
    /// Compiles the `[rules]` of a variant with `kinds` kinds.
    pub(crate) fn new(r: &RulesDef, kinds: usize, zone: u8) -> ZonePromotionRules {
        let form = |f: &FormRef| FormId::of(f.kind, f.promoted);
        let mut k = ZonePromotionRules {
            zone,
            commander_groups: r.commanders.clone(),
            commanding: PerKind::new(kinds, false),
            step_target: PerForm::new(kinds, false),
            capture_promotes: PerKind::new(kinds, Vec::new()),
            promote_with: PerKind::new(kinds, Vec::new()),
            kill_on_promotion: PerKind::new(kinds, Vec::new()),
            zone_needs: PerKind::new(kinds, 0),
            zone_bit: PerKind::new(kinds, 0),
            letters: Vec::new(),
            needs_alive: PerKind::new(kinds, None),
            needs_alive_forms: Vec::new(),
            shot_lines: ShotLines::default(),
            reverts_near: r
                .reverts_near
                .iter()
                .map(|(a, b, d)| (form(a), form(b), *d))
                .collect(),
        };
        for &c in &r.commanding {
            k.commanding[c] = true;
        }
        for f in &r.step_capture_promotes {
            k.step_target[form(f)] = true;
        }
        for (a, b) in &r.capture_promotes {
            k.capture_promotes[*a].extend(b);
        }
        for (a, b) in &r.promote_with {
            k.promote_with[*a].extend(b);
        }
        for (a, b) in &r.kill_on_promotion {
            k.kill_on_promotion[*a].extend(b.iter().map(form));
        }
        for (i, &(kind, letter)) in r.zone_letters.iter().enumerate() {
            k.zone_bit[kind] = 1 << i;
            k.letters.push(letter);
        }
        for (a, b) in &r.zone_promotion_needs {
            k.zone_needs[*a] = b.iter().map(|&x| k.zone_bit[x]).fold(0, |x, y| x | y);
        }
        for (kinds_, needed) in &r.needs_alive {
            for &x in kinds_ {
                k.needs_alive[x] = Some(needed.clone());
                k.needs_alive_forms
                    .push((FormId::of(x, true), needed.clone()));
            }
        }
        k
    }
}

/// Why the zone-promotion generator cannot generate a compiled program, or `None` when it
/// can. It generates steps, slides and leaps, the lion's area move (`{lion}`) and igui (`i`),
/// the multi-leg moves (`{double}`, `{steps}`, `{line}`), the priests' jumps, and layers shots,
/// burning and the promotion choices on top of where a movement ends. `Variant::compile`
/// names the kind in front of the reason.
pub(crate) fn unsupported(prog: &Program) -> Option<String> {
    for op in &prog.ops {
        let why = match op {
            Op::Slide { .. }
            | Op::Leap { .. }
            | Op::Lion
            | Op::Pass { .. }
            | Op::Igui { .. }
            | Op::Double { .. }
            | Op::Steps { .. }
            | Op::MultiLine { .. }
            | Op::Priest { .. } => continue,
            Op::RangeCapture { .. } => {
                "range capture ('x') is not available with zone promotion: it removes any number \
                 of pieces, friend or foe, and a move there holds at most \
                 5 captured enemy pieces"
            }
            Op::LionLine { .. } => {
                "the lion line ('y') is not available with zone promotion: its legs stop on empty \
                 squares, which zone promotion counts as stops between legs, and the movement \
                 interpreter does not report them"
            }
            Op::Emperor => {
                "the emperor is not available with zone promotion: its jumps depend on attack \
                 maps, which that generator does not compute"
            }
            Op::JumpSlide { .. }
            | Op::PassOver { .. }
            | Op::JumpCapture { .. }
            | Op::Hook { .. } => {
                "jumping slides ('j'), passing over ('u'), jumping captures ('z') and hook moves \
                 ('h') are not available with zone promotion yet (its generator takes steps, \
                 slides, leaps, {lion}, igui ('i'), {double}, {steps}, {line}, {priest}, \
                 {shoot} and {burn})"
            }
        };
        return Some(why.into());
    }
    let captures_on_the_way = prog.ops.iter().any(|op| {
        matches!(
            op,
            Op::Lion
                | Op::Igui { .. }
                | Op::Double { .. }
                | Op::Steps { .. }
                | Op::MultiLine { .. }
        )
    });
    if prog.shoot.is_some() && captures_on_the_way {
        return Some(
            "a shooting piece cannot also have a move that captures on the way ({lion}, igui \
             ('i'), {double}, {steps}, {line}): a move records either shots or captures before \
             its last leg, not both"
                .into(),
        );
    }
    None
}

/// A bound on a supported program's candidate moves (before duplicates are removed), or why
/// it could overflow the generator's fixed buffers: its landings (distinct destination and
/// capture sets before shooting) or its candidates. `longest_line` bounds an unlimited slide.
pub(crate) fn candidate_bound(prog: &Program, longest_line: usize) -> Result<usize, String> {
    let mut landings = 0usize;
    let mut priest = 0usize;
    for op in &prog.ops {
        if let Op::Steps { n, .. } | Op::MultiLine { n, .. } = *op {
            if n as usize > MAX_LANDING_CAPTURES {
                return Err(format!(
                    "{n} steps in one move; a zone-promotion variant allows up to {MAX_LANDING_CAPTURES}"
                ));
            }
        }
        match *op {
            Op::Slide { max, .. } => {
                landings += if max == UNLIMITED {
                    longest_line
                } else {
                    max as usize
                }
            }
            Op::Leap { .. } => landings += 1,
            Op::Double { len, .. } => landings += len as usize * (len as usize + 2),
            Op::Steps { len, n, .. } => {
                landings = landings.saturating_add((len as usize).saturating_pow(n as u32))
            }
            Op::MultiLine { n, .. } => landings += n as usize,
            // One or two king steps (8 first legs, each followed by a return or 8 second
            // legs), 16 jumps, the pass.
            Op::Lion => landings += 8 * 10 + 16 + 1,
            Op::Igui { .. } | Op::Pass { .. } => landings += 1,
            Op::Priest { len, legs, .. } => {
                let l = len as usize;
                let second = if legs >= 2 { 9 * l * 9 } else { 0 };
                priest += 8 + l * (9 + second);
            }
            _ => {}
        }
    }
    if landings > MAX_LANDINGS {
        return Err(format!(
            "up to {landings} distinct landings; the generator holds {MAX_LANDINGS}"
        ));
    }
    // Shot choices from one square: none, one, or two (each of up to `targets`).
    let shots = prog.shoot.map_or(0, |sh| {
        let targets = if sh.class == ShotClass::Cannon {
            8 * sh.range as usize
        } else {
            8
        };
        targets + if sh.shots >= 2 { targets * targets } else { 0 }
    });
    // Each landing without or with shots, plus shots without moving.
    let cands = landings * (1 + shots) + shots + priest;
    if cands > MAX_CANDS {
        return Err(format!(
            "up to {cands} candidate moves per position; the generator holds {MAX_CANDS}"
        ));
    }
    Ok(cands)
}

/// Whether a kind's movement makes it a step mover (every move a single step; shooting and
/// burning allowed).
pub(crate) fn is_step_mover(atoms: &[Atom]) -> bool {
    let mut any = false;
    for a in atoms {
        match a.kind {
            AtomKind::Slide { max: 1 } => {
                any = true;
                if a.dirs.iter().any(|&(x, y)| x.abs() > 1 || y.abs() > 1) {
                    return false;
                }
            }
            AtomKind::Shoot { .. } | AtomKind::Burn => {}
            _ => return false,
        }
    }
    any
}

/// Most pieces one movement of a zone-promotion piece captures (Ko's longest: five steps).
pub(super) const MAX_LANDING_CAPTURES: usize = 5;

/// Bound on distinct landings: the thunderclap's five orthogonal steps have at most 4^5 paths.
pub(super) const MAX_LANDINGS: usize = 1024;
/// Bound on candidates before duplicates are removed. The largest producer is the fog or light:
/// 8 shots in place, and for each of its 8 first jumps 1 + 8 (shot) ways to stand there and
/// 9 x 8 x 9 two-jump continuations: 8 + 8 x 657 = 5264. The chariot of the gods is next, at
/// 41 landings x (1 + 8 + 8 x 8) shot choices = 2993.
pub(super) const MAX_CANDS: usize = 5376;

#[cfg(test)]
mod tests {
    use super::ShotLines;
    use crate::board::geometry::Geometry;

    /// On a 19x19 board, from 10j (the centre): a range-3 mask holds the 24 squares one to
    /// three steps away along the eight king lines, and nothing else (not the centre, not a
    /// knight's leap, not four along a line); a range-7 mask the 56 squares to seven away.
    /// Near a corner the lines are cut by the edge. A range without masks answers true.
    #[test]
    fn shot_lines_hold_the_king_lines_within_range() {
        let geo = Geometry::new(19, 19).unwrap();
        let lines = ShotLines::new(&geo, [3u8, 7, 3].into_iter());
        let words = geo.squares().div_ceil(64);
        let only = |col: usize, row: usize| {
            let mut occ = vec![0u64; words];
            let d = geo.dense(geo.square(col, row)).index();
            occ[d / 64] |= 1 << (d % 64);
            occ
        };
        let centre = geo.dense(geo.square(9, 9)).index();
        let count = |range: u8, at: usize| {
            geo.all_squares()
                .filter(|&s| lines.any_within(at, range, &only(geo.col(s), geo.row(s))))
                .count()
        };
        assert_eq!(count(3, centre), 24);
        assert_eq!(count(7, centre), 56);
        assert!(
            lines.any_within(centre, 3, &only(12, 12)),
            "three along a diagonal"
        );
        assert!(
            lines.any_within(centre, 3, &only(9, 6)),
            "three along a file"
        );
        assert!(
            !lines.any_within(centre, 3, &only(9, 5)),
            "four along a file"
        );
        assert!(
            !lines.any_within(centre, 3, &only(10, 11)),
            "a knight's leap"
        );
        assert!(
            !lines.any_within(centre, 3, &only(9, 9)),
            "the square itself"
        );
        assert!(
            lines.any_within(centre, 7, &only(16, 2)),
            "seven along a diagonal"
        );
        // From the corner 1a (col 0, row 0) the lines run only three ways.
        let corner = geo.dense(geo.square(0, 0)).index();
        assert_eq!(count(3, corner), 9);
        // No piece shoots at range 5 here: no mask, so no square is ruled out.
        assert!(lines.any_within(centre, 5, &only(0, 18)));
        assert!(lines.any_within(centre, 5, &vec![0u64; words]));
    }
}
