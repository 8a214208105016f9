//! The move picker: a node's moves in the order most likely to cut off, generated in stages so
//! that a node that cuts off early never generates its quiet moves (a Taikyoku position has
//! hundreds).
//!
//! Stages: the hash move; captures, best victim first (those that lose material by static
//! exchange are set aside); the refutations (two killers and the countermove, if they are
//! quiet moves here); the quiet moves, those of a piece the opponent just threatened first, then
//! by history; the captures set aside. Quiet moves can be skipped from any point on (late move
//! pruning).

use taikyoku_movegen::{Move, MoveSink, Promotion};

use super::history::HISTORY_MAX;
use super::threats::{escapes, threatened, Threatened};

use super::tree::Thread;

/// The move arena: every ply's moves with their ordering scores, one slice per ply.
pub struct MoveList(pub Vec<(i32, Move)>);

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        self.0.push((0, m));
    }
}

/// The ordering bonus of a threatened piece's quiet move: above every history score.
const ESCAPE: i32 = 2 * HISTORY_MAX;

/// After this many moves picked one by one, the rest of a long list is sorted once.
const PICK_ONE_BY_ONE: usize = 6;

/// Where the picker is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The move from the transposition table.
    TtMove,
    /// Generate and score the captures.
    GenerateCaptures,
    /// Captures that do not lose material.
    GoodCaptures,
    /// Killers and the countermove.
    Refutations,
    /// Generate and score the quiet moves.
    GenerateQuiets,
    /// Quiet moves by history.
    Quiets,
    /// Captures that lose material by static exchange.
    BadCaptures,
    /// Nothing left.
    Done,
}

/// What kind of move the picker returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveClass {
    /// Captures at least one enemy piece, and does not lose material by static exchange (or
    /// was not tested).
    Capture,
    /// A capture that loses material by static exchange.
    BadCapture,
    /// Captures nothing.
    Quiet,
}

/// The picker of one node (its moves live in the thread's arena from `start` on).
pub struct Picker {
    /// The current stage.
    pub stage: Stage,
    tt_move: Option<Move>,
    refutations: [Option<Move>; 3],
    next_refutation: usize,
    start: usize,
    bad_end: usize,
    cur: usize,
    end: usize,
    picked: usize,
    skip_quiets: bool,
    /// The side to move's pieces the opponent's last move threatens (found when the quiet
    /// moves are generated; empty before).
    threatened: Threatened,
}

impl Picker {
    /// A picker for a node whose arena starts at `start`.
    pub fn new(
        start: usize,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
    ) -> Picker {
        Picker {
            stage: Stage::TtMove,
            tt_move,
            refutations: [killers[0], killers[1], counter],
            next_refutation: 0,
            start,
            bad_end: start,
            cur: start,
            end: start,
            picked: 0,
            skip_quiets: false,
            threatened: Threatened::new(),
        }
    }

    /// From now on, no more quiet moves (late move pruning).
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// The pieces the opponent's last move threatens, once the quiet moves are generated
    /// (empty before: the hash move and the refutations come first).
    pub fn threatened(&self) -> &Threatened {
        &self.threatened
    }

    /// Whether `m` is one of this node's refutations.
    pub fn is_refutation(&self, m: Move) -> bool {
        self.refutations.contains(&Some(m))
    }
}

