//! Static exchange evaluation: what the capture sequence on one square wins.

use arrayvec::ArrayVec;

use crate::board::geometry::{Colour, Square};
use crate::board::moves::{Move, Promotion};
use crate::board::position::Position;
use crate::definition::piece::Piece;
use crate::generation::interp::{CapInfo, Cells};

/// The most squares a board has (a 36x36 board in 21 bitboard words): a bound on a side's
/// pieces.
pub(super) const MAX_SQUARES: usize = 64 * 21;

/// Most candidate attackers of one square an exchange looks at, per side.
pub(super) const MAX_EXCHANGE: usize = 48;
/// Pieces one move may remove (a range capture along a 36-square line, with room to spare).
pub(super) const MAX_REMOVED: usize = 64;

/// A value that stands for a sole royal piece in an exchange: taking it ends the game.
pub const ROYAL_EXCHANGE_VALUE: i32 = 100_000;

impl<const N: usize> Position<N> {
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
    pub(super) fn exchange<const DECIDE: bool>(
        &mut self,
        m: Move,
        values: &[i32],
        threshold: i32,
    ) -> i32 {
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
    pub(super) fn exchange_candidates(
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
    pub(super) fn later_exchange_candidates(
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
    pub(super) fn recapture_exposes(
        &self,
        at: Square,
        to: Square,
        royal: Square,
        enemy: Colour,
    ) -> bool {
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
    pub(super) fn guarded_lion_out_of_reach(
        &self,
        at: Square,
        to: Square,
        guards: &[(i32, u16)],
    ) -> bool {
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
    pub(super) fn range_flight(&self, at: Square, to: Square) -> Option<i32> {
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
    pub(super) fn staked_value(&self, p: Piece, was: Piece, values: &[i32]) -> i32 {
        if p != was && self.variant.form(p).royal && !self.variant.form(was).royal {
            values[p.index()]
        } else {
            self.exchange_value(p, values)
        }
    }

    /// A piece's worth in an exchange: its value, or [`ROYAL_EXCHANGE_VALUE`] for a sole royal.
    #[inline]
    pub(super) fn exchange_value(&self, p: Piece, values: &[i32]) -> i32 {
        if self.variant.form(p).royal && self.royals[p.colour().index()] <= 1 {
            ROYAL_EXCHANGE_VALUE
        } else {
            values[p.index()]
        }
    }
}

/// A mailbox as a recapture leaves it: the taker gone from `from` and standing on `to`.
pub(super) struct Recaptured<'a> {
    board: &'a [Piece],
    from: usize,
    to: usize,
    taker: Piece,
}

impl<'a> Recaptured<'a> {
    /// `board` after the piece on `at` takes what stands on `to`.
    pub(super) fn new(board: &'a [Piece], at: Square, to: Square) -> Self {
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
