//! The danger to a sole royal piece and the questions a search asks about it: check,
//! escapes, a royal capturable after a move, a win on the spot.

use std::cell::Cell;

use arrayvec::ArrayVec;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Colour, Square};
use crate::board::moves::{Move, Promotion};
use crate::board::position::Position;
use crate::definition::piece::Piece;
use crate::generation::interp::Cells;

use super::reach::{RAY, UNBLOCKABLE};

impl<const N: usize> Position<N> {
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
        impl<const N: usize> crate::board::moves::MoveSink for Find<'_, N> {
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
pub(super) const CELL_WORDS: usize = 31;

/// A mailbox view that records which cells are read.
pub(super) struct ReadCells<'a> {
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
