//! Building the reach tables ([`ReachTables`]): each program walked on the empty board by the
//! movement interpreter, recording where it could capture and by what kind of move. The
//! compiled variant's compilation calls [`reach_tables`] once its programs are set.

use std::collections::HashMap;

use crate::board::geometry::Square;
use crate::board::position::empty_mailbox;
use crate::definition::piece::Piece;
use crate::definition::program::{Op, CAPTURE};
use crate::definition::variant::Variant;
use crate::generation::interp::{Ctx, Visitor, Walker};

use super::reach::{
    is_near_or_on_line, near_masks, near_or_line_masks, region, ReachTables, COMPLEX, NEAR, RAY,
    REGIONS, UNBLOCKABLE,
};

/// Records displacements (as reach-table indices) at which a piece could capture, into the
/// table of the class of the op being walked.
struct ReachRecorder<'t> {
    tables: &'t ReachTables,
    from: usize,
    class: usize,
    bits: Vec<u64>,
    /// The displacements reached with any modality (moves to empty squares too).
    moved: Vec<u64>,
}

impl Visitor for ReachRecorder<'_> {
    const MOVES: bool = false;

    #[inline]
    fn reach(&mut self, _cx: &Ctx, to: usize, _p: Piece, modality: u8) {
        let i = self.tables.index(self.from, to);
        if modality != 0 {
            self.moved[i / 64] |= 1 << (i % 64);
        }
        if modality & CAPTURE != 0 {
            let w = self.class * self.tables.words + i / 64;
            self.bits[w] |= 1 << (i % 64);
        }
    }
}

/// Records, for one slide or op of a program, the regions (see [`region`]) in which it could
/// capture.
struct RegionRecorder<'t> {
    row_col: &'t [(u8, u8)],
    from: usize,
    bit: u64,
    masks: [u64; REGIONS],
}

impl Visitor for RegionRecorder<'_> {
    const MOVES: bool = false;

    #[inline]
    fn reach(&mut self, _cx: &Ctx, to: usize, _p: Piece, modality: u8) {
        if modality & CAPTURE != 0 {
            self.masks[region(self.row_col[self.from], self.row_col[to])] |= self.bit;
        }
    }
}

/// Whether the piece `p` removes enemy pieces in ways its reach table does not hold: Ko's
/// shots (from any landing, along lines within range), burns (around a landing), priests'
/// jumps and the promotions that remove enemy forms. Such a piece is never near-only, so
/// captures-only generation walks it wherever it stands.
pub(super) fn captures_afar(v: &Variant, p: Piece) -> bool {
    let prog = &v.programs[p.index()];
    prog.shoot.is_some()
        || prog.burns
        || prog.ops.iter().any(|o| matches!(o, Op::Priest { .. }))
        || (v.form(p).can_promote
            && v.zone_promotion
                .as_ref()
                .is_some_and(|z| !z.kill_on_promotion[v.form(p).kind].is_empty()))
}

