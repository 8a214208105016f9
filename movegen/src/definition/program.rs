//! Movement programs: each piece's atoms compiled, per colour, into mailbox offsets.
//!
//! The move generator interprets these small op lists; nothing else about a piece's movement is
//! hard-coded anywhere.

use std::collections::HashSet;

use crate::board::geometry::{Colour, Geometry};
use crate::definition::betza::{Atom, AtomKind, Modality, ShotClass};
use crate::definition::variant_file::KindId;

/// Modality bit: may end on an empty square.
pub(crate) const MOVE: u8 = 1;
/// Modality bit: may capture.
pub(crate) const CAPTURE: u8 = 2;

/// "No limit" for slide lengths.
pub(crate) const UNLIMITED: u8 = u8::MAX;

/// One compiled movement instruction; `d` is a padded-mailbox offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// Slide up to `max` squares (1 = step).
    Slide {
        /// Padded-mailbox offset of one step along the direction.
        d: i32,
        /// Longest slide (`UNLIMITED`: no limit).
        max: u8,
        /// `MOVE` and/or `CAPTURE`.
        modality: u8,
    },
    /// Leap by `d`.
    Leap {
        /// Padded-mailbox offset of the leap.
        d: i32,
        /// `MOVE` and/or `CAPTURE`.
        modality: u8,
    },
    /// Jump to the `from`..=`to`-th square, then slide on up to `cont` squares.
    JumpSlide {
        /// Padded-mailbox offset of one step along the direction.
        d: i32,
        /// Nearest square of the jump.
        from: u8,
        /// Furthest square of the jump.
        to: u8,
        /// Squares it may slide on after the jump.
        cont: u8,
        /// `MOVE` and/or `CAPTURE`.
        modality: u8,
    },
    /// Slide passing over up to `n` occupied squares, `max` squares in all.
    PassOver {
        /// Padded-mailbox offset of one step along the direction.
        d: i32,
        /// Most occupied squares passed over.
        n: u8,
        /// Longest move.
        max: u8,
        /// `MOVE` and/or `CAPTURE`.
        modality: u8,
    },
    /// Range capture along `d`.
    RangeCapture {
        /// Padded-mailbox offset of one step along the direction.
        d: i32,
    },
    /// Capture any enemy along `d`, jumping over whatever stands between.
    JumpCapture {
        /// Padded-mailbox offset of one step along the direction.
        d: i32,
    },
    /// Hook move: first leg along `d`, optional turn into `p1` or `p2` (0: no turn that way).
    Hook {
        /// Padded-mailbox offset of one step along the direction.
        d: i32,
        /// One direction of the turn (offset of a step), or 0.
        p1: i32,
        /// The other direction of the turn, or 0.
        p2: i32,
    },
    /// Lion moves of up to `n` steps along `d`. `skip_area`: the piece also has the area lion
    /// move, which already yields every outcome within two squares.
    LionLine {
        /// Padded-mailbox offset of one step along the direction.
        d: i32,
        /// Steps along the line.
        n: u8,
        /// The piece also has the area lion move (outcomes within two squares come from it).
        skip_area: bool,
    },
    /// Capture on the adjacent square `d` without moving.
    Igui {
        /// Padded-mailbox offset of the adjacent square.
        d: i32,
    },
    /// The area lion move.
    Lion,
    /// A pass through the empty adjacent square `d` (`{pass}`): walks nothing; the generator
    /// emits the pass once per piece (`Program::pass`) and asks these ops whether one of the
    /// squares is empty.
    Pass {
        /// Padded-mailbox offset of the adjacent square.
        d: i32,
    },
    /// The emperor's move.
    Emperor,
    /// Up to two legs by the vectors `vecs[start..start + len]` (Ko's double movers).
    Double {
        /// First of the leg vectors in the program's vector table.
        start: u16,
        /// How many leg vectors.
        len: u8,
        /// The second leg keeps the first's major direction (or returns to the start).
        same_dir: bool,
    },
    /// Exactly `n` steps by the vectors `vecs[start..start + len]` (thunderclap).
    Steps {
        /// First of the step vectors in the program's vector table.
        start: u16,
        /// How many step vectors.
        len: u8,
        /// Steps in one move.
        n: u8,
    },
    /// One to `n` steps along `d`, capturing every enemy stepped on (roaming assault).
    MultiLine {
        /// Padded-mailbox offset of one step along the direction.
        d: i32,
        /// Most steps.
        n: u8,
    },
    /// Up to `legs` jumps by `vecs[start..start + len]`, each optionally followed by a shot at
    /// an adjacent enemy (priest, monk, fog, light).
    Priest {
        /// First of the jump vectors in the program's vector table.
        start: u16,
        /// How many jump vectors.
        len: u8,
        /// Most jumps in one move.
        legs: u8,
    },
}

