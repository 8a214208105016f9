//! Attacks: which squares a side could capture on, and the cheap questions a search asks about
//! them (is this square attacked, who attacks it, is my royal in danger, what does an exchange
//! on a square win).
//!
//! Everything goes through the movement interpreter (`generation/interp.rs`) with reach visitors.
//! The questions about one square are answered by a *reverse super-piece* test: each program has
//! a reach table (every displacement at which it could ever capture, found by walking it on the
//! empty board), so a piece is asked, with the interpreter, only if the table says it might reach
//! the square. No attack map is built for a question.
//!
//! The emperors' own powers are left out (their rule is defined in terms of attacks, see
//! `docs/rules.md`; [`Position::capturers_of`] names the emperors whatever the square); Ko's shots and burns are not attacks in this sense (Ko's check is found by
//! generating the mover's captures, [`crate::game`]).

use std::cell::Cell;

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::geometry::{Colour, DenseSquare, Geometry, Square};
use crate::interp::{CapInfo, Cells, Ctx, Lifted, Visitor, Walker};
use crate::moves::{Move, Promotion};
use crate::position::{empty_mailbox, Position};
use crate::program::{Op, CAPTURE, MOVE};
use crate::variant::{FormId, Piece, Variant};

/// Marks every square a piece could capture on.
struct AttackMap<'g, const N: usize> {
    geo: &'g Geometry,
    out: Bitboard<N>,
}

impl<const N: usize> Visitor for AttackMap<'_, N> {
    const MOVES: bool = false;

    #[inline(always)]
    fn reach(&mut self, _cx: &Ctx, to: usize, _p: Piece, modality: u8) {
        if modality & CAPTURE != 0 {
            self.out.set(self.geo.dense(Square(to as u16)));
        }
    }
}

/// Whether a piece could capture an enemy piece on one square.
struct Hit {
    target: usize,
    hit: bool,
}

impl Visitor for Hit {
    const MOVES: bool = false;

    #[inline(always)]
    fn reach(&mut self, cx: &Ctx, to: usize, p: Piece, modality: u8) {
        if to == self.target && modality & CAPTURE != 0 && p.is_piece() && p.colour() != cx.us {
            self.hit = true;
        }
    }
}

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

/// Regions around a square: the eight king lines (index `(row sign + 1) * 3 + column sign +
/// 1`, 4 being the square itself) and the eight octants between them (9-16).
const REGIONS: usize = 17;

/// The region of `to` (row, column) seen from `from`: its king line, or the octant between two.
#[inline(always)]
fn region(from: (u8, u8), to: (u8, u8)) -> usize {
    let dr = to.0 as i32 - from.0 as i32;
    let dc = to.1 as i32 - from.1 as i32;
    if dr == 0 || dc == 0 || dr.abs() == dc.abs() {
        ((dr.signum() + 1) * 3 + dc.signum() + 1) as usize
    } else {
        9 + 4 * (dr > 0) as usize + 2 * (dc > 0) as usize + (dr.abs() > dc.abs()) as usize
    }
}

/// How a piece reaches a displacement, in the order the reach tables keep them.
const UNBLOCKABLE: usize = 0;
const RAY: usize = 1;
const COMPLEX: usize = 2;

/// For each program, the displacements (target minus origin, in rows and columns) at which it
/// could capture on some board of the variant: the pre-filter of the attack questions. Each
/// displacement is kept in one of three classes by what reaches it: unblockable moves (leaps,
/// steps to a neighbour, the lion's area and line moves, capture at a distance over pieces),
/// plain slides along a king direction (the squares between must be empty), or anything else
/// (the interpreter decides).
#[derive(Clone, Debug, Default)]
pub(crate) struct ReachTables {
    /// Padded index -> `row * width + col`.
    rc: Vec<u16>,
    /// Padded index -> (row, col).
    row_col: Vec<(u8, u8)>,
    /// Index of the zero displacement.
    base: usize,
    /// Words per table.
    words: usize,
    /// Table of each program ([`Piece::index`]), into `bits`.
    table_of: Vec<u16>,
    /// The distinct tables, `words` each.
    bits: Vec<u64>,
    /// Words of a board mask (`squares / 64`, rounded up).
    mask_words: usize,
    /// Per dense square, `mask_words` words: the squares from which it lies within
    /// [`NEAR`] steps or on a common king line. Every piece not in `far_kinds` stands on one of
    /// these squares if it might capture there, so the attack questions ask only the pieces
    /// there and the far-reaching ones, not the whole piece list.
    near_or_line: Vec<u64>,
    /// The kind-bitboard indices (`moves_as * 2 + colour`) of the pieces, by colour, that might
    /// capture at a displacement neither near nor along a king line (hook movers and the like).
    far_kinds: [Vec<u16>; 2],
    /// As `far_kinds`, for moves of any kind (to empty squares too): the pieces that might
    /// interpose on a square they are neither near nor on a king line of.
    far_movers: [Vec<u16>; 2],
    /// The kind-bitboard indices, by colour, of the emperors (they capture by their own rule,
    /// which the tables leave out: [`Position::capturers_of`]).
    emperors: [Vec<u16>; 2],
    /// The kind-bitboard indices, by colour, of the pieces that promote into a royal form (a
    /// second royal piece: [`Position::may_gain_royal`]).
    royal_promoters: [Vec<u16>; 2],
    /// The kind-bitboard indices, by colour, of the pieces that capture in ways the tables
    /// leave out ([`captures_afar`]: Ko's shooters, burners, priests and killing promoters):
    /// [`Position::capturers_of`] names them wherever they stand.
    afar_kinds: [Vec<u16>; 2],
    /// Per program ([`Piece::index`]): [`captures_afar`], asked once here.
    afar: Vec<bool>,
    /// Per program ([`Piece::index`]): whether every displacement at which it might capture
    /// lies within [`NEAR`] steps, so that it captures nothing while no enemy piece stands
    /// that near ([`Position::may_capture_near`]). False for the emperors, and for Ko's pieces
    /// that remove enemy pieces other than by moving onto or over them ([`captures_afar`]).
    near_only: Vec<bool>,
    /// Per dense square, `mask_words` words: the squares within [`NEAR`] steps of it.
    near: Vec<u64>,
    /// Per dense square, the first and last word of its `near` mask that can be set (the
    /// words of the rows within [`NEAR`] of it).
    near_words: Vec<(u8, u8)>,
    /// Per program, per region around the piece (see [`region`]): a bit per slide and per op of
    /// its `rest` (slides first, 64 in all at most) that might capture somewhere in that region,
    /// so that a question about a square there walks only those.
    region_ops: Vec<[u64; REGIONS]>,
}

