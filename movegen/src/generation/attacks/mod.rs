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
//! generating the mover's captures, [`crate::rules::game`]).

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Colour, Geometry, Square};
use crate::board::position::Position;
use crate::definition::piece::Piece;
use crate::definition::program::CAPTURE;
use crate::generation::interp::{Cells, Ctx, Lifted, Visitor, Walker};

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

mod empty_board;
mod exchange;
mod reach;
mod reach_build;
mod royal;

pub(crate) use empty_board::immobile_squares;
pub use empty_board::{empty_board_reach, EmptyBoardReach};
pub use exchange::ROYAL_EXCHANGE_VALUE;
use reach::region;
pub(crate) use reach::{square_masks, ReachTables};
pub(crate) use reach_build::reach_tables;
pub use royal::Danger;

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

#[cfg(test)]
mod tests;