/// The reach tables of a compiled variant (its programs and geometry are set).
pub(crate) fn reach_tables(v: &Variant) -> ReachTables {
    let geo = &v.geo;
    let (files, ranks) = (geo.files(), geo.ranks());
    let width = 2 * files - 1;
    let mut rc = vec![0u16; geo.padded_len()];
    let mut row_col = vec![(0u8, 0u8); geo.padded_len()];
    for sq in geo.all_squares() {
        rc[sq.index()] = (geo.row(sq) * width + geo.col(sq)) as u16;
        row_col[sq.index()] = (geo.row(sq) as u8, geo.col(sq) as u8);
    }
    let size = (2 * ranks - 1) * width;
    let words = size.div_ceil(64);
    let mut t = ReachTables {
        rc,
        row_col,
        base: (ranks - 1) * width + (files - 1),
        words,
        table_of: vec![0; v.programs.len()],
        bits: vec![0; 3 * words],
        ..Default::default()
    };
    // Origins: every square of boards up to 200 squares; on bigger boards the corners,
    // the middles of the edges and the centre, from which every displacement that fits on
    // the board is walked (paths from a corner run across the whole board).
    let origins: Vec<Square> = if geo.squares() <= 200 {
        geo.all_squares().collect()
    } else {
        let (l, r) = (0, files - 1);
        let (top, bottom) = (0, ranks - 1);
        let (mc, mr) = (files / 2, ranks / 2);
        [
            (l, top),
            (r, top),
            (l, bottom),
            (r, bottom),
            (mc, top),
            (mc, bottom),
            (l, mr),
            (r, mr),
            (mc, mr),
        ]
        .iter()
        .map(|&(c, r)| geo.square(c, r))
        .collect()
    };
    let empty = empty_mailbox(geo);
    let mut region_ops = vec![[0u64; REGIONS]; v.programs.len()];
    let mut moved = vec![Vec::new(); v.programs.len()];
    let mut seen: HashMap<Vec<u64>, u16> = Default::default();
    seen.insert(vec![0; 3 * words], 0);
    for (i, prog) in v.programs.iter().enumerate() {
        if i < 2 || v.form(Piece(i as u16)).emperor || !v.form(Piece(i as u16)).exists {
            continue;
        }
        let mut rec = ReachRecorder {
            tables: &t,
            from: 0,
            class: COMPLEX,
            bits: vec![0; 3 * words],
            moved: vec![0; words],
        };
        for &o in &origins {
            rec.from = o.index();
            let f = o.0 as i32;
            for s in &prog.slides {
                rec.class = if v.king_steps.contains(&s.d) {
                    RAY
                } else {
                    COMPLEX
                };
                let mut w = Walker::new(v, &empty[..], o, &mut rec);
                w.set_piece(o, Piece(i as u16));
                w.slide(f, s.d, s.max, s.modality);
            }
            for l in &prog.leaps {
                rec.class = UNBLOCKABLE;
                let mut w = Walker::new(v, &empty[..], o, &mut rec);
                w.set_piece(o, Piece(i as u16));
                w.leap(f + l.d, l.modality);
            }
            for &op in &prog.rest {
                rec.class = match op {
                    Op::Lion | Op::Igui { .. } | Op::LionLine { .. } | Op::JumpCapture { .. } => {
                        UNBLOCKABLE
                    }
                    _ => COMPLEX,
                };
                let mut w = Walker::new(v, &empty[..], o, &mut rec);
                w.set_piece(o, Piece(i as u16));
                w.op(op, prog);
            }
        }
        // Which slides and rest ops capture in each region (a program with more than 64 is
        // walked whole, see `reaches_in`).
        let mut regions = RegionRecorder {
            row_col: &t.row_col,
            from: 0,
            bit: 0,
            masks: [0; REGIONS],
        };
        if prog.slides.len() + prog.rest.len() <= 64 {
            for j in 0..prog.slides.len() + prog.rest.len() {
                regions.bit = 1 << j;
                for &o in &origins {
                    regions.from = o.index();
                    let mut w = Walker::new(v, &empty[..], o, &mut regions);
                    w.set_piece(o, Piece(i as u16));
                    match prog.slides.get(j) {
                        Some(s) => w.slide(o.0 as i32, s.d, s.max, s.modality),
                        None => w.op(prog.rest[j - prog.slides.len()], prog),
                    }
                }
            }
        }
        region_ops[i] = regions.masks;
        moved[i] = rec.moved;
        let bits = rec.bits;
        let next = seen.len() as u16;
        let id = *seen.entry(bits.clone()).or_insert_with(|| {
            t.bits.extend_from_slice(&bits);
            next
        });
        t.table_of[i] = id;
    }
    t.region_ops = region_ops;
    t.near_or_line = near_or_line_masks(geo);
    (t.near, t.near_words) = near_masks(geo);
    t.mask_words = geo.squares().div_ceil(64);
    // Far-reaching pieces: a displacement in a table that is neither near nor on a king line.
    let regular = |idx: usize| {
        let dr = (idx / width).abs_diff(ranks - 1);
        let dc = (idx % width).abs_diff(files - 1);
        is_near_or_on_line(dr, dc)
    };
    t.near_only = vec![false; v.programs.len()];
    t.afar = vec![false; v.programs.len()];
    for (i, moved) in moved.iter().enumerate().skip(2) {
        let p = Piece(i as u16);
        let f = v.form(p);
        let c = p.colour().index();
        let kind_bb = (f.moves_as.index() * 2 + c) as u16;
        if f.exists && f.emperor {
            // It moves anywhere: a far-mover and an emperor (the reach tables leave it
            // out).
            t.far_movers[c].push(kind_bb);
            t.emperors[c].push(kind_bb);
        }
        if !f.exists || f.emperor {
            continue;
        }
        let base = t.table_of[i] as usize * 3 * words;
        // Whether it might capture at a displacement neither near nor on a king line
        // (far), and whether only within NEAR steps (near only).
        let (mut far, mut near_only) = (false, true);
        for w in 0..words {
            let mut any =
                t.bits[base + w] | t.bits[base + words + w] | t.bits[base + 2 * words + w];
            while any != 0 {
                let idx = w * 64 + any.trailing_zeros() as usize;
                any &= any - 1;
                let dr = (idx / width).abs_diff(ranks - 1);
                let dc = (idx % width).abs_diff(files - 1);
                far |= !is_near_or_on_line(dr, dc);
                near_only &= dr.max(dc) <= NEAR;
            }
        }
        if far {
            t.far_kinds[c].push(kind_bb);
        }
        let afar = captures_afar(v, p);
        t.afar[i] = afar;
        t.near_only[i] = near_only && !afar;
        if afar {
            t.afar_kinds[c].push(kind_bb);
        }
        let moves_far =
            (0..size).any(|idx| moved[idx / 64] >> (idx % 64) & 1 != 0 && !regular(idx));
        if moves_far {
            t.far_movers[c].push(kind_bb);
        }
        if f.can_promote && v.form(v.promoted(p)).royal {
            t.royal_promoters[c].push(kind_bb);
        }
    }
    for list in t
        .far_kinds
        .iter_mut()
        .chain(&mut t.far_movers)
        .chain(&mut t.royal_promoters)
        .chain(&mut t.emperors)
        .chain(&mut t.afar_kinds)
    {
        list.sort_unstable();
        list.dedup();
    }
    t
}