/// How a piece shoots (Ko shogi).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shooter {
    /// Who shoots (for the targets' immunities).
    pub(crate) class: ShotClass,
    /// Maximum distance.
    pub(crate) range: u8,
    /// Shots per move.
    pub(crate) shots: u8,
}

/// A slide (or step) split out of the op list: the generator's hot path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SlideOp {
    /// Padded offset of one step.
    pub(crate) d: i32,
    /// Maximum number of squares ([`UNLIMITED`] for no limit).
    pub(crate) max: u8,
    /// [`MOVE`] / [`CAPTURE`] bits.
    pub(crate) modality: u8,
}

/// A leap split out of the op list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LeapOp {
    /// Padded offset of the leap.
    pub(crate) d: i32,
    /// [`MOVE`] / [`CAPTURE`] bits.
    pub(crate) modality: u8,
}

/// A piece's compiled movement for one colour.
#[derive(Clone, Debug, Default)]
pub(crate) struct Program {
    /// The instructions, in file order.
    pub(crate) ops: Vec<Op>,
    /// The slides of `ops`, for the generator's fast loop.
    pub(crate) slides: Vec<SlideOp>,
    /// The leaps of `ops`.
    pub(crate) leaps: Vec<LeapOp>,
    /// Everything in `ops` that is neither a slide nor a leap.
    pub(crate) rest: Vec<Op>,
    /// Two instructions can reach the same square: simple moves must be de-duplicated.
    pub(crate) dedup: bool,
    /// The piece has a pass move (lion powers, `{pass}`): emitted once, by the generator.
    pub(crate) pass: bool,
    /// Its pass always needs an empty square to step out to (it comes only from `{pass}`
    /// atoms, not from a lion's powers, whose pass needs one only under `pass-needs-empty`).
    pub(crate) pass_needs_step: bool,
    /// Moves as the emperor (generated by the position, which knows the attacks).
    pub(crate) emperor: bool,
    /// The form may still promote (filled in by the variant): the generator reads it with the
    /// program rather than from the form, one memory access fewer per piece.
    pub(crate) can_promote: bool,
    /// Padded-index range `[lo, hi)` of the furthest rank when the piece may only capture
    /// there (`last-rank-capture-only`); empty otherwise.
    pub(crate) capture_only_zone: (u16, u16),
    /// Vectors of the multi-leg ops.
    pub(crate) vecs: Vec<i32>,
    /// For each vector, its major direction (0..4), for the cavalry's same-direction rule.
    pub(crate) vec_group: Vec<u8>,
    /// How the piece shoots, if it does.
    pub(crate) shoot: Option<Shooter>,
    /// It burns the enemy pieces around where it ends its move.
    pub(crate) burns: bool,
    /// Kinds the priest jumps may capture (filled in by the variant).
    pub(crate) priest_targets: Vec<KindId>,
    /// Its forward step (padded offset), and the kinds one of which its side needs to keep it
    /// (filled in by the variant; Ko's pawns and drum).
    pub(crate) forward_needs: Option<(i32, Vec<KindId>)>,
    /// Bound on its candidate moves in a Ko position (filled in by the variant): the Ko
    /// generator picks a buffer that size.
    pub(crate) zone_cands: usize,
}

fn modality_bits(m: Modality) -> u8 {
    match m {
        Modality::Both => MOVE | CAPTURE,
        Modality::MoveOnly => MOVE,
        Modality::CaptureOnly => CAPTURE,
    }
}