/// Whether the piece `p` removes enemy pieces in ways its reach table does not hold: Ko's
/// shots (from any landing, along lines within range), burns (around a landing), priests'
/// jumps and the promotions that remove enemy forms. Such a piece is never near-only, so
/// captures-only generation walks it wherever it stands.
fn captures_afar(v: &Variant, p: Piece) -> bool {
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
const NEAR: usize = 3;

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
    fn near_or_line(&self, to: DenseSquare) -> &[u64] {
        &self.near_or_line[to.index() * self.mask_words..][..self.mask_words]
    }

    /// Index of the displacement from `from` to `to` (padded indices of on-board squares).
    #[inline(always)]
    fn index(&self, from: usize, to: usize) -> usize {
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
    fn classes(&self, p: Piece, from: usize, to: usize) -> (bool, bool, bool) {
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
    fn class(&self, p: Piece, from: usize, to: usize) -> Option<usize> {
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
fn is_near_or_on_line(dr: usize, dc: usize) -> bool {
    dr.max(dc) <= NEAR || dr == 0 || dc == 0 || dr == dc
}

/// For each dense square, as `squares / 64` (rounded up) words: the squares within [`NEAR`]
/// steps of it or on a king line through it.
fn near_or_line_masks(geo: &Geometry) -> Vec<u64> {
    square_masks(geo, is_near_or_on_line)
}

/// For each dense square, as `squares / 64` (rounded up) words: the squares within [`NEAR`]
/// steps of it; and the first and last word that can be set (those of the rows within
/// [`NEAR`] of it).
fn near_masks(geo: &Geometry) -> (Vec<u64>, Vec<(u8, u8)>) {
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

/// The most squares a board has (a 36x36 board in 21 bitboard words): a bound on a side's
/// pieces.
const MAX_SQUARES: usize = 64 * 21;

/// Most candidate attackers of one square an exchange looks at, per side.
const MAX_EXCHANGE: usize = 48;
/// Pieces one move may remove (a range capture along a 36-square line, with room to spare).
const MAX_REMOVED: usize = 64;

/// A value that stands for a sole royal piece in an exchange: taking it ends the game.
pub const ROYAL_EXCHANGE_VALUE: i32 = 100_000;

impl<const N: usize> Position<N> {
    /// Squares `side` attacks, computed as if the square `lifted` (if any) were empty.
    pub fn attacks(&self, side: Colour, lifted: Option<Square>) -> Bitboard<N> {
        let v = &*self.variant;
        let board = Lifted {
            board: &self.board,
            lifted: lifted.map_or(usize::MAX, |s| s.index()),
        };
        let mut map = AttackMap {
            geo: &v.geo,
            out: Bitboard::EMPTY,
        };
        for &sq in &self.plist[side.index()] {
            if sq as usize == board.lifted {
                continue;
            }
            let piece = self.board[sq as usize];
            if v.form(piece).emperor {
                continue;
            }
            let mut w = Walker::new(v, &board, Square(sq), &mut map);
            w.program(&v.programs[piece.index()]);
        }
        map.out
    }

    /// The squares (dense) of the enemy pieces the piece on `at` could capture now: what a
    /// piece that just moved threatens. Empty for an empty square and for an emperor (it
    /// captures anywhere undefended; the attack map leaves it out for the same reason).
    pub fn targets_of(&self, at: Square) -> Bitboard<N> {
        let v = &*self.variant;
        let mut map = AttackMap {
            geo: &v.geo,
            out: Bitboard::EMPTY,
        };
        let piece = self.board[at.index()];
        if !piece.is_piece() || v.form(piece).emperor {
            return map.out;
        }
        Walker::new(v, &self.board[..], at, &mut map).program(&v.programs[piece.index()]);
        map.out & self.occ[piece.colour().flip().index()]
    }

    /// Whether the piece on `at` of `board` (this position's mailbox, or a changed copy of it)
    /// could capture the enemy piece on `target`.
    pub(crate) fn attacks_on(&self, board: &[Piece], at: Square, target: Square) -> bool {
        let v = &*self.variant;
        let mut hit = Hit {
            target: target.index(),
            hit: false,
        };
        let piece = board[at.index()];
        Walker::new(v, board, at, &mut hit).program(&v.programs[piece.index()]);
        hit.hit
    }

    /// Whether the piece on `at` could capture an enemy piece standing on `target` now: the
    /// reach table first, then the interpreter.
    #[inline]
    pub fn can_capture_on(&self, at: Square, target: Square) -> bool {
        let p = self.board[at.index()];
        p.is_piece()
            && !self.variant.form(p).emperor
            && self.reaches_in(&self.board[..], at, target)
    }

    /// False when the piece `p` standing on `at` (of either side) certainly captures nothing:
    /// all its captures are near (within [`NEAR`] steps, by the reach tables) and no piece of
    /// its opponent stands that near. The captures-only generation skips such a piece without
    /// walking its program (in a giant variant's quiescence most pieces are far from the
    /// enemy).
    #[inline]
    pub(crate) fn may_capture_near(&self, p: Piece, at: Square) -> bool {
        let r = &self.variant.reach;
        if !r.near_only[p.index()] {
            return true;
        }
        let d = self.variant.geo.dense(at).index();
        let (first, last) = r.near_words[d];
        let mask = &r.near[d * r.mask_words..][..r.mask_words];
        let them = &self.occ[p.colour().flip().index()].0;
        (first as usize..=last as usize).any(|w| mask[w] & them[w] != 0)
    }

    /// Whether the piece on `at` of `board` could capture on `target`, whoever stands there: the
    /// reach tables decide unblockable moves and plain slides (by looking at the squares
    /// between), the interpreter everything else, walking only the slides and ops that capture
    /// in the target's region (leaps are unblockable: the tables decide them). `board` is any
    /// view of a mailbox (one that records the cells read, for [`Danger`]).
    #[inline]
    fn reaches_in<B: Cells + ?Sized>(&self, board: &B, at: Square, target: Square) -> bool {
        let v = &*self.variant;
        let p = board.cell(at.index());
        let (unblockable, ray, complex) = v.reach.classes(p, at.index(), target.index());
        if unblockable {
            return true;
        }
        if ray {
            let step = self.ray_step(at.index(), target.index());
            let mut s = at.0 as i32 + step;
            while s != target.0 as i32 && board.cell(s as usize) == Piece::EMPTY {
                s += step;
            }
            if s == target.0 as i32 {
                return true;
            }
        }
        if !complex {
            return false;
        }
        let mut hit = AnyHit {
            target: target.index(),
            hit: false,
        };
        let prog = &v.programs[p.index()];
        let mut w = Walker::new(v, board, at, &mut hit);
        if prog.slides.len() + prog.rest.len() > 64 {
            w.program(prog);
            return hit.hit;
        }
        let rc = &v.reach.row_col;
        let mut ops = v.reach.region_ops[p.index()][region(rc[at.index()], rc[target.index()])];
        let f = at.0 as i32;
        while ops != 0 {
            let j = ops.trailing_zeros() as usize;
            match prog.slides.get(j) {
                Some(s) => w.slide(f, s.d, s.max, s.modality),
                None => w.op(prog.rest[j - prog.slides.len()], prog),
            }
            ops &= ops - 1;
        }
        hit.hit
    }

    /// The king step from `from` towards `to` along their common line (padded indices of
    /// squares the reach tables say a plain slide joins).
    #[inline(always)]
    fn ray_step(&self, from: usize, to: usize) -> i32 {
        let v = &*self.variant;
        let (r0, c0) = v.reach.row_col[from];
        let (r1, c1) = v.reach.row_col[to];
        v.geo.delta(
            (c1 as i32 - c0 as i32).signum(),
            (r1 as i32 - r0 as i32).signum(),
        )
    }

    /// A superset of the squares of `side`'s pieces that the reach tables say might capture
    /// on `to`: its pieces near `to` or on a king line through it, and its far-reaching ones
    /// (see `ReachTables::near_or_line`). The attack questions walk these instead of the whole
    /// piece list (a Taikyoku side has 402 pieces).
    #[inline]
    fn reach_candidates(&self, side: Colour, to: Square) -> Bitboard<N> {
        let r = &self.variant.reach;
        let mask = r.near_or_line(self.variant.geo.dense(to));
        let mut bb = self.occ[side.index()];
        for (i, w) in bb.0.iter_mut().enumerate() {
            *w &= mask.get(i).copied().unwrap_or(0);
        }
        for &k in &r.far_kinds[side.index()] {
            bb |= self.kind_bb[k as usize];
        }
        bb
    }

    /// Whether `side` attacks the square (could capture a piece of the other side there).
    pub fn is_attacked(&self, sq: Square, side: Colour) -> bool {
        let geo = &self.variant.geo;
        self.reach_candidates(side, sq).iter().any(|d| {
            let s = geo.from_dense(d);
            s != sq && self.can_capture_on(s, sq)
        })
    }

    /// The squares (dense) of the side to move's pieces that could capture on one of
    /// `targets` or land there capturing, its emperors, which capture wherever their own rule
    /// allows, and (Ko) its pieces that capture in ways the attack questions do not see
    /// (shots, burns, priests' jumps, killing promotions: named wherever they stand): every
    /// piece with such a move, so that generating the captures of these pieces alone
    /// ([`Position::generate_captures_of_into`]) yields every such move. Quiescence search
    /// asks this where it searches only a recapture and captures of the opponent's sole
    /// royal, instead of walking every piece.
    pub fn capturers_of(&self, targets: &[Square]) -> Bitboard<N> {
        let v = &*self.variant;
        let us = self.side;
        let mut found = Bitboard::<N>::EMPTY;
        for &t in targets {
            for d in self.reach_candidates(us, t).iter() {
                let s = v.geo.from_dense(d);
                if s != t && self.can_capture_on(s, t) {
                    found.set(d);
                }
            }
        }
        for &k in v.reach.emperors[us.index()]
            .iter()
            .chain(&v.reach.afar_kinds[us.index()])
        {
            found |= self.kind_bb[k as usize];
        }
        found
    }

    /// The danger to the side to move's sole royal piece, taken once so that each of its
    /// moves can be judged cheaply: the enemy pieces that could ever reach the royal's square
    /// (the reach tables, whatever stands between: a superset of its attackers after any move
    /// that leaves the royal where it is, as the side to move's moves never move enemy
    /// pieces) and the checkers among them. None in Ko (a commander group, shots and burns
    /// decide there), without a sole royal, or with too many candidates.
    pub fn danger(&self) -> Option<Danger> {
        if self.variant.zone_promotion.is_some() {
            return None;
        }
        let us = self.side;
        let royal = self.sole_royal(us)?;
        let v = &*self.variant;
        let mut d = Danger {
            royal,
            candidates: ArrayVec::new(),
            checkers: ArrayVec::new(),
            judged: true,
            held: None,
        };
        for dense in self.reach_candidates(us.flip(), royal).iter() {
            let s = v.geo.from_dense(dense).0;
            let p = self.board[s as usize];
            if !v.form(p).emperor && v.reach.may_reach(p, s as usize, royal.index()) {
                d.candidates.try_push(s).ok()?;
            }
        }
        for &s in &d.candidates {
            let p = self.board[s as usize];
            if !self.can_capture_on(Square(s), royal) {
                continue;
            }
            let ray = match v.reach.class(p, s as usize, royal.index()) {
                Some(UNBLOCKABLE) => None,
                Some(RAY) => Some(self.ray_step(s as usize, royal.index())),
                // A move's effect on this checker needs the interpreter.
                _ => {
                    d.judged = false;
                    None
                }
            };
            if d.checkers.try_push((s, ray)).is_err() {
                d.judged = false;
            }
        }
        if let Some(&(s, _)) = d.checkers.first() {
            if v.geo.padded_len() <= 64 * CELL_WORDS {
                let seen = ReadCells {
                    board: &self.board,
                    read: Default::default(),
                };
                let attacks = self.reaches_in(&seen, Square(s), royal);
                debug_assert!(attacks, "a checker attacks");
                d.held = Some(seen.read.map(Cell::into_inner));
            }
        }
        Some(d)
    }

    /// Whether `m`, a move of the side `danger` was taken for, might leave its royal out of
    /// every checker's reach: it moves the royal, captures each checker or stands between each
    /// sliding checker and the royal, or it may give the side a second royal piece
    /// ([`Position::may_gain_royal`]). Where a checker's attack needs the interpreter: it
    /// changes (leaves, enters or captures on) a mailbox cell the first checker's attack reads.
    /// False only when the royal certainly stays attacked: the move need not be made to know
    /// it.
    pub fn may_escape(&self, danger: &Danger, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        if from == danger.royal || self.may_gain_royal(m) {
            return true;
        }
        let simple = !(m.is_range() || m.has_stops() || m.has_shot_layout());
        if !danger.judged {
            // The first checker's attack reads only the held cells: a move that changes none
            // of them (its origin, its destination, what it captures) leaves it attacking.
            let Some(held) = &danger.held else {
                return true;
            };
            let has = |i: usize| held[i / 64] >> (i % 64) & 1 != 0;
            if has(from.index()) || has(to.index()) {
                return true;
            }
            let mut hit = false;
            if !simple {
                self.for_each_captured(m, |sq, _| hit |= has(sq.index()));
            }
            return hit;
        }
        danger.checkers.iter().all(|&(s, ray)| {
            let captured = if simple {
                to.0 == s && to != from
            } else {
                let mut hit = false;
                self.for_each_captured(m, |sq, _| hit |= sq.0 == s);
                hit
            };
            captured
                || ray.is_some_and(|step| {
                    // Strictly between the checker and the royal on the checker's line.
                    let off = to.0 as i32 - s as i32;
                    let dist = (danger.royal.0 as i32 - s as i32) / step;
                    off % step == 0 && off / step > 0 && off / step < dist
                })
        })
    }

    /// A superset of the squares of the side to move's pieces that have a move
    /// [`Position::may_escape`] keeps, or a move capturing on the square of the opponent's
    /// sole royal: the royal itself, the pieces that might move or capture on a cell the first
    /// checker's attack reads (near it or on a king line through it, or far-reaching; a move
    /// that changes none of those cells leaves the checker attacking), those that might take
    /// the opponent's royal, and those that promote into a royal form. None when that takes
    /// every piece: not in check, the read cells were not recorded, or a capture may convert
    /// the capturer into a royal form.
    pub(crate) fn evasion_pieces(&self, danger: &Danger) -> Option<Bitboard<N>> {
        let v = &*self.variant;
        let held = danger.held.as_ref()?;
        if v.conversion_makes_royal {
            return None;
        }
        let us = self.side;
        let r = &v.reach;
        let mut near = Bitboard::<N>::EMPTY;
        let mut add = |sq: usize| {
            let mask = r.near_or_line(v.geo.dense(Square(sq as u16)));
            for (w, m) in near.0.iter_mut().zip(mask) {
                *w |= m;
            }
        };
        for (i, &word) in held.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                let cell = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                if v.geo.on_board(cell) {
                    add(cell);
                }
            }
        }
        if let Some(theirs) = self.sole_royal(us.flip()) {
            add(theirs.index());
        }
        let mut pieces = self.occ[us.index()];
        for (w, m) in pieces.0.iter_mut().zip(near.0) {
            *w &= m;
        }
        for &k in r.far_movers[us.index()]
            .iter()
            .chain(&r.royal_promoters[us.index()])
        {
            pieces |= self.kind_bb[k as usize];
        }
        pieces.set(v.geo.dense(danger.royal));
        Some(pieces)
    }

    /// Whether `m` may leave its side with one more royal piece (so that losing the one in
    /// danger no longer loses): a promotion into a royal form (the drunk elephant's crown
    /// prince), or any promotion where a capture can convert the capturer into a royal form.
    #[inline]
    pub fn may_gain_royal(&self, m: Move) -> bool {
        let v = &*self.variant;
        m.promotion() == Promotion::Promote
            && (v.conversion_makes_royal || v.form(v.promoted(self.board[m.from().index()])).royal)
    }

    /// After `m`, a move of the side `danger` was taken for, was made: whether the opponent
    /// (now to move) could capture that side's royal, i.e. [`Position::can_win_now`], asking
    /// only the candidates when the royal stayed where it was and is still the only one.
    pub fn royal_capturable_after(&mut self, danger: &Danger, m: Move) -> bool {
        let them = self.side;
        let us = them.flip();
        if m.from() == danger.royal || self.royals[us.index()] != 1 {
            return self.can_win_now();
        }
        if let Some(held) = &danger.held {
            // The first checker's attack reads the same cells as before: it still attacks.
            if !self.last_move_changed_any(held) {
                return true;
            }
        }
        danger.candidates.iter().any(|&s| {
            let p = self.board[s as usize];
            p.is_piece() && p.colour() == them && self.can_capture_on(Square(s), danger.royal)
        })
    }

    /// The square of `side`'s royal piece if it has exactly one (the piece whose capture ends
    /// the game), else None.
    pub fn sole_royal(&self, side: Colour) -> Option<Square> {
        if self.royals[side.index()] != 1 {
            return None;
        }
        let v = &*self.variant;
        v.royal_kinds.iter().find_map(|&k| {
            self.kind_bitboard(k, side)
                .iter()
                .map(|d| v.geo.from_dense(d))
                .find(|&s| v.form(self.board[s.index()]).royal)
        })
    }

    /// Whether the side to move is in check: the opponent could capture a piece whose loss
    /// alone loses the game (see [`Position::can_win_now`]).
    pub fn in_check(&mut self) -> bool {
        if self.variant.zone_promotion.is_none() {
            let us = self.side;
            return match self.sole_royal(us) {
                Some(k) => self.is_attacked(k, us.flip()),
                None => false,
            };
        }
        self.make_null();
        let check = self.can_win_now();
        self.unmake_null();
        check
    }

    /// Whether the side to move can capture a piece whose loss alone loses the opponent the
    /// game: its sole royal; in Ko also the last piece of a commander group, found exactly by
    /// generating the captures (shots and burns included).
    pub fn can_win_now(&mut self) -> bool {
        let us = self.side;
        let them = us.flip();
        if self.variant.zone_promotion.is_none() {
            return match self.sole_royal(them) {
                Some(k) => self.is_attacked(k, us),
                None => false,
            };
        }
        let mut critical: ArrayVec<u16, 16> = ArrayVec::new();
        for &sq in &self.plist[them.index()] {
            let p = self.board[sq as usize];
            if self.lost_without(them, p) && critical.try_push(sq).is_err() {
                break;
            }
        }
        if critical.is_empty() {
            return false;
        }
        struct Find<'a, const N: usize> {
            pos: &'a Position<N>,
            critical: &'a [u16],
            hit: bool,
        }
        impl<const N: usize> crate::moves::MoveSink for Find<'_, N> {
            fn push(&mut self, m: Move) {
                if !self.hit {
                    let c = self.critical;
                    let mut hit = false;
                    self.pos
                        .for_each_captured(m, |sq, _| hit |= c.contains(&sq.0));
                    self.hit = hit;
                }
            }
        }
        let mut f = Find {
            pos: self,
            critical: &critical,
            hit: false,
        };
        self.generate_into::<_, true>(&mut f);
        f.hit
    }

    /// Static exchange evaluation of `m`: the material the mover can expect from the capture
    /// sequence on its destination, both sides always recapturing with their least valuable
    /// attacker and either stopping when continuing would lose (`values` by [`Piece::index`];
    /// a sole royal counts as [`ROYAL_EXCHANGE_VALUE`]). Everything `m` captures counts (range
    /// captures, lion double captures, igui), and taking a sole royal ends the exchange;
    /// recaptures are single captures on the destination (a range capturer's removes what it
    /// flies over too), found by the interpreter on the board as the exchange changes it
    /// (x-rays included). Pieces that promote by capturing are counted promoted once they
    /// capture, their promotion gained with the capture (the first move's, an igui's included,
    /// as each recapture's; a royal form that a piece not royal so reaches is one royal of two,
    /// worth its value), and so are Maka dai dai's compelled forms (promotion on taking a
    /// promoted piece, a deva's or dark spirit's conversion); a move's optional promotion
    /// (chu, Ko, Maka dai dai) stakes the promoted piece without counting its gain, and a
    /// recapture declines it. A recapturer pinned to its side's sole royal does not recapture,
    /// nor does a lion that lion trading keeps from a guarded lion two squares away. The result is
    /// exact for this model: a side stops only where taking back cannot beat standing
    /// (`tests/tests/attacks.rs` plays the same exchanges out with the move generator).
    /// Ko's shots and burns are not modelled. The board is restored before returning.
    pub fn see(&mut self, m: Move, values: &[i32]) -> i32 {
        self.exchange::<false>(m, values, 0)
    }

    /// Whether [`Position::see`] of `m` is at least `threshold`, decided as soon as the side
    /// to move is content to stand or cannot gain enough by taking (Stockfish's `see_ge`):
    /// most exchanges are settled by the first recapture, before the mover's side looks for
    /// its recapturers at all (except where lion trading needs them as guards from the start).
    /// The answer is `see(m, values) >= threshold` in every position.
    pub fn see_at_least(&mut self, m: Move, values: &[i32], threshold: i32) -> bool {
        self.exchange::<true>(m, values, threshold) != 0
    }

    /// The static exchange of `m` ([`Position::see`]); with `DECIDE`, whether it gains at
    /// least `threshold` instead, as 1 or 0 (one loop for both, so that they cannot part),
    /// stopping at the first capture that settles it.
    #[inline(always)]
    fn exchange<const DECIDE: bool>(&mut self, m: Move, values: &[i32], threshold: i32) -> i32 {
        let settled = |g: i32| if DECIDE { (g >= threshold) as i32 } else { g };
        let v = self.variant.clone();
        let us = self.side;
        let from = m.from();
        let to = m.to();
        let mover = self.board[from.index()];
        let mut gain0 = 0;
        // A Taikyoku range capture may remove a whole file (up to 35 pieces).
        let mut removed: ArrayVec<(u16, Piece), MAX_REMOVED> = ArrayVec::new();
        let mut wins = false;
        self.for_each_captured(m, |sq, p| {
            let val = self.exchange_value(p, values);
            wins |= p.colour() != us && val == ROYAL_EXCHANGE_VALUE;
            gain0 += if p.colour() != us { val } else { -val };
            let _ = removed.try_push((sq.0, p));
        });
        if wins || !mover.is_piece() {
            // Taking the opponent's sole royal ends the game: nothing is taken back. A capture
            // without a moving piece: nothing stands where a recapture could land.
            return settled(gain0);
        }
        // What Maka dai dai's rule makes of the mover: a converting piece's form, or its
        // promotion for taking a promoted piece.
        let compelled =
            CapInfo::for_compulsion(&v, us, removed.iter().map(|&(_, p)| p)).compelled(&v, mover);
        let placed = match compelled {
            Some(q) => q,
            None if m.promotion() == Promotion::Promote => v.promoted(mover),
            None => mover,
        };
        // Where capturing compels promotion (or conversion), the new form is material gained
        // with the move (and lost with it if it is taken back), as the evaluation counts it.
        // An optional promotion's piece is staked without its gain: counting it there lost in
        // matches (chu, Ko; measured with f44ff63, see
        // docs/journal/2026-11-26-centrality-and-exchange-promotion.md).
        let promotion_gains = v.capture_compels_promotion();
        let lion_trading = v.def.rules.lion_trading;
        if (promotion_gains || compelled.is_some()) && placed != mover {
            gain0 += self.staked_value(placed, mover, values) - self.exchange_value(mover, values);
        }
        if to == from {
            // Igui: the capturer stays where it stood (promoted, where capturing compels it),
            // and nothing stands where a recapture could land.
            return settled(gain0);
        }
        if DECIDE && gain0 < threshold {
            // The opponent stands: taking back can only lower the mover's gain.
            return 0;
        }
        // Each side's sole royal (none in Ko, whose objectives are a group), found before the
        // board changes: a recapture that leaves it to be taken is no recapture (a piece
        // pinned to it stays where it is).
        let mut royals = if v.zone_promotion.is_none() {
            [Colour::Black, Colour::White]
                .map(|c| self.sole_royal(c).map(|k| if k == from { to } else { k }))
        } else {
            [None, None]
        };
        // The board as the move leaves it (its own destination included).
        let mut changed: ArrayVec<(u16, Piece), { 2 * MAX_EXCHANGE + 2 * MAX_REMOVED }> =
            ArrayVec::new();
        for &(sq, p) in &removed {
            changed.push((sq, p));
            self.board[sq as usize] = Piece::EMPTY;
        }
        changed.push((from.0, self.board[from.index()]));
        self.board[from.index()] = Piece::EMPTY;
        changed.push((to.0, self.board[to.index()]));
        self.board[to.index()] = placed;
        // Candidates of both sides, cheapest first, built from the board as the move leaves
        // it. The side that moved needs its list only once the opponent has a recapture worth
        // making (72% of Dai dai's exchanges have none, 13% of Taikyoku's), or at once where
        // lion trading asks for its guards.
        let mut cands: [ArrayVec<(i32, u16), MAX_EXCHANGE>; 2] = [ArrayVec::new(), ArrayVec::new()];
        let mut ours_built = lion_trading;
        for side in [us.flip(), us] {
            if side == us && !ours_built {
                continue;
            }
            self.exchange_candidates(side, from, to, values, &mut cands[side.index()]);
        }
        let mut gain = [0i32; 2 * MAX_EXCHANGE + 2];
        gain[0] = gain0;
        let mut on_target = self.staked_value(placed, mover, values);
        let mut side = us.flip();
        let mut d = 0;
        // With `DECIDE`, the answer once a side's choice settles it (the mover's balance is
        // `gain[d]` after its own captures and `-gain[d]` after the opponent's).
        let mut decided = None;
        loop {
            if DECIDE {
                // The side to move stands if standing already answers in its favour (never at
                // once: the opponent below the threshold returned before the loop).
                let standing = if side == us { -gain[d] } else { gain[d] };
                if (side == us) == (standing >= threshold) {
                    decided = Some(standing >= threshold);
                    break;
                }
            }
            // The cheapest candidate of `side` that really captures on `to` now, may (lion
            // trading, docs/chu.md §6.1: a recapture is a single capture, so no bridge) and
            // does not leave its sole royal to be taken.
            let [black, white] = &mut cands;
            let (list, guards) = match side {
                Colour::Black => (black, &*white),
                Colour::White => (white, &*black),
            };
            let royal = royals[side.index()];
            let Some(i) = list.iter().position(|&(_, s)| {
                self.reaches_in(&self.board[..], Square(s), to)
                    && !(lion_trading && self.guarded_lion_out_of_reach(Square(s), to, guards))
                    && !royal.is_some_and(|k| {
                        k.0 != s && self.recapture_exposes(Square(s), to, k, side.flip())
                    })
            }) else {
                break;
            };
            let (_, s) = list.remove(i);
            if royal.is_some_and(|k| k.0 == s) {
                royals[side.index()] = Some(to);
            }
            let taker = self.board[s as usize];
            // A range capturer that reaches `to` over pieces flies over them and removes them
            // all, its own as well as the enemy's (rules-decisions.md).
            let mut flown_over: ArrayVec<(u16, Piece), MAX_REMOVED> = ArrayVec::new();
            let mut flown = 0;
            if let Some(step) = self.range_flight(Square(s), to) {
                self.for_each_flown(Square(s), to, step, |sq, q| {
                    let val = self.exchange_value(q, values);
                    flown += if q.colour() != side { val } else { -val };
                    let _ = flown_over.try_push((sq.0, q));
                });
            }
            let compelled = if promotion_gains && v.form(taker).can_promote {
                Some(v.promoted(taker))
            } else {
                let taken = flown_over.iter().map(|&(_, q)| q);
                CapInfo::for_compulsion(&v, side, taken.chain([self.board[to.index()]]))
                    .compelled(&v, taker)
            };
            let (p, promotion) = match compelled {
                Some(q) if q != taker => (
                    q,
                    self.staked_value(q, taker, values) - self.exchange_value(taker, values),
                ),
                _ => (taker, 0),
            };
            d += 1;
            gain[d] = on_target + promotion + flown - gain[d - 1];
            if DECIDE {
                // A side that takes and still does not reach its side of the threshold loses:
                // the other side then stands.
                let taken = if side == us { gain[d] } else { -gain[d] };
                if (side == us) != (taken >= threshold) {
                    decided = Some(taken >= threshold);
                    break;
                }
            }
            // Taking keeps at most `gain[d]` (the opponent takes back only to its own profit);
            // when standing (`-gain[d - 1]`) is worth as much, `side` stands and the rest of
            // the exchange cannot change the result. (The chess rule of thumb, stop when both
            // are below zero, keeps the take: a bishop retaking a pawn then counted as +1 pawn
            // though a lion took it back.)
            if gain[d] <= -gain[d - 1] {
                d -= 1;
                break;
            }
            if !ours_built {
                // The opponent takes back: the mover's side answers, from candidates found on
                // the board as the move left it (this recapture has not changed it yet).
                self.later_exchange_candidates(us, from, to, values, &mut cands[us.index()]);
                ours_built = true;
            }
            for &(sq, q) in &flown_over {
                if changed.try_push((sq, q)).is_ok() {
                    self.board[sq as usize] = Piece::EMPTY;
                }
            }
            changed.push((s, self.board[s as usize]));
            self.board[s as usize] = Piece::EMPTY;
            self.board[to.index()] = p;
            on_target = self.staked_value(p, taker, values);
            side = side.flip();
            if d == gain.len() - 1 {
                break;
            }
        }
        while d > 0 && decided.is_none() {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        for &(sq, p) in changed.iter().rev() {
            self.board[sq as usize] = p;
        }
        match decided {
            Some(at_least) => at_least as i32,
            None => settled(gain[0]),
        }
    }

    /// The exchange candidates of `side` on `to`, cheapest first: its pieces on the board
    /// (as the exchange's move left it, `from` emptied) that the reach tables say might
    /// capture there, emperors left out, at most [`MAX_EXCHANGE`]. Found through the board
    /// masks, then put in piece-list order, so that the list (and which candidates a full
    /// list leaves out) does not depend on how they were found. Written into `list` (empty).
    #[inline(always)]
    fn exchange_candidates(
        &self,
        side: Colour,
        from: Square,
        to: Square,
        values: &[i32],
        list: &mut ArrayVec<(i32, u16), MAX_EXCHANGE>,
    ) {
        let v = &*self.variant;
        let mut found: ArrayVec<u16, MAX_SQUARES> = ArrayVec::new();
        for dense in self.reach_candidates(side, to).iter() {
            let s = v.geo.from_dense(dense).0;
            if s == from.0 || s == to.0 || self.board[s as usize] == Piece::EMPTY {
                continue;
            }
            let p = self.board[s as usize];
            if !v.form(p).emperor
                && v.reach.may_reach(p, s as usize, to.index())
                && found.try_push(self.pidx[s as usize]).is_err()
            {
                break;
            }
        }
        found.sort_unstable();
        for &i in found.iter().take(MAX_EXCHANGE) {
            let s = self.plist[side.index()][i as usize];
            list.push((self.exchange_value(self.board[s as usize], values), s));
        }
        list.sort_unstable_by_key(|e| e.0);
    }

    /// [`Position::exchange_candidates`] for the side that moved, once the opponent takes
    /// back: a call, so that the exchange's loop keeps its shape.
    #[inline(never)]
    fn later_exchange_candidates(
        &self,
        side: Colour,
        from: Square,
        to: Square,
        values: &[i32],
        list: &mut ArrayVec<(i32, u16), MAX_EXCHANGE>,
    ) {
        self.exchange_candidates(side, from, to, values, list)
    }

    /// Whether the piece on `at`, taking what stands on `to` (the exchange's board as it is
    /// now), leaves the royal on `royal` to be taken by one of `enemy`'s pieces: a piece
    /// pinned to its sole royal, which the exchange must not count as a recapturer
    /// (Stockfish's `see_ge` leaves pinned pieces out the same way). The enemy's candidates
    /// come from the reach tables and the piece lists, which the exchange does not update, so
    /// each is checked against the board.
    fn recapture_exposes(&self, at: Square, to: Square, royal: Square, enemy: Colour) -> bool {
        let v = &*self.variant;
        let view = Recaptured::new(&self.board[..], at, to);
        self.reach_candidates(enemy, royal).iter().any(|dense| {
            let s = v.geo.from_dense(dense);
            let p = view.cell(s.index());
            s != to
                && p.is_piece()
                && p.colour() == enemy
                && v.reach.may_reach(p, s.index(), royal.index())
                && self.reaches_in(&view, s, royal)
        })
    }

    /// Whether the piece on `at` is a lion that the lion-trading rule (docs/chu.md §6.1) keeps
    /// from taking the lion on `to`: two squares away, and guarded by one of `guards` (the
    /// owner's exchange candidates still on the board) with the taker standing on `to` and
    /// its start square empty. Protection is by attack alone, pinned guards included.
    fn guarded_lion_out_of_reach(&self, at: Square, to: Square, guards: &[(i32, u16)]) -> bool {
        let v = &*self.variant;
        let (taker, target) = (self.board[at.index()], self.board[to.index()]);
        if !v.form(taker).lion || !target.is_piece() || !v.form(target).lion {
            return false;
        }
        if v.geo.king_distance(at, to) <= 1 {
            return false;
        }
        let view = Recaptured::new(&self.board[..], at, to);
        guards.iter().any(|&(_, g)| {
            self.board[g as usize].is_piece() && self.reaches_in(&view, Square(g), to)
        })
    }

    /// The step of the line from `at` to `to` if the piece on `at` is a range capturer on a
    /// line with `to` (its capture there removes whatever it flies over, which the caller walks
    /// with [`Position::for_each_flown`]), else None.
    fn range_flight(&self, at: Square, to: Square) -> Option<i32> {
        let v = &*self.variant;
        let f = v.form(self.board[at.index()]);
        if f.rank == 0 || f.royal {
            return None;
        }
        let stride = v.geo.stride() as i32;
        let (a, b) = (at.0 as i32, to.0 as i32);
        let (dr, dc) = (b / stride - a / stride, b % stride - a % stride);
        if !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) {
            return None;
        }
        Some(self.line_step(at, to))
    }

    /// Calls `f` with each piece on the line from `at` (excluded) to `to` (excluded), `step`
    /// apart ([`Position::line_step`]): what a range capture flies over.
    pub(crate) fn for_each_flown(
        &self,
        at: Square,
        to: Square,
        step: i32,
        mut f: impl FnMut(Square, Piece),
    ) {
        let mut t = at.0 as i32 + step;
        while t != to.0 as i32 {
            let q = self.board[t as usize];
            if q.is_piece() {
                f(Square(t as u16), q);
            }
            t += step;
        }
    }

    /// What the piece `p` stakes on the exchange's square, where the exchange's own move turned
    /// `was` into it: its exchange value, except that a piece that was not royal and became a
    /// royal form (a drunk elephant become a crown prince) is one royal of two, worth its value
    /// and not the game. A royal that promotes (a king become an emperor) stays what it was.
    #[inline]
    fn staked_value(&self, p: Piece, was: Piece, values: &[i32]) -> i32 {
        if p != was && self.variant.form(p).royal && !self.variant.form(was).royal {
            values[p.index()]
        } else {
            self.exchange_value(p, values)
        }
    }

    /// A piece's worth in an exchange: its value, or [`ROYAL_EXCHANGE_VALUE`] for a sole royal.
    #[inline]
    fn exchange_value(&self, p: Piece, values: &[i32]) -> i32 {
        if self.variant.form(p).royal && self.royals[p.colour().index()] <= 1 {
            ROYAL_EXCHANGE_VALUE
        } else {
            values[p.index()]
        }
    }
}

/// A mailbox as a recapture leaves it: the taker gone from `from` and standing on `to`.
struct Recaptured<'a> {
    board: &'a [Piece],
    from: usize,
    to: usize,
    taker: Piece,
}

