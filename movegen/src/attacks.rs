//! Attack maps: the squares on which a side could capture a piece of the other side if one
//! stood there. Used by the emperor's move and by the game layer (check, perpetual check).
//!
//! The emperors' own powers are left out (their rule is defined in terms of attacks, see
//! `docs/rules.md`).

use crate::bitboard::Bitboard;
use crate::geometry::{Colour, Square};
use crate::position::Position;
use crate::program::{Op, CAPTURE, UNLIMITED};
use crate::variant::Piece;

impl<const N: usize> Position<N> {
    /// Squares `side` attacks, computed as if the square `lifted` (if any) were empty.
    pub fn attacks(&self, side: Colour, lifted: Option<Square>) -> Bitboard<N> {
        let v = &*self.variant;
        let lifted = lifted.map_or(usize::MAX, |s| s.index());
        let at = |s: i32| -> Piece {
            if s as usize == lifted {
                Piece::EMPTY
            } else {
                self.board[s as usize]
            }
        };
        let mut out = Bitboard::<N>::EMPTY;
        let mut mark = |s: i32| {
            if v.geo.on_board(s as usize) {
                out.set(v.geo.dense(Square(s as u16)));
            }
        };
        // Marks the squares of a ray up to and including the first occupied one.
        fn ray(at: &dyn Fn(i32) -> Piece, mark: &mut dyn FnMut(i32), start: i32, d: i32, max: u8) {
            let mut t = start + d;
            let mut n = 0u8;
            loop {
                let p = at(t);
                if p == Piece::OFFBOARD {
                    return;
                }
                mark(t);
                if p != Piece::EMPTY {
                    return;
                }
                n += 1;
                if n == max {
                    return;
                }
                t += d;
            }
        }
        for &sq in &self.plist[side.index()] {
            if sq as usize == lifted {
                continue;
            }
            let piece = self.board[sq as usize];
            let form = v.form(piece);
            if form.emperor {
                continue;
            }
            let from = sq as i32;
            for &op in &v.programs[piece.index()].ops {
                match op {
                    Op::Slide { d, max, modality } => {
                        if modality & CAPTURE != 0 {
                            ray(&at, &mut mark, from, d, max);
                        }
                    }
                    Op::Leap { d, modality } => {
                        if modality & CAPTURE != 0 {
                            mark(from + d);
                        }
                    }
                    Op::JumpSlide {
                        d,
                        from: a,
                        to: b,
                        cont,
                        modality,
                    } => {
                        if modality & CAPTURE == 0 {
                            continue;
                        }
                        let mut t = from;
                        for k in 1..=b {
                            t += d;
                            let p = at(t);
                            if p == Piece::OFFBOARD {
                                break;
                            }
                            if k < a {
                                continue;
                            }
                            mark(t);
                            if p == Piece::EMPTY {
                                ray(&at, &mut mark, t, d, cont);
                            }
                        }
                    }
                    Op::PassOver {
                        d,
                        n,
                        max,
                        modality,
                    } => {
                        if modality & CAPTURE == 0 {
                            continue;
                        }
                        let mut t = from + d;
                        let (mut passed, mut dist) = (0u8, 0u8);
                        loop {
                            let p = at(t);
                            if p == Piece::OFFBOARD {
                                break;
                            }
                            mark(t);
                            if p != Piece::EMPTY {
                                if passed == n {
                                    break;
                                }
                                passed += 1;
                            }
                            dist += 1;
                            if dist == max {
                                break;
                            }
                            t += d;
                        }
                    }
                    Op::RangeCapture { d } => {
                        let rank = form.rank;
                        let mut t = from + d;
                        loop {
                            let p = at(t);
                            if p == Piece::OFFBOARD {
                                break;
                            }
                            mark(t);
                            if p != Piece::EMPTY && v.form(p).rank >= rank {
                                break;
                            }
                            t += d;
                        }
                    }
                    Op::JumpCapture { d } => {
                        let mut t = from + d;
                        while at(t) != Piece::OFFBOARD {
                            mark(t);
                            t += d;
                        }
                    }
                    Op::Hook { d, p1, p2 } => {
                        let mut t = from + d;
                        loop {
                            let p = at(t);
                            if p == Piece::OFFBOARD {
                                break;
                            }
                            mark(t);
                            if p != Piece::EMPTY {
                                break;
                            }
                            ray(&at, &mut mark, t, p1, UNLIMITED);
                            ray(&at, &mut mark, t, p2, UNLIMITED);
                            t += d;
                        }
                    }
                    Op::LionLine { d, n, .. } => {
                        for k in 1..=n as i32 {
                            if at(from + d * k) == Piece::OFFBOARD {
                                break;
                            }
                            mark(from + d * k);
                        }
                    }
                    Op::Igui { d } => mark(from + d),
                    Op::Lion => {
                        for &d in v.king_steps.iter().chain(v.ring_two.iter()) {
                            mark(from + d);
                        }
                    }
                    // The emperor's own powers are left out by definition; Ko's atoms are not
                    // covered by attack maps (Ko's check is found by generating moves).
                    Op::Emperor
                    | Op::Double { .. }
                    | Op::Steps { .. }
                    | Op::MultiLine { .. }
                    | Op::Priest { .. } => {}
                }
            }
        }
        out
    }

    /// Whether `side` attacks the square.
    pub fn is_attacked(&self, sq: Square, side: Colour) -> bool {
        self.attacks(side, None).has(self.variant.geo.dense(sq))
    }

    /// Whether `side` is in check in the seeds' sense: it has exactly one royal piece left and
    /// the opponent attacks it.
    pub fn royal_in_danger(&self, side: Colour) -> bool {
        if self.royals[side.index()] != 1 {
            return false;
        }
        let v = &*self.variant;
        let att = self.attacks(side.flip(), None);
        self.plist[side.index()].iter().any(|&s| {
            let p = self.board[s as usize];
            v.form(p).royal && att.has(v.geo.dense(Square(s)))
        })
    }
}
