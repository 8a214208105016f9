//! Repetitions inside the search: what a repeated position scores (a draw, or a loss for the
//! side that attacked with every move of the cycle under the fourfold rule's perpetual
//! clause), and whether the side to move can repeat with its next move.

use taikyoku_movegen::{Move, Position};

use super::thread::Thread;
use super::{MAX_PLY, PERPETUAL_LOSS};

impl<const N: usize> Thread<'_, N> {
    /// The score of the position at `ply`, which occurred `k` plies earlier with the same side
    /// to move: a
    /// draw, unless one side made an attacking move (a check; in chu also an attack by the piece
    /// that moved, perpetual chasing) with each of its moves since then and the other did not:
    /// that side loses, as the fourfold rule's perpetual clause has it (`rules/game.rs`; one
    /// repetition stands for the fourth, as in YaneuraOu); under a rule without that clause
    /// (fivefold) always a draw. The moves of the cycle inside the
    /// tree are taken back one by one and asked; those before the root were asked once at the
    /// root (`Shared::history_attacks`). A cycle longer than what is known scores the draw.
    /// Repeated positions are rare, so the walk costs nothing measurable.
    pub(super) fn repetition_score(&mut self, ply: usize, k: usize) -> i32 {
        let draw = self.draw_score(ply);
        let before = &self.shared.history_attacks;
        if !self.perpetual_clause || k > ply + before.len() {
            return draw;
        }
        // `back` counts the cycle's moves from the last: even ones were made by the opponent of
        // the side to move here, odd ones by the side to move.
        let (mut ours, mut theirs) = (true, true);
        let mut note = |back: usize, attacked: bool| {
            if back.is_multiple_of(2) {
                theirs &= attacked;
            } else {
                ours &= attacked;
            }
        };
        let in_tree = k.min(ply);
        // The plain position, as in `repeats`: the moves are made again right after.
        let pos: &mut Position<N> = &mut self.pos;
        let mut undone = [None; MAX_PLY];
        for (back, slot) in undone.iter_mut().enumerate().take(in_tree) {
            note(back, pos.in_check() || pos.last_move_chases());
            *slot = pos.last_move();
            pos.unmake();
        }
        for m in undone[..in_tree].iter().rev().flatten() {
            pos.make(*m);
        }
        for back in in_tree..k {
            note(back, before[before.len() + in_tree - 1 - back]);
        }
        match (ours, theirs) {
            (true, false) => -PERPETUAL_LOSS,
            (false, true) => PERPETUAL_LOSS,
            _ => draw,
        }
    }

    /// The draw the side to move at `ply` can take by an upcoming repetition, when it is worth
    /// more than `alpha` (step 3b and quiescence): not in check, and not after a check of its
    /// own, since repeating that may lose the game.
    pub(crate) fn repetition_floor(
        &mut self,
        ply: usize,
        in_check: bool,
        alpha: i32,
    ) -> Option<i32> {
        let draw = self.draw_score(ply);
        (!in_check
            && alpha < draw
            && (ply == 0 || !self.frames[ply - 1].in_check)
            && self.upcoming_repetition())
        .then_some(draw)
    }

    /// Whether the side to move can recreate, with one move, a position that occurred earlier
    /// with the same side to move: the cycle of four plies, in which the opponent's last move
    /// took back its move before, and the side to move takes back its own last move.
    /// Stockfish finds every such move with a cuckoo table of reversible moves; the giant boards
    /// have too many (piece, square, square) triples for one, so this test is limited to the
    /// cycle in which pieces step back and forth, which is how games repeat. The candidate is
    /// checked against the move generator and the history.
    pub(crate) fn upcoming_repetition(&mut self) -> bool {
        if self.forbid_repetition || self.pos.reversible_history().len() < 3 {
            return false;
        }
        let (Some(theirs), Some(ours), Some(theirs_before)) = (
            self.pos.recent_move(0),
            self.pos.recent_move(1),
            self.pos.recent_move(2),
        ) else {
            return false;
        };
        let takes_back = |m: Move, earlier: Move| {
            m.from() == earlier.to()
                && m.to() == earlier.from()
                && !m.has_stops()
                && !earlier.has_stops()
        };
        if !takes_back(theirs, theirs_before) || ours.has_stops() {
            return false;
        }
        let Some(back) = self
            .pos
            .move_from_key(Move::new(ours.to(), ours.from()).key())
        else {
            return false;
        };
        self.repeats(back)
    }

    /// Whether `m` leads back to a position that occurred earlier with the same side to move
    /// (a draw by repetition in the search).
    pub(super) fn repeats(&mut self, m: Move) -> bool {
        if !self.pos.may_recur_after(m) {
            return false;
        }
        // The plain position: the evaluation's sums would be updated and restored for nothing.
        let pos: &mut Position<N> = &mut self.pos;
        pos.make(m);
        let repeated = pos.is_repetition();
        pos.unmake();
        repeated
    }
}
