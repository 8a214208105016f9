//! Reach tables: every displacement at which a program could ever capture, by how it gets
//! there, and the board masks that let an attack question ask only the pieces that might.

use crate::board::geometry::{DenseSquare, Geometry, Square};
use crate::board::position::empty_mailbox;
use crate::definition::program::{Op, CAPTURE};
use crate::definition::variant::{Piece, Variant};
use crate::generation::interp::{Ctx, Visitor, Walker};

/// Records displacements (as reach-table indices) at which a piece could capture, into the
/// table of the class of the op being walked.
pub(super) struct ReachRecorder<'t> {
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
pub(super) struct RegionRecorder<'t> {
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

/// Regions around a square: the eight king lines (index `(row sign + 1) * 3 + column sign +
/// 1`, 4 being the square itself) and the eight octants between them (9-16).
pub(super) const REGIONS: usize = 17;

/// The region of `to` (row, column) seen from `from`: its king line, or the octant between two.
#[inline(always)]
pub(super) fn region(from: (u8, u8), to: (u8, u8)) -> usize {
    let dr = to.0 as i32 - from.0 as i32;
    let dc = to.1 as i32 - from.1 as i32;
    if dr == 0 || dc == 0 || dr.abs() == dc.abs() {
        ((dr.signum() + 1) * 3 + dc.signum() + 1) as usize
    } else {
        9 + 4 * (dr > 0) as usize + 2 * (dc > 0) as usize + (dr.abs() > dc.abs()) as usize
    }
}

/// How a piece reaches a displacement, in the order the reach tables keep them.
pub(super) const UNBLOCKABLE: usize = 0;
pub(super) const RAY: usize = 1;
pub(super) const COMPLEX: usize = 2;