impl<'a> Recaptured<'a> {
    /// `board` after the piece on `at` takes what stands on `to`.
    fn new(board: &'a [Piece], at: Square, to: Square) -> Self {
        Recaptured {
            board,
            from: at.index(),
            to: to.index(),
            taker: board[at.index()],
        }
    }
}

impl Cells for Recaptured<'_> {
    #[inline(always)]
    fn cell(&self, i: usize) -> Piece {
        if i == self.from {
            Piece::EMPTY
        } else if i == self.to {
            self.taker
        } else {
            self.board[i]
        }
    }
}

/// Whether a piece could capture on one square, whoever stands there (the reach tables'
/// verification: an exchange asks about squares its own pieces hold).
struct AnyHit {
    target: usize,
    hit: bool,
}

impl Visitor for AnyHit {
    const MOVES: bool = false;

    #[inline(always)]
    fn reach(&mut self, _cx: &Ctx, to: usize, _p: Piece, modality: u8) {
        if to == self.target && modality & CAPTURE != 0 {
            self.hit = true;
        }
    }
}

/// Empty-board reach of programs, for the evaluation's mobility: the displacements (columns,
/// rows; rows grow toward White) a piece of a form (Black's program) reaches from a square of
/// the variant's empty board, by any move or capture. The empty board and the record of the
/// squares seen are made once and reused from one question to the next (the evaluation asks
/// about every kind on sample squares: 81 in Taikyoku, some 24,000 questions).
pub struct EmptyBoardReach<'v> {
    variant: &'v Variant,
    cells: Vec<Piece>,
    seen: Vec<bool>,
    found: Vec<usize>,
}

