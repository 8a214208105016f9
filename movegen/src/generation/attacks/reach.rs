//! Reach tables: every displacement at which a program could ever capture, by how it gets
//! there, and the board masks that let an attack question ask only the pieces that might. The
//! tables are built by walking the programs (`reach_build.rs`); this module holds and reads
//! them, and names nothing of the compiled variant, which holds them.

use crate::board::geometry::{DenseSquare, Geometry};
use crate::definition::piece::Piece;

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

/// Displacements up to this many steps in rows and columns count as near for the attack
/// questions' board masks (the lion's, the knight's and the fire demon's area included).
pub(super) const NEAR: usize = 3;

impl ReachTables {
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