/// Compiles a kind's atoms for `colour` on `geo`.
pub(crate) fn compile(atoms: &[Atom], colour: Colour, geo: &Geometry) -> Result<Program, String> {
    // Relative (x right, y forward) -> board (dcol, drow).
    let orient = |(x, y): (i8, i8)| -> (i32, i32) {
        match colour {
            Colour::Black => (x as i32, -(y as i32)),
            Colour::White => (-(x as i32), y as i32),
        }
    };
    let delta = |v: (i8, i8)| {
        let (c, r) = orient(v);
        geo.delta(c, r)
    };
    let has_lion = atoms.iter().any(|a| a.kind == AtomKind::Lion);
    let mut prog = Program::default();
    let group = |(x, y): (i8, i8)| -> u8 {
        if y.abs() > x.abs() {
            if y > 0 {
                0
            } else {
                1
            }
        } else if x > 0 {
            2
        } else {
            3
        }
    };
    let push_vecs = |prog: &mut Program, dirs: &[(i8, i8)]| -> Result<(u16, u8), String> {
        let start = prog.vecs.len();
        for &v in dirs {
            prog.vecs.push(delta(v));
            prog.vec_group.push(group(v));
        }
        if dirs.len() > 255 || start > u16::MAX as usize {
            return Err("too many vectors".into());
        }
        Ok((start as u16, dirs.len() as u8))
    };
    let mut line_dirs: HashSet<(i8, i8)> = HashSet::new();
    for a in atoms {
        let m = modality_bits(a.modality);
        match a.kind {
            AtomKind::Slide { max } => {
                for &v in &a.dirs {
                    prog.ops.push(Op::Slide {
                        d: delta(v),
                        max: if max == 0 { UNLIMITED } else { max },
                        modality: m,
                    });
                }
            }
            AtomKind::Leap => {
                for &v in &a.dirs {
                    prog.ops.push(Op::Leap {
                        d: delta(v),
                        modality: m,
                    });
                }
            }
            AtomKind::JumpSlide { from, to, cont } => {
                for &v in &a.dirs {
                    prog.ops.push(Op::JumpSlide {
                        d: delta(v),
                        from,
                        to,
                        cont: if cont == 0 { UNLIMITED } else { cont },
                        modality: m,
                    });
                }
            }
            AtomKind::PassOver { n, max } => {
                for &v in &a.dirs {
                    prog.ops.push(Op::PassOver {
                        d: delta(v),
                        n,
                        max: if max == 0 { UNLIMITED } else { max },
                        modality: m,
                    });
                }
            }
            AtomKind::RangeCapture => {
                for &v in &a.dirs {
                    prog.ops.push(Op::RangeCapture { d: delta(v) });
                }
            }
            AtomKind::JumpCapture => {
                for &v in &a.dirs {
                    prog.ops.push(Op::JumpCapture { d: delta(v) });
                }
            }
            AtomKind::Hook { within } => {
                // `hh`: the turn only into another of the atom's directions.
                let turn = |v: (i8, i8)| {
                    if !within || a.dirs.contains(&v) {
                        delta(v)
                    } else {
                        0
                    }
                };
                for &(x, y) in &a.dirs {
                    prog.ops.push(Op::Hook {
                        d: delta((x, y)),
                        p1: turn((-y, x)),
                        p2: turn((y, -x)),
                    });
                }
            }
            AtomKind::LionLine { n } => {
                for &v in &a.dirs {
                    if !line_dirs.insert(v) {
                        return Err(format!(
                            "'{}' repeats a lion-line direction of another atom",
                            a.text
                        ));
                    }
                    prog.ops.push(Op::LionLine {
                        d: delta(v),
                        n,
                        skip_area: has_lion,
                    });
                }
                prog.pass = true;
            }
            AtomKind::Igui => {
                if has_lion {
                    continue; // the lion's igui already covers it
                }
                for &v in &a.dirs {
                    prog.ops.push(Op::Igui { d: delta(v) });
                }
            }
            AtomKind::Lion => {
                if prog.ops.contains(&Op::Lion) {
                    return Err("{lion} is given twice".into());
                }
                prog.ops.push(Op::Lion);
                prog.pass = true;
            }
            AtomKind::Pass => {
                for &v in &a.dirs {
                    prog.ops.push(Op::Pass { d: delta(v) });
                }
                prog.pass = true;
            }
            AtomKind::Emperor => prog.ops.push(Op::Emperor),
            AtomKind::Double { same_dir } => {
                let (start, len) = push_vecs(&mut prog, &a.dirs)?;
                prog.ops.push(Op::Double {
                    start,
                    len,
                    same_dir,
                });
            }
            AtomKind::Steps { n } => {
                let (start, len) = push_vecs(&mut prog, &a.dirs)?;
                prog.ops.push(Op::Steps { start, len, n });
            }
            AtomKind::MultiLine { n } => {
                for &v in &a.dirs {
                    prog.ops.push(Op::MultiLine { d: delta(v), n });
                }
            }
            AtomKind::Priest { legs } => {
                let (start, len) = push_vecs(&mut prog, &a.dirs)?;
                prog.ops.push(Op::Priest { start, len, legs });
            }
            AtomKind::Shoot {
                class,
                range,
                shots,
            } => {
                if prog.shoot.is_some() {
                    return Err("two shooting atoms".into());
                }
                prog.shoot = Some(Shooter {
                    class,
                    range,
                    shots,
                });
            }
            AtomKind::Burn => prog.burns = true,
        }
    }
    prog.dedup = needs_dedup(atoms);
    prog.pass_needs_step = prog.pass
        && !prog
            .ops
            .iter()
            .any(|op| matches!(op, Op::Lion | Op::LionLine { .. }));
    for &op in &prog.ops {
        match op {
            Op::Slide { d, max, modality } => prog.slides.push(SlideOp { d, max, modality }),
            Op::Leap { d, modality } => prog.leaps.push(LeapOp { d, modality }),
            other => prog.rest.push(other),
        }
    }
    Ok(prog)
}

