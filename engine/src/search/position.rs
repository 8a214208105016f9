//! A search thread's position together with the evaluation state that follows it.

use std::ops::{Deref, DerefMut};

use taikyoku_eval::{Accumulator, Evaluator};
use taikyoku_movegen::{Move, Position};

/// A search thread's position and the evaluation's running sums ([`Accumulator`]), moved
/// together: the board knows nothing of the evaluation, and every make and unmake of the search
/// passes the accumulator to [`Position::make_observed`] and [`Position::unmake_observed`], so
/// the sums always describe the board. The position is reached through `Deref` and `DerefMut`
/// (the attack questions and the static exchange take `&mut` to try captures, and restore the
/// board before they return); a move made on the inner position itself, bypassing
/// [`SearchPosition::make`], would not update the sums.
#[derive(Clone, Debug)]
pub struct SearchPosition<const N: usize> {
    pos: Position<N>,
    acc: Accumulator,
}

impl<const N: usize> SearchPosition<N> {
    /// Takes `pos` over and computes its sums for `eval`.
    pub fn new(pos: Position<N>, eval: &Evaluator) -> Self {
        let acc = eval.accumulator(&pos);
        SearchPosition { pos, acc }
    }

    /// The evaluation's running sums for the current position.
    #[inline]
    pub fn accumulator(&self) -> &Accumulator {
        &self.acc
    }

    /// Plays a move generated for this position, updating the sums.
    #[inline]
    pub fn make(&mut self, m: Move) {
        self.pos.make_observed(m, &mut self.acc);
    }

    /// Takes back the last move made, restoring the sums.
    #[inline]
    pub fn unmake(&mut self) {
        self.pos.unmake_observed(&mut self.acc);
    }

    /// Passes the turn (null-move pruning); the sums do not change.
    #[inline]
    pub fn make_null(&mut self) {
        self.pos.make_null();
    }

    /// Takes back [`SearchPosition::make_null`].
    #[inline]
    pub fn unmake_null(&mut self) {
        self.pos.unmake_null();
    }
}

impl<const N: usize> Deref for SearchPosition<N> {
    type Target = Position<N>;

    #[inline]
    fn deref(&self) -> &Position<N> {
        &self.pos
    }
}

impl<const N: usize> DerefMut for SearchPosition<N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Position<N> {
        &mut self.pos
    }
}
