//! The move picker: a node's moves in the order most likely to cut off, in stages, so that a
//! node that cuts off early never scores its quiet moves (a Taikyoku position has hundreds).
//! The captures and the quiet moves come from one walk of the pieces, the quiets set aside for
//! their stage: walking a giant army is the dearest part of generation, and many nodes that
//! generate their captures go on to their quiets (`bench` at 10acfa1: Dai dai 58%, Maka dai
//! dai 51%, Taikyoku 20%), while setting a quiet move aside costs little. Instructions a node
//! fell by 13.6% (Dai dai), 10.9% (Maka dai dai) and 5.1% (Taikyoku). Zone-promotion
//! variants (Ko) walk twice instead ([`Thread::one_walk`]).
//!
//! Stages: the hash move; captures, best victim first (those that lose material by static
//! exchange are set aside); the refutations (two killers and the countermove, if they are
//! quiet moves here); the quiet moves, those of a piece the opponent just threatened first, then
//! by history; the captures set aside. Quiet moves can be skipped from any point on (late move
//! pruning).

use taikyoku_movegen::{Move, MoveSink, Position, Promotion};

use super::history::HISTORY_MAX;
use super::threats::{escapes, threatened, Threatened};

use super::thread::{captures_enemy, Thread};

/// A sink that sorts a node's moves as they are generated: the captures into the arena, the
/// quiet moves aside (both in generation order). Not used where the variant has zone
/// promotion ([`Thread::one_walk`]). The moves of the main movement visitor come classified;
/// the others (an emperor's, a pass) ask the board.
struct Split<'a, const N: usize> {
    pos: &'a Position<N>,
    captures: &'a mut Vec<(i32, Move)>,
    quiets: &'a mut Vec<Move>,
}

