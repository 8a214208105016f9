//! Shooting and burning, layered on top of a piece's movement in a zone-promotion variant
//! (`{shoot}`, `{priest}` and `{burn}` in a variant file; Ko shogi's bows, guns, priests and
//! poison flame, docs/ko.md "Shooting" and "Burning"): the shots a piece may take from where
//! its movement ends (or without moving), the priests' jumps that alternate with adjacent
//! shots, and the pieces a burning piece removes where it ends its move.

use arrayvec::ArrayVec;

use crate::board::geometry::{Colour, Square};
use crate::board::moves::Move;
use crate::board::position::{MoveObserver, Position};
use crate::definition::betza::ShotClass;
use crate::definition::piece::Piece;
use crate::definition::variant_file::KindId;

use super::zone_promotion::{push_cand, Cand, Landing, MAX_SHOT_TARGETS};

impl<const N: usize> Position<N> {
    /// The cell seen after a move: `vacated` empty, `at` holding the mover, `gone` empty.
    fn vcell(&self, sq: i32, vacated: u16, at: u16, mover: Piece, gone: &[u16]) -> Piece {
        let s = sq as u16;
        if s == at {
            mover
        } else if s == vacated || gone.contains(&s) {
            Piece::EMPTY
        } else {
            self.board[sq as usize]
        }
    }

    /// Whether a shot of `class` from `dist` squares can hit `target`.
    fn can_shoot(&self, target: Piece, class: ShotClass, dist: u8) -> bool {
        let f = self.variant.form(target);
        f.shot_immune & class.bit() == 0 && (f.shot_min == 0 || dist >= f.shot_min)
    }

    /// Targets one shot can hit from `at` (after the movement described by the arguments).
    #[allow(clippy::too_many_arguments)]
    fn shot_targets(
        &self,
        at: u16,
        vacated: u16,
        mover: Piece,
        gone: &[u16],
        class: ShotClass,
        range: u8,
        out: &mut ArrayVec<u16, MAX_SHOT_TARGETS>,
    ) {
        let us = mover.colour();
        for &d in &self.variant.king_steps {
            let mut t = at as i32;
            for k in 1..=range {
                t += d;
                let p = self.vcell(t, vacated, at, mover, gone);
                if p == Piece::OFFBOARD {
                    break;
                }
                if p == Piece::EMPTY {
                    continue;
                }
                if p.colour() != us && self.can_shoot(p, class, k) && !out.contains(&(t as u16)) {
                    out.push(t as u16);
                }
                if class != ShotClass::Cannon {
                    break;
                }
            }
        }
    }

    /// Candidates with shots from landing `l`.
    pub(crate) fn shot_cands<const C: usize>(
        &self,
        from: Square,
        mover: Piece,
        l: &Landing,
        sh: crate::definition::program::Shooter,
        cands: &mut ArrayVec<Cand, C>,
    ) {
        // No enemy piece on the king lines within range of the landing (the move only empties
        // squares and puts down the shooter itself): no shot, first or second.
        let lines = &self
            .variant
            .zone_promotion
            .as_ref()
            .expect("zone-promotion rules")
            .shot_lines;
        let at = self.variant.geo.dense(Square(l.to)).index();
        if !lines.any_within(at, sh.range, &self.occ[mover.colour().flip().index()].0) {
            return;
        }
        let mut first: ArrayVec<u16, MAX_SHOT_TARGETS> = ArrayVec::new();
        self.shot_targets(
            l.to,
            from.0,
            mover,
            l.caps(),
            sh.class,
            sh.range,
            &mut first,
        );
        for &t1 in &first {
            let mut c = Cand::new(
                Move::with_shots(from, None, Some(Square(t1)), None, Square(l.to)),
                l.caps(),
            )
            .via_zone(l.zone);
            c.removed[c.nrem as usize] = t1;
            c.nrem += 1;
            push_cand(cands, c);
            if sh.shots >= 2 {
                let mut gone: ArrayVec<u16, 8> = l.caps().iter().copied().collect();
                gone.push(t1);
                let mut second: ArrayVec<u16, MAX_SHOT_TARGETS> = ArrayVec::new();
                self.shot_targets(l.to, from.0, mover, &gone, sh.class, sh.range, &mut second);
                for &t2 in &second {
                    let mut c2 = c;
                    c2.mv = Move::with_shots(
                        from,
                        None,
                        Some(Square(t1)),
                        Some(Square(t2)),
                        Square(l.to),
                    );
                    c2.removed[c2.nrem as usize] = t2;
                    c2.nrem += 1;
                    push_cand(cands, c2);
                }
            }
        }
    }