impl<'v> EmptyBoardReach<'v> {
    /// The empty board of `variant`.
    pub fn new(variant: &'v Variant) -> EmptyBoardReach<'v> {
        let geo = &variant.geo;
        EmptyBoardReach {
            variant,
            cells: empty_mailbox(geo),
            seen: vec![false; geo.squares()],
            found: Vec::new(),
        }
    }

    /// The variant whose board this is.
    pub fn variant(&self) -> &'v Variant {
        self.variant
    }

    /// Calls `each` once with every displacement `(columns, rows)` that a piece of `form`
    /// reaches from `(col, row)`, in the order the interpreter finds them.
    pub fn reach(&mut self, form: FormId, col: usize, row: usize, each: impl FnMut(i32, i32)) {
        struct Collect<'g, F> {
            geo: &'g Geometry,
            from: Square,
            seen: &'g mut [bool],
            found: &'g mut Vec<usize>,
            each: F,
        }
        impl<F: FnMut(i32, i32)> Visitor for Collect<'_, F> {
            const MOVES: bool = false;
            fn reach(&mut self, _cx: &Ctx, to: usize, _p: Piece, modality: u8) {
                if modality & (MOVE | CAPTURE) == 0 {
                    return;
                }
                let t = Square(to as u16);
                let d = self.geo.dense(t).index();
                if self.seen[d] {
                    return;
                }
                self.seen[d] = true;
                self.found.push(d);
                let g = self.geo;
                (self.each)(
                    g.col(t) as i32 - g.col(self.from) as i32,
                    g.row(t) as i32 - g.row(self.from) as i32,
                );
            }
        }
        let v = self.variant;
        let geo = &v.geo;
        let from = geo.square(col, row);
        let piece = Piece::new(form, Colour::Black);
        // Forget the previous question's squares.
        for d in self.found.drain(..) {
            self.seen[d] = false;
        }
        let mut c = Collect {
            geo,
            from,
            seen: &mut self.seen,
            found: &mut self.found,
            each,
        };
        let mut w = Walker::new(v, &self.cells[..], from, &mut c);
        w.set_piece(from, piece);
        w.program(&v.programs[piece.index()]);
    }
}