impl<const N: usize> MoveSink for Split<'_, N> {
    #[inline]
    fn push(&mut self, m: Move) {
        debug_assert!(!self.pos.variant().has_zone_promotion());
        self.push_classified(m, captures_enemy(self.pos, false, m));
    }

    #[inline]
    fn push_classified(&mut self, m: Move, captures: bool) {
        debug_assert_eq!(captures, captures_enemy(self.pos, false, m));
        if captures {
            self.captures.push((0, m));
        } else {
            self.quiets.push(m);
        }
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
    /// Generate the moves (the captures only where the pieces are walked twice) and score the
    /// captures.
    GenerateCaptures,
    /// Captures that do not lose material.
    GoodCaptures,
    /// Killers and the countermove.
    Refutations,
    /// Score the quiet moves (generate them first where the pieces are walked twice).
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
    /// The end of the quiet moves set aside behind the captures (`end..quiets_end`).
    quiets_end: usize,
    picked: usize,
    skip_quiets: bool,
    /// The side to move's pieces the opponent's last move threatens (found when the quiet
    /// moves are scored; empty before).
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
            quiets_end: start,
            picked: 0,
            skip_quiets: false,
            threatened: Threatened::new(),
        }
    }

    /// From now on, no more quiet moves (late move pruning).
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// The pieces the opponent's last move threatens, once the quiet moves are scored
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
                    if self.one_walk {
                        // One walk of every piece gives both the captures and the quiet moves:
                        // the captures go to the arena (in generation order, the order of
                        // captures-only generation) and the quiets behind them, kept for their
                        // stage, so a node that reaches its quiet moves does not walk its
                        // pieces twice. The children's moves go after them.
                        self.quiet_scratch.clear();
                        let pos: &Position<N> = &self.pos;
                        let mut split = Split {
                            pos,
                            captures: &mut self.list.0,
                            quiets: &mut self.quiet_scratch,
                        };
                        pos.generate_into::<_, false>(&mut split);
                        pk.end = self.list.0.len();
                        self.list
                            .0
                            .extend(self.quiet_scratch.iter().map(|&m| (0, m)));
                    } else {
                        self.pos.generate_into::<_, true>(&mut self.list);
                        pk.end = self.list.0.len();
                    }
                    pk.quiets_end = self.list.0.len();
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
                    if !self.one_walk {
                        // The quiet moves of a second walk.
                        self.list.0.truncate(q0);
                        self.pos.generate_into::<_, false>(&mut self.list);
                        let mut w = q0;
                        for i in q0..self.list.0.len() {
                            let e = self.list.0[i];
                            if !self.captures_something(e.1) {
                                self.list.0[w] = e;
                                w += 1;
                            }
                        }
                        self.list.0.truncate(w);
                        pk.quiets_end = w;
                    }
                    let threatened = threatened(&self.pos, &self.eval.values);
                    let mut w = q0;
                    for i in q0..pk.quiets_end {
                        let m = self.list.0[i].1;
                        if Some(m) == pk.tt_move || pk.is_refutation(m) {
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;
    use std::sync::Arc;
    use std::time::Instant;

    use rand::{Rng, SeedableRng};
    use taikyoku_eval::Evaluator;
    use taikyoku_movegen::{with_position, AnyPosition, Move, Position, Variant};

    use super::super::history::History;
    use super::super::thread::Thread;
    use super::super::{Control, Features, Limits, Shared};
    use super::{MoveClass, Picker};
    use crate::time::Deadlines;
    use crate::tt::Tt;

    /// Every move the picker of `pos`'s node returns, with its class, walking the pieces once
    /// (`one_walk`) or twice; `tt`, `killers` and `counter` as a node would have them.
    fn picked<const N: usize>(
        pos: &Position<N>,
        eval: &Evaluator,
        one_walk: bool,
        tt: Option<Move>,
        refutations: [Option<Move>; 3],
    ) -> Vec<(Move, MoveClass)> {
        let shared = Shared {
            tt: Arc::new(Tt::new(1)),
            control: Control::new(Deadlines::unlimited()),
            nodes: vec![AtomicU64::new(0)],
            qnodes: vec![AtomicU64::new(0)],
            start: Instant::now(),
            limits: Limits::default(),
            history_attacks: Vec::new(),
        };
        let v = pos.variant();
        let mut history = History::new(v.piece_index_count(), v.geometry().squares());
        let mut t = Thread::new(0, pos, eval, &shared, Features::default(), &mut history);
        t.one_walk = one_walk;
        let mut pk = Picker::new(0, tt, [refutations[0], refutations[1]], refutations[2]);
        let mut out = Vec::new();
        while let Some(x) = t.next_move(&mut pk) {
            out.push(x);
        }
        out
    }

    /// On positions of seeded random playouts, the picker walking the pieces once returns the
    /// moves and classes that walking them twice (captures, then every move) returns, in the
    /// same order; with a hash move and refutations taken from the position's own moves, every
    /// generated move comes exactly once (the hash move and the refutations among them).
    #[test]
    fn one_walk_picks_what_two_walks_pick() {
        for (id, plies) in [
            ("chu", 120),
            ("dai-dai", 160),
            ("maka-dai-dai", 120),
            ("taikyoku", 40),
        ] {
            let v = Variant::builtin(id).unwrap();
            let eval = Evaluator::new(v.clone());
            let mut any = AnyPosition::startpos(v);
            let mut rng = rand::rngs::StdRng::seed_from_u64(34);
            let mut checked = 0;
            with_position!(&mut any, p => {
                for ply in 0..plies {
                    let moves = p.moves();
                    if moves.is_empty() {
                        break;
                    }
                    if ply % 5 == 0 {
                        let mut pick = || Some(moves[rng.gen_range(0..moves.len())]);
                        let tt = pick();
                        let refutations = [pick(), pick(), pick()];
                        let once = picked(p, &eval, true, tt, refutations);
                        let twice = picked(p, &eval, false, tt, refutations);
                        assert_eq!(once, twice, "{id} ply {ply}: {}", p.to_notation());
                        let mut got: Vec<u64> = once.iter().map(|(m, _)| m.to_bits()).collect();
                        let mut all: Vec<u64> = moves.iter().map(|m| m.to_bits()).collect();
                        got.sort_unstable();
                        all.sort_unstable();
                        assert_eq!(got, all, "{id} ply {ply}: {}", p.to_notation());
                        checked += 1;
                    }
                    p.make(moves[rng.gen_range(0..moves.len())]);
                }
            });
            assert!(checked >= 8, "{id}: {checked} positions");
        }
    }
}