/// Whether two atoms (or one atom with itself) can reach the same square with a simple move.
fn needs_dedup(atoms: &[Atom]) -> bool {
    const FAR: i32 = 40;
    let mut seen: Vec<(i32, i32)> = Vec::new();
    for a in atoms {
        let mut mine: Vec<(i32, i32)> = Vec::new();
        let ray = |mine: &mut Vec<(i32, i32)>, (x, y): (i8, i8), lo: i32, hi: i32| {
            for k in lo..=hi {
                mine.push((x as i32 * k, y as i32 * k));
            }
        };
        let lim = |max: u8| if max == 0 { FAR } else { max as i32 };
        match a.kind {
            AtomKind::Slide { max } => a.dirs.iter().for_each(|&v| ray(&mut mine, v, 1, lim(max))),
            AtomKind::Leap => a.dirs.iter().for_each(|&v| ray(&mut mine, v, 1, 1)),
            AtomKind::JumpSlide { from, to, cont } => {
                if from != to {
                    return true;
                }
                let hi = if cont == 0 {
                    FAR
                } else {
                    to as i32 + cont as i32
                };
                a.dirs
                    .iter()
                    .for_each(|&v| ray(&mut mine, v, from as i32, hi))
            }
            AtomKind::PassOver { max, .. } => {
                a.dirs.iter().for_each(|&v| ray(&mut mine, v, 1, lim(max)))
            }
            AtomKind::RangeCapture | AtomKind::JumpCapture => {
                a.dirs.iter().for_each(|&v| ray(&mut mine, v, 1, FAR))
            }
            AtomKind::Hook { .. } | AtomKind::Emperor => return true,
            AtomKind::LionLine { n } => a.dirs.iter().for_each(|&v| ray(&mut mine, v, 1, n as i32)),
            AtomKind::Igui | AtomKind::Pass | AtomKind::Shoot { .. } | AtomKind::Burn => {}
            AtomKind::Double { .. }
            | AtomKind::Steps { .. }
            | AtomKind::MultiLine { .. }
            | AtomKind::Priest { .. } => return true,
            AtomKind::Lion => {
                for x in -2..=2 {
                    for y in -2..=2 {
                        if (x, y) != (0, 0) {
                            mine.push((x, y));
                        }
                    }
                }
            }
        }
        // A square twice in one atom's reach, or in an earlier atom's (sorted lists rather
        // than hash sets: Taikyoku compiles some 600 programs of hundreds of squares each).
        mine.sort_unstable();
        if mine.windows(2).any(|w| w[0] == w[1])
            || mine.iter().any(|p| seen.binary_search(p).is_ok())
        {
            return true;
        }
        seen.extend(mine);
        seen.sort_unstable();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::definition::betza::parse;

    fn prog(s: &str) -> Program {
        let g = Geometry::new(9, 9).unwrap();
        compile(&parse(s).unwrap(), Colour::Black, &g).unwrap()
    }

    #[test]
    fn black_forward_is_up_and_white_is_rotated() {
        let g = Geometry::new(9, 9).unwrap();
        let b = compile(&parse("fW").unwrap(), Colour::Black, &g).unwrap();
        let w = compile(&parse("fW").unwrap(), Colour::White, &g).unwrap();
        let stride = g.stride() as i32;
        assert_eq!(
            b.ops,
            vec![Op::Slide {
                d: -stride,
                max: 1,
                modality: 3
            }]
        );
        assert_eq!(
            w.ops,
            vec![Op::Slide {
                d: stride,
                max: 1,
                modality: 3
            }]
        );
        // Black's left is toward the higher file numbers, i.e. lower columns.
        let l = compile(&parse("lW").unwrap(), Colour::Black, &g).unwrap();
        assert_eq!(
            l.ops,
            vec![Op::Slide {
                d: -1,
                max: 1,
                modality: 3
            }]
        );
    }

    #[test]
    fn dedup_only_where_atoms_overlap() {
        assert!(!prog("WfF").dedup);
        assert!(!prog("R B").dedup);
        assert!(prog("Q fj2R").dedup);
        assert!(prog("fR fD").dedup);
        assert!(prog("hR").dedup);
        assert!(prog("Q j2-3R").dedup);
        assert!(!prog("B vR zvR").dedup || prog("B vR zvR").dedup); // z overlaps vR
        assert!(prog("B vR zvR").dedup);
        assert!(!prog("xB D").dedup);
        assert!(prog("{lion} Q3").dedup);
        assert!(!prog("{lion}").dedup);
        assert!(!prog("yK3").dedup);
    }

    #[test]
    fn lion_drops_redundant_igui() {
        let p = prog("{lion} iK");
        assert_eq!(p.ops, vec![Op::Lion]);
        assert!(p.pass);
    }
}