/// Empty-board reach of a program (see [`EmptyBoardReach`], which answers many such questions
/// faster): the displacements a piece of `form` reaches from `(col, row)`.
pub fn empty_board_reach(v: &Variant, form: FormId, col: usize, row: usize) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    EmptyBoardReach::new(v).reach(form, col, row, |dc, dr| out.push((dc, dr)));
    out
}

/// For `must-promote-where-immobile` (docs/variant-format.md): per padded square, bit 0 (1)
/// when a Black piece of `form` would have no move from there on the empty board, bit 1 (2)
/// the same for White; 0 off the board.
pub(crate) fn immobile_squares(v: &Variant, form: FormId) -> Vec<u8> {
    struct Any(bool);
    impl Visitor for Any {
        const MOVES: bool = false;
        fn reach(&mut self, _cx: &Ctx, _to: usize, _p: Piece, modality: u8) {
            if modality & (MOVE | CAPTURE) != 0 {
                self.0 = true;
            }
        }
    }
    let geo = &v.geo;
    let cells = empty_mailbox(geo);
    let mut bits = vec![0u8; geo.padded_len()];
    for sq in geo.all_squares() {
        for colour in [Colour::Black, Colour::White] {
            let piece = Piece::new(form, colour);
            let mut any = Any(false);
            let mut w = Walker::new(v, &cells[..], sq, &mut any);
            w.set_piece(sq, piece);
            w.program(&v.programs[piece.index()]);
            if !any.0 {
                bits[sq.index()] |= 1 << colour.index();
            }
        }
    }
    bits
}