/// For each program, the displacements (target minus origin, in rows and columns) at which it
/// could capture on some board of the variant: the pre-filter of the attack questions. Each
/// displacement is kept in one of three classes by what reaches it: unblockable moves (leaps,
/// steps to a neighbour, the lion's area and line moves, capture at a distance over pieces),
/// plain slides along a king direction (the squares between must be empty), or anything else
/// (the interpreter decides).
#[derive(Clone, Debug, Default)]
pub(crate) struct ReachTables {
    /// Padded index -> `row * width + col`.
    pub(super) rc: Vec<u16>,
    /// Padded index -> (row, col).
    pub(super) row_col: Vec<(u8, u8)>,
    /// Index of the zero displacement.
    pub(super) base: usize,
    /// Words per table.
    pub(super) words: usize,
    /// Table of each program ([`Piece::index`]), into `bits`.
    pub(super) table_of: Vec<u16>,
    /// The distinct tables, `words` each.
    pub(super) bits: Vec<u64>,
    /// Words of a board mask (`squares / 64`, rounded up).
    pub(super) mask_words: usize,
    /// Per dense square, `mask_words` words: the squares from which it lies within
    /// [`NEAR`] steps or on a common king line. Every piece not in `far_kinds` stands on one of
    /// these squares if it might capture there, so the attack questions ask only the pieces
    /// there and the far-reaching ones, not the whole piece list.
    pub(super) near_or_line: Vec<u64>,
    /// The kind-bitboard indices (`moves_as * 2 + colour`) of the pieces, by colour, that might
    /// capture at a displacement neither near nor along a king line (hook movers and the like).
    pub(super) far_kinds: [Vec<u16>; 2],
    /// As `far_kinds`, for moves of any kind (to empty squares too): the pieces that might
    /// interpose on a square they are neither near nor on a king line of.
    pub(super) far_movers: [Vec<u16>; 2],
    /// The kind-bitboard indices, by colour, of the emperors (they capture by their own rule,
    /// which the tables leave out: [`Position::capturers_of`]).
    pub(super) emperors: [Vec<u16>; 2],
    /// The kind-bitboard indices, by colour, of the pieces that promote into a royal form (a
    /// second royal piece: [`Position::may_gain_royal`]).
    pub(super) royal_promoters: [Vec<u16>; 2],
    /// The kind-bitboard indices, by colour, of the pieces that capture in ways the tables
    /// leave out ([`captures_afar`]: Ko's shooters, burners, priests and killing promoters):
    /// [`Position::capturers_of`] names them wherever they stand.
    pub(super) afar_kinds: [Vec<u16>; 2],
    /// Per program ([`Piece::index`]): [`captures_afar`], asked once here.
    pub(super) afar: Vec<bool>,
    /// Per program ([`Piece::index`]): whether every displacement at which it might capture
    /// lies within [`NEAR`] steps, so that it captures nothing while no enemy piece stands
    /// that near ([`Position::may_capture_near`]). False for the emperors, and for Ko's pieces
    /// that remove enemy pieces other than by moving onto or over them ([`captures_afar`]).
    pub(super) near_only: Vec<bool>,
    /// Per dense square, `mask_words` words: the squares within [`NEAR`] steps of it.
    pub(super) near: Vec<u64>,
    /// Per dense square, the first and last word of its `near` mask that can be set (the
    /// words of the rows within [`NEAR`] of it).
    pub(super) near_words: Vec<(u8, u8)>,
    /// Per program, per region around the piece (see [`region`]): a bit per slide and per op of
    /// its `rest` (slides first, 64 in all at most) that might capture somewhere in that region,
    /// so that a question about a square there walks only those.
    pub(super) region_ops: Vec<[u64; REGIONS]>,
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

/// Displacements up to this many steps in rows and columns count as near for the attack
/// questions' board masks (the lion's, the knight's and the fire demon's area included).
pub(super) const NEAR: usize = 3;

impl ReachTables {
    /// The tables of a compiled variant (its programs and geometry are set).
    pub(crate) fn build(v: &Variant) -> ReachTables {
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
        let mut seen: std::collections::HashMap<Vec<u64>, u16> = Default::default();
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
                        Op::Lion
                        | Op::Igui { .. }
                        | Op::LionLine { .. }
                        | Op::JumpCapture { .. } => UNBLOCKABLE,
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

    /// Whether the piece `p` removes enemy pieces in ways its reach table does not hold
    /// ([`captures_afar`]: Ko's shots, burns, priests' jumps, killing promotions).
    #[inline]
    pub(crate) fn captures_afar(&self, p: Piece) -> bool {
        self.afar[p.index()]
    }

    /// The mask of the squares near `to` or on a king line through it (see `near_or_line`).
    #[inline(always)]
    pub(super) fn near_or_line(&self, to: DenseSquare) -> &[u64] {
        &self.near_or_line[to.index() * self.mask_words..][..self.mask_words]
    }

    /// Index of the displacement from `from` to `to` (padded indices of on-board squares).
    #[inline(always)]
    pub(super) fn index(&self, from: usize, to: usize) -> usize {
        self.base + self.rc[to] as usize - self.rc[from] as usize
    }

    /// Whether the piece `p` standing on `from` might capture on `to`.
    #[inline(always)]
    pub(crate) fn may_reach(&self, p: Piece, from: usize, to: usize) -> bool {
        let i = self.index(from, to);
        let t = self.table_of[p.index()] as usize * 3 * self.words + i / 64;
        let b = i % 64;
        (self.bits[t] | self.bits[t + self.words] | self.bits[t + 2 * self.words]) >> b & 1 != 0
    }

    /// Which of the three ways `p` on `from` might reach `to`: (unblockable, plain slide,
    /// anything else).
    #[inline(always)]
    pub(super) fn classes(&self, p: Piece, from: usize, to: usize) -> (bool, bool, bool) {
        let i = self.index(from, to);
        let t = self.table_of[p.index()] as usize * 3 * self.words + i / 64;
        let b = i % 64;
        (
            self.bits[t] >> b & 1 != 0,
            self.bits[t + self.words] >> b & 1 != 0,
            self.bits[t + 2 * self.words] >> b & 1 != 0,
        )
    }

    /// How `p` on `from` reaches `to` (None: it never does).
    #[inline(always)]
    pub(super) fn class(&self, p: Piece, from: usize, to: usize) -> Option<usize> {
        match self.classes(p, from, to) {
            (_, _, true) => Some(COMPLEX),
            (true, _, _) => Some(UNBLOCKABLE),
            (_, true, _) => Some(RAY),
            _ => None,
        }
    }
}

/// Whether a displacement of `dr` rows and `dc` columns (absolute) is within [`NEAR`] steps or
/// along a king line: where the board masks look for a piece that is not far-reaching.
#[inline]
pub(super) fn is_near_or_on_line(dr: usize, dc: usize) -> bool {
    dr.max(dc) <= NEAR || dr == 0 || dc == 0 || dr == dc
}

/// For each dense square, as `squares / 64` (rounded up) words: the squares within [`NEAR`]
/// steps of it or on a king line through it.
pub(super) fn near_or_line_masks(geo: &Geometry) -> Vec<u64> {
    square_masks(geo, is_near_or_on_line)
}

/// For each dense square, as `squares / 64` (rounded up) words: the squares within [`NEAR`]
/// steps of it; and the first and last word that can be set (those of the rows within
/// [`NEAR`] of it).
pub(super) fn near_masks(geo: &Geometry) -> (Vec<u64>, Vec<(u8, u8)>) {
    let mut spans = vec![(0u8, 0u8); geo.squares()];
    for to in geo.all_squares() {
        let r0 = geo.row(to);
        let first = r0.saturating_sub(NEAR) * geo.files() / 64;
        let last = ((r0 + NEAR + 1).min(geo.ranks()) * geo.files() - 1) / 64;
        spans[geo.dense(to).index()] = (first as u8, last as u8);
    }
    (square_masks(geo, |dr, dc| dr.max(dc) <= NEAR), spans)
}

/// For each dense square, as `squares / 64` (rounded up) words: the squares whose row and
/// column distances (absolute) from it `keep` accepts.
pub(crate) fn square_masks(geo: &Geometry, keep: impl Fn(usize, usize) -> bool) -> Vec<u64> {
    let words = geo.squares().div_ceil(64);
    let mut out = vec![0u64; geo.squares() * words];
    for to in geo.all_squares() {
        let (r0, c0) = (geo.row(to), geo.col(to));
        let mask = &mut out[geo.dense(to).index() * words..][..words];
        for s in geo.all_squares() {
            if keep(geo.row(s).abs_diff(r0), geo.col(s).abs_diff(c0)) {
                let d = geo.dense(s).index();
                mask[d / 64] |= 1 << (d % 64);
            }
        }
    }
    out
}