    /// The priest's, monk's, fog's and light's moves: jumps (capturing only the allowed
    /// kinds), each optionally followed by a shot at an adjacent enemy; or one shot in place.
    pub(crate) fn priest_cands<const C: usize>(
        &self,
        from: Square,
        mover: Piece,
        vecs: &[i32],
        legs: u8,
        targets: &[KindId],
        cands: &mut ArrayVec<Cand, C>,
    ) {
        let v = &*self.variant;
        let us = mover.colour();
        let f = from.0 as i32;
        let jump_ok = |sq: i32, gone: &[u16]| -> Option<Option<u16>> {
            let p = self.vcell(sq, from.0, u16::MAX, mover, gone);
            if p == Piece::OFFBOARD {
                return None;
            }
            if p == Piece::EMPTY {
                return Some(None);
            }
            if p.colour() == us {
                return None;
            }
            if targets.contains(&v.form(p).kind) {
                Some(Some(sq as u16))
            } else {
                None
            }
        };
        let adjacent = |at: u16, gone: &[u16]| -> ArrayVec<u16, 8> {
            let mut out = ArrayVec::new();
            for &d in &v.king_steps {
                let t = at as i32 + d;
                let p = self.vcell(t, from.0, at, mover, gone);
                if p.is_piece() && p.colour() != us && self.can_shoot(p, ShotClass::Adjacent, 1) {
                    out.push(t as u16);
                }
            }
            out
        };
        // The first jump's square is named only if something happens there (a capture or a
        // shot); otherwise the piece only passes through it and the string leaves it out.
        let make = |mid: Option<u16>, a: Option<u16>, b: Option<u16>, to: u16, removed: &[u16]| {
            // The first jump's square is a stop between legs (docs/ko.md "Promotion").
            let zone = mid.is_some_and(|m| self.in_zone(Square(m), us));
            let (mid, a, b) = match mid {
                Some(m) if a.is_none() && !removed.contains(&m) => (None, b, None),
                _ => (mid, a, b),
            };
            Cand::new(
                Move::with_shots(
                    from,
                    mid.map(Square),
                    a.map(Square),
                    b.map(Square),
                    Square(to),
                ),
                removed,
            )
            .via_zone(zone)
        };
        // One shot without moving.
        for s in adjacent(from.0, &[]) {
            push_cand(cands, make(None, Some(s), None, from.0, &[s]));
        }
        for &d1 in vecs {
            let t1 = f + d1;
            let Some(cap1) = jump_ok(t1, &[]) else {
                continue;
            };
            let t1u = t1 as u16;
            let mut rem1: ArrayVec<u16, 6> = ArrayVec::new();
            rem1.extend(cap1);
            // One jump, with or without a shot.
            push_cand(cands, make(None, None, None, t1u, &rem1));
            let shots1 = adjacent(t1u, &rem1);
            for &s in &shots1 {
                let mut r = rem1.clone();
                r.push(s);
                push_cand(cands, make(None, Some(s), None, t1u, &r));
            }
            if legs < 2 {
                continue;
            }
            let mut after_first: ArrayVec<(Option<u16>, ArrayVec<u16, 6>), 9> = ArrayVec::new();
            after_first.push((None, rem1.clone()));
            for &s in &shots1 {
                let mut r = rem1.clone();
                r.push(s);
                after_first.push((Some(s), r));
            }
            for (shot_a, rem) in &after_first {
                for &d2 in vecs {
                    let t2 = t1 + d2;
                    let cap2 = if t2 == f {
                        None
                    } else {
                        // The mover stands on t1 now; t1 is not a landing for the second jump.
                        match self.vcell(t2, from.0, t1u, mover, rem) {
                            p if p == Piece::OFFBOARD => continue,
                            p if p == Piece::EMPTY => None,
                            p if p.colour() == us => continue,
                            p if targets.contains(&v.form(p).kind) => Some(t2 as u16),
                            _ => continue,
                        }
                    };
                    let t2u = t2 as u16;
                    let mut r2 = rem.clone();
                    r2.extend(cap2);
                    if !(t2u == from.0 && r2.is_empty()) {
                        push_cand(cands, make(Some(t1u), *shot_a, None, t2u, &r2));
                    }
                    for s in adjacent(t2u, &r2) {
                        let mut r3 = r2.clone();
                        r3.push(s);
                        push_cand(cands, make(Some(t1u), *shot_a, Some(s), t2u, &r3));
                    }
                }
            }
        }
    }

    /// How many enemy pieces a burning piece arriving with move `m` would burn.
    pub(crate) fn burn_count(&self, m: Move, us: Colour) -> usize {
        let mut n = 0;
        self.for_each_burned(m, us, |_, _| n += 1);
        n
    }

    /// Calls `f` for each enemy piece around the destination of `m` that a burning mover
    /// removes (pieces the move captures anyway are not burned again).
    pub(crate) fn for_each_burned(&self, m: Move, us: Colour, mut f: impl FnMut(Square, Piece)) {
        let to = m.to().0 as i32;
        for &d in &self.variant.king_steps {
            let t = to + d;
            let sq = Square(t as u16);
            if sq == m.from() || m.stops().any(|s| s == sq) || m.shots().any(|s| s == sq) {
                continue;
            }
            let p = self.board[t as usize];
            if p.is_piece() && p.colour() != us {
                f(sq, p);
            }
        }
    }

    /// Removes the enemy pieces a burning mover burns where move `m` (just played) ends; they
    /// go on the capture stack.
    pub(crate) fn burn<O: MoveObserver>(&mut self, m: Move, us: Colour, obs: &mut O) {
        let mut burned: ArrayVec<Square, 8> = ArrayVec::new();
        self.for_each_burned(m, us, |s, _| burned.push(s));
        for s in burned {
            self.capture_observed(s, obs);
        }
    }
}