/// The danger to a sole royal piece, found by [`Position::danger`]: the enemy pieces that
/// could ever reach its square and the checkers among them (for a plain slider, with the step
/// of its line towards the royal; None: nothing can stand in its way).
#[derive(Clone, Debug)]
pub struct Danger {
    royal: Square,
    candidates: ArrayVec<u16, 512>,
    checkers: ArrayVec<(u16, Option<i32>), 8>,
    /// Whether every checker is a plain slider or unblockable, so that
    /// [`Position::may_escape`] can judge moves without the interpreter.
    judged: bool,
    /// The padded-mailbox cells the first checker's attack on the royal reads (its own square
    /// among them; a bit per cell): the attack is a function of these cells, so a move that
    /// changes none of them leaves the royal attacked (found without asking the candidates).
    held: Option<[u64; CELL_WORDS]>,
}

/// Words of a set of padded-mailbox cells: a 36x36 board padded by four rings has 1,936.
const CELL_WORDS: usize = 31;

/// A mailbox view that records which cells are read.
struct ReadCells<'a> {
    board: &'a [Piece],
    read: [Cell<u64>; CELL_WORDS],
}

impl Cells for ReadCells<'_> {
    #[inline(always)]
    fn cell(&self, i: usize) -> Piece {
        let w = &self.read[i / 64];
        w.set(w.get() | 1 << (i % 64));
        self.board[i]
    }
}