impl<const N: usize> Thread<'_, N> {
    /// The next move of the node, with its class; None when every move was returned.
    pub fn next_move(&mut self, pk: &mut Picker) -> Option<(Move, MoveClass)> {
        loop {
            match pk.stage {
                Stage::TtMove => {
                    pk.stage = Stage::GenerateCaptures;
                    if let Some(m) = pk.tt_move {
                        let class = if self.captures_something(m) {
                            MoveClass::Capture
                        } else {
                            MoveClass::Quiet
                        };
                        return Some((m, class));
                    }
                }
                Stage::GenerateCaptures => {
                    self.list.0.truncate(pk.start);
                    self.pos.generate_into::<_, true>(&mut self.list);
                    pk.end = self.list.0.len();
                    pk.cur = pk.start;
                    pk.bad_end = pk.start;
                    self.score_captures(pk.start, pk.end);
                    pk.picked = 0;
                    pk.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    while pk.cur < pk.end {
                        let (s, m) = self.pick(pk.cur, pk.end, pk.picked);
                        pk.cur += 1;
                        pk.picked += 1;
                        if Some(m) == pk.tt_move {
                            continue;
                        }
                        if !self.see_at_least(m, 0) {
                            self.list.0[pk.bad_end] = (s, m);
                            pk.bad_end += 1;
                            continue;
                        }
                        return Some((m, MoveClass::Capture));
                    }
                    pk.stage = Stage::Refutations;
                }
                Stage::Refutations => {
                    while pk.next_refutation < pk.refutations.len() {
                        let i = pk.next_refutation;
                        pk.next_refutation += 1;
                        let Some(m) = pk.refutations[i] else { continue };
                        if Some(m) == pk.tt_move
                            || pk.refutations[..i].contains(&Some(m))
                            || pk.skip_quiets
                            || !self.pos.is_pseudo_legal(m)
                            || self.captures_something(m)
                        {
                            continue;
                        }
                        return Some((m, MoveClass::Quiet));
                    }
                    pk.stage = Stage::GenerateQuiets;
                }
                Stage::GenerateQuiets => {
                    pk.stage = Stage::Quiets;
                    if pk.skip_quiets {
                        continue;
                    }
                    let q0 = pk.end;
                    self.list.0.truncate(q0);
                    self.pos.generate_into::<_, false>(&mut self.list);
                    let threatened = threatened(&self.pos, &self.eval.values);
                    let mut w = q0;
                    for i in q0..self.list.0.len() {
                        let m = self.list.0[i].1;
                        if Some(m) == pk.tt_move
                            || pk.is_refutation(m)
                            || self.captures_something(m)
                        {
                            continue;
                        }
                        let promo = (m.promotion() == Promotion::Promote) as i32;
                        let escape = escapes(&self.pos, &threatened, m) as i32;
                        let s = self.history.score(&self.pos, m) + promo * 4_096 + escape * ESCAPE;
                        self.list.0[w] = (s, m);
                        w += 1;
                    }
                    pk.threatened = threatened;
                    self.list.0.truncate(w);
                    pk.cur = q0;
                    pk.end = w;
                    pk.picked = 0;
                }
                Stage::Quiets => {
                    if !pk.skip_quiets && pk.cur < pk.end {
                        let (_, m) = self.pick(pk.cur, pk.end, pk.picked);
                        pk.cur += 1;
                        pk.picked += 1;
                        return Some((m, MoveClass::Quiet));
                    }
                    pk.stage = Stage::BadCaptures;
                    pk.cur = pk.start;
                }
                Stage::BadCaptures => {
                    if pk.cur < pk.bad_end {
                        let m = self.list.0[pk.cur].1;
                        pk.cur += 1;
                        return Some((m, MoveClass::BadCapture));
                    }
                    pk.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Scores captures in `[start, end)` of the arena: the most valuable victim first, then the
    /// least valuable capturer; capturing a royal piece before everything.
    pub fn score_captures(&mut self, start: usize, end: usize) {
        for i in start..end {
            let m = self.list.0[i].1;
            let gain = self.gain(m);
            let attacker = self.eval.values.piece(self.pos.piece_at(m.from()));
            let promo = (m.promotion() == Promotion::Promote) as i32;
            self.list.0[i].0 = gain * 16 - attacker / 16 + promo * 64;
        }
    }

    /// Moves the best-scored move of `[i, end)` to `i` and returns it. The first few are picked
    /// one by one (a cutoff usually comes early); then the rest is sorted once (`picked` says
    /// how many were picked already). `i < end`.
    #[inline]
    pub fn pick(&mut self, i: usize, end: usize, picked: usize) -> (i32, Move) {
        debug_assert!(i < end);
        let l = &mut self.list.0;
        if picked < PICK_ONE_BY_ONE {
            // The first of the best-scored; iterating the slice drops the bounds checks.
            let rest = &l[i..end];
            let (mut best, mut best_score) = (0, rest[0].0);
            for (j, e) in rest.iter().enumerate().skip(1) {
                if e.0 > best_score {
                    best = j;
                    best_score = e.0;
                }
            }
            l.swap(i, i + best);
        } else if picked == PICK_ONE_BY_ONE {
            l[i..end].sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
        }
        l[i]
    }
}