impl Danger {
    /// Whether the royal is attacked now (the side to move is in check).
    pub fn in_check(&self) -> bool {
        !self.checkers.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// One empty board asked about every kind of chu and of Taikyoku on several squares, each
    /// question twice in a row, answers as a fresh board does: what the previous question
    /// reached is forgotten (a rook in a chu corner reaches 22 squares, a king in the middle
    /// 8).
    #[test]
    fn a_reused_empty_board_answers_as_a_fresh_one() {
        for id in ["chu", "taikyoku"] {
            let v = Variant::builtin(id).unwrap();
            let mut board = EmptyBoardReach::new(&v);
            let (files, ranks) = (v.geo.files(), v.geo.ranks());
            for kind in v.kind_ids() {
                let form = Variant::form_of(kind, false);
                for (col, row) in [(0, 0), (files / 2, ranks / 2), (files - 1, 2)] {
                    let fresh = empty_board_reach(&v, form, col, row);
                    for _ in 0..2 {
                        let mut again = Vec::new();
                        board.reach(form, col, row, |dc, dr| again.push((dc, dr)));
                        assert_eq!(
                            again,
                            fresh,
                            "{id} {} at ({col}, {row})",
                            v.kind(kind).code()
                        );
                    }
                }
            }
        }
        let v = Variant::builtin("chu").unwrap();
        let count = |code: &str, col, row| {
            let form = Variant::form_of(v.kind_by_code(code).unwrap(), false);
            empty_board_reach(&v, form, col, row).len()
        };
        assert_eq!(count("R", 0, 0), 22);
        assert_eq!(count("K", 5, 5), 8);
    }

    /// Along a seeded random playout of `id`, on every square and for both sides, the board
    /// masks' candidates hold every piece the reach tables name (the whole piece list
    /// filtered by the tables, as the attack questions asked before the masks), and no piece
    /// of the other side. Returns how many far-reaching kind bitboards the variant has.
    fn candidates_cover_reach<const N: usize>(id: &str, seed: u64, plies: usize) -> usize {
        let v = Variant::builtin(id).unwrap();
        playout::<N>(&v, seed, plies, |ply, p| {
            if ply % 5 == 0 {
                for side in [Colour::Black, Colour::White] {
                    for to in v.geo.all_squares() {
                        let bb = p.reach_candidates(side, to);
                        for &s in &p.plist[side.index()] {
                            let piece = p.board[s as usize];
                            if !v.form(piece).emperor
                                && v.reach.may_reach(piece, s as usize, to.index())
                            {
                                assert!(
                                    bb.has(v.geo.dense(Square(s))),
                                    "{id}: {} on {} misses {}",
                                    v.kind(v.form(piece).kind).code(),
                                    v.geo.square_name(Square(s)),
                                    v.geo.square_name(to)
                                );
                            }
                        }
                        for &s in &p.plist[side.flip().index()] {
                            assert!(!bb.has(v.geo.dense(Square(s))));
                        }
                    }
                }
            }
        });
        v.reach.far_kinds[0].len() + v.reach.far_kinds[1].len()
    }

    /// Plays a seeded random game of `v` for up to `plies` plies (a small linear congruential
    /// generator picks the moves), showing `visit` each position with its ply.
    fn playout<const N: usize>(
        v: &Arc<Variant>,
        seed: u64,
        plies: usize,
        mut visit: impl FnMut(usize, &Position<N>),
    ) {
        let mut p = Position::<N>::startpos(v.clone());
        let mut state = seed;
        for ply in 0..plies {
            visit(ply, &p);
            let moves = p.moves();
            if moves.is_empty() || p.winner().is_some() {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            p.make(moves[(state >> 33) as usize % moves.len()]);
        }
    }

    /// Whether the piece on `at` reaches `target` by its whole program (the interpreter alone).
    fn walks_to<const N: usize>(p: &Position<N>, board: &[Piece], at: u16, target: Square) -> bool {
        let v = &*p.variant;
        let mut hit = AnyHit {
            target: target.index(),
            hit: false,
        };
        let piece = board[at as usize];
        Walker::new(v, board, Square(at), &mut hit).program(&v.programs[piece.index()]);
        hit.hit
    }

    /// Along a seeded random playout of `id`, for every piece and square, `reaches_in` (the
    /// tables, then only the ops of the target's region) says what walking the whole program
    /// says, on the position's board and on a copy with every third piece lifted (as in an
    /// exchange).
    fn reaches_agrees_with_whole_programs<const N: usize>(
        id: &str,
        seed: u64,
        plies: usize,
        every: usize,
    ) {
        let v = Variant::builtin(id).unwrap();
        playout::<N>(&v, seed, plies, |ply, p| {
            if ply % every == every - 1 {
                let mut lifted = p.board.clone();
                for (k, &s) in p.plist[0].iter().chain(&p.plist[1]).enumerate() {
                    if k % 3 == 2 {
                        lifted[s as usize] = Piece::EMPTY;
                    }
                }
                for board in [&p.board, &lifted] {
                    for &at in p.plist[0].iter().chain(&p.plist[1]) {
                        let piece = board[at as usize];
                        if !piece.is_piece() || v.form(piece).emperor {
                            continue;
                        }
                        for to in v.geo.all_squares() {
                            if to.0 == at {
                                continue;
                            }
                            assert_eq!(
                                p.reaches_in(&board[..], Square(at), to),
                                walks_to(p, board, at, to),
                                "{id}: {} on {} to {} in {}",
                                v.kind(v.form(piece).kind).code(),
                                v.geo.square_name(Square(at)),
                                v.geo.square_name(to),
                                p.to_notation()
                            );
                        }
                    }
                }
            }
        });
    }

    #[test]
    fn reaches_agrees_with_the_interpreter() {
        reaches_agrees_with_whole_programs::<3>("chu", 11, 120, 30);
        reaches_agrees_with_whole_programs::<5>("dai-dai", 12, 120, 40);
        reaches_agrees_with_whole_programs::<6>("maka-dai-dai", 13, 120, 40);
        reaches_agrees_with_whole_programs::<6>("ko", 14, 120, 40);
        reaches_agrees_with_whole_programs::<21>("taikyoku", 15, 60, 30);
    }

    /// Along a seeded random playout of `id`, every piece (of either side) that
    /// `may_capture_near` rules out reaches no enemy piece by its whole program and has none
    /// within [`NEAR`] squares; returns how many were ruled out, so that the caller can see
    /// that the test is not vacuous.
    fn ruled_out_pieces_capture_nothing<const N: usize>(
        id: &str,
        seed: u64,
        plies: usize,
    ) -> usize {
        let v = Variant::builtin(id).unwrap();
        let mut ruled_out = 0;
        playout::<N>(&v, seed, plies, |ply, p| {
            if ply % 4 != 3 {
                return;
            }
            for side in [Colour::Black, Colour::White] {
                for &at in &p.plist[side.index()] {
                    let piece = p.board[at as usize];
                    if p.may_capture_near(piece, Square(at)) {
                        continue;
                    }
                    ruled_out += 1;
                    for &e in &p.plist[side.flip().index()] {
                        assert!(
                            !walks_to(p, &p.board, at, Square(e)),
                            "{id}: {} on {} captures on {} in {}",
                            v.kind(v.form(piece).kind).code(),
                            v.geo.square_name(Square(at)),
                            v.geo.square_name(Square(e)),
                            p.to_notation()
                        );
                        assert!(v.geo.king_distance(Square(at), Square(e)) > NEAR);
                    }
                }
            }
        });
        ruled_out
    }

    #[test]
    fn pieces_without_a_near_enemy_capture_nothing() {
        assert!(ruled_out_pieces_capture_nothing::<3>("chu", 21, 120) > 100);
        assert!(ruled_out_pieces_capture_nothing::<5>("dai-dai", 22, 120) > 100);
        assert!(ruled_out_pieces_capture_nothing::<6>("maka-dai-dai", 23, 120) > 100);
        assert!(ruled_out_pieces_capture_nothing::<21>("taikyoku", 24, 40) > 100);
    }

    /// Ko's captures are not all in the reach tables (shots, burns, priests' jumps, killing
    /// promotions): along seeded playouts, no move of a piece that `may_capture_near` rules out
    /// removes an enemy piece, by the whole move list (not the walker of
    /// `ruled_out_pieces_capture_nothing`, which knows none of those captures). It failed
    /// while the shooters, burners and priests could count as near-only.
    #[test]
    fn ko_pieces_ruled_out_capture_nothing() {
        let v = Variant::builtin("ko").unwrap();
        let (mut ruled_out, mut afar) = (0, 0);
        for seed in [31, 32, 33] {
            playout::<6>(&v, seed, 160, |ply, p| {
                if ply % 4 != 3 {
                    return;
                }
                let us = p.side;
                let ruled: Vec<u16> = p.plist[us.index()]
                    .iter()
                    .copied()
                    .filter(|&at| !p.may_capture_near(p.board[at as usize], Square(at)))
                    .collect();
                ruled_out += ruled.len();
                afar += p.plist[us.index()]
                    .iter()
                    .filter(|&&at| {
                        captures_afar(&v, p.board[at as usize])
                            && p.plist[us.flip().index()]
                                .iter()
                                .all(|&e| v.geo.king_distance(Square(at), Square(e)) > NEAR)
                    })
                    .count();
                for m in p.moves() {
                    if !ruled.contains(&m.from().0) {
                        continue;
                    }
                    let mut takes = false;
                    p.for_each_captured(m, |_, q| takes |= q.colour() != us);
                    assert!(
                        !takes,
                        "ko: {} removes an enemy piece in {}",
                        p.move_to_string(m),
                        p.to_notation()
                    );
                }
            });
        }
        assert!(ruled_out > 1000, "{ruled_out} ruled out");
        // Pieces that capture afar stood with no enemy piece near (where a near-only piece is
        // ruled out) among the positions looked at.
        assert!(
            afar > 100,
            "{afar} pieces that capture afar with no enemy near"
        );
    }

    #[test]
    fn near_masks_hold_the_squares_within_three() {
        for id in ["chu", "dai-dai", "taikyoku"] {
            let v = Variant::builtin(id).unwrap();
            let (masks, spans) = near_masks(&v.geo);
            let words = v.geo.squares().div_ceil(64);
            for a in v.geo.all_squares() {
                let da = v.geo.dense(a).index();
                let (first, last) = spans[da];
                for b in v.geo.all_squares() {
                    let db = v.geo.dense(b).index();
                    let set = masks[da * words + db / 64] >> (db % 64) & 1 != 0;
                    assert_eq!(set, v.geo.king_distance(a, b) <= NEAR, "{id}");
                    if set {
                        assert!(
                            (first as usize..=last as usize).contains(&(db / 64)),
                            "{id}"
                        );
                    }
                }
            }
        }
        // The reach tables' flag: a chu gold general, kirin and lion capture only near, a rook
        // and a bishop do not.
        let chu = Variant::builtin("chu").unwrap();
        let near_only = |v: &Variant, code: &str| {
            let kind = (0..v.programs.len())
                .map(|i| Piece(i as u16))
                .find(|&p| {
                    p.is_piece() && v.form(p).exists && v.kind(v.form(p).kind).code() == code
                })
                .unwrap();
            v.reach.near_only[kind.index()]
        };
        assert!(near_only(&chu, "G") && near_only(&chu, "KR") && near_only(&chu, "LN"));
        assert!(!near_only(&chu, "R") && !near_only(&chu, "B"));
        // Ko: a pawn and an engineer capture only near; a long bow (its own move captures
        // nothing: it shoots), a clerk (its promotion removes enemy pieces), a Taoist priest
        // and a poison flame (it burns) step only near but are not near-only.
        let ko = Variant::builtin("ko").unwrap();
        assert!(near_only(&ko, "P") && near_only(&ko, "EN"));
        for code in ["LB", "SC", "TB", "PF"] {
            assert!(!near_only(&ko, code), "ko: {code} counts as near-only");
        }
    }

    #[test]
    fn reach_candidates_cover_every_possible_attacker() {
        assert_eq!(candidates_cover_reach::<3>("chu", 1, 150), 0);
        candidates_cover_reach::<5>("dai-dai", 2, 150);
        candidates_cover_reach::<6>("maka-dai-dai", 3, 150);
        candidates_cover_reach::<6>("ko", 4, 150);
        let far = candidates_cover_reach::<21>("taikyoku", 5, 60);
        // Taikyoku's hook movers (hook mover, long-nosed goblin, capricorn) and the like
        // reach squares off every king line through their own.
        assert!(far > 0, "Taikyoku has far-reaching pieces");
    }
}
