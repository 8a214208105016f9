//! One search thread's state (its position, move arena, tables, counters) and the small
//! questions the search asks about a move: what it gains, whether it captures, the exchange.

use std::sync::atomic::Ordering::Relaxed;

use taikyoku_eval::Evaluator;
use taikyoku_movegen::{Move, MoveSink, Position, Promotion, RepetitionRule};

use super::history::History;
use super::{Features, SearchPosition, Shared, EVAL_MAX, MAX_PLY};

/// The move arena: every ply's moves with their ordering scores, one slice per ply.
pub struct MoveList(pub Vec<(i32, Move)>);

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        self.0.push((0, m));
    }
}

/// Per-ply facts the search keeps for its children and its parent.
#[derive(Clone, Copy, Default)]
pub struct Frame {
    /// Static evaluation (None in check).
    pub eval: Option<i32>,
    /// Check extensions on the path from the root to this node, this node's included.
    pub extensions: i32,
    /// Whether the side to move was in check here: the move that led here gave check. Set by
    /// the main search (step 5) and by quiescence; a side whose last move gave check takes no
    /// floor from an upcoming repetition (step 3b), since repeating may lose it the game.
    pub in_check: bool,
}

/// One search thread: its own position, move arena, tables and counters.
pub struct Thread<'a, const N: usize> {
    /// Index among the threads (0: the main thread, which keeps time).
    pub id: usize,
    /// The thread's own copy of the position with the evaluation's running sums (make/unmake,
    /// never copied per node).
    pub pos: SearchPosition<N>,
    /// The evaluation.
    pub eval: &'a Evaluator,
    /// What the threads share.
    pub shared: &'a Shared,
    /// Which selectivity is on.
    pub features: Features,
    /// The move arena.
    pub list: MoveList,
    /// The picker generates a node's captures and quiet moves in one walk of its pieces, and
    /// keeps the quiets for their stage (every variant but those with zone promotion, whose
    /// generator cannot tell at once whether a move captures: shots, burns and killing
    /// promotions are decided after the walk, and asking the board for every move cost more
    /// than the second walk it saves; measured with 10acfa1).
    pub one_walk: bool,
    /// Where the picker sets a node's quiet moves aside while the captures go to the arena
    /// (reused: no allocation per node).
    pub quiet_scratch: Vec<Move>,
    /// Killers, history, countermoves (kept between the searches of a game).
    pub history: &'a mut History,
    /// Per ply.
    pub frames: Vec<Frame>,
    /// Principal variations by ply.
    pub pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    /// Length of each ply's principal variation.
    pub pv_len: [usize; MAX_PLY + 1],
    /// Nodes searched (main and quiescence).
    pub nodes: u64,
    /// Quiescence nodes among them.
    pub qnodes: u64,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// The search was stopped; results are void.
    pub aborted: bool,
    /// The iteration under way must finish whatever the clock says, up to the emergency
    /// deadline (depth 1: a move is never left to the generator's order, and past the
    /// emergency the best root move searched is played rather than losing on time).
    pub must_complete: bool,
    /// Repeating a position is illegal (Dai dai), not a draw.
    pub forbid_repetition: bool,
    /// The repetition rule has the perpetual clause (fourfold: the side that attacked with
    /// every move of the cycle loses); under the others a repetition is a draw.
    pub perpetual_clause: bool,
    /// The depth of the iteration under way (bounds the check extensions).
    pub root_depth: i32,
    /// MultiPV: how many best root lines one root search finds (1: the best line only).
    pub root_lines: usize,
    /// MultiPV: the root search's best lines, best first, each its score and moves. The root
    /// keeps its window's lower edge at the last line's score, so that every move that would
    /// enter the list is searched with a full window and scored exactly.
    pub root_found: Vec<(i32, Vec<Move>)>,
}

impl<'a, const N: usize> Thread<'a, N> {
    /// A thread searching `pos`.
    pub fn new(
        id: usize,
        pos: &Position<N>,
        eval: &'a Evaluator,
        shared: &'a Shared,
        features: Features,
        history: &'a mut History,
    ) -> Self {
        let v = pos.variant();
        Thread {
            id,
            pos: SearchPosition::new(pos.clone(), eval),
            eval,
            shared,
            features,
            list: MoveList(Vec::with_capacity(1 << 17)),
            one_walk: !v.has_zone_promotion(),
            quiet_scratch: Vec::with_capacity(1 << 12),
            history,
            frames: vec![Frame::default(); MAX_PLY + 4],
            pv: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            qnodes: 0,
            seldepth: 0,
            aborted: false,
            must_complete: false,
            forbid_repetition: v.repetition() == RepetitionRule::Forbidden,
            perpetual_clause: v.repetition() == RepetitionRule::Fourfold,
            root_depth: 1,
            root_lines: 1,
            root_found: Vec::new(),
        }
    }

    /// What a draw is worth to the side to move at `ply`: the root side (even plies) pays the
    /// contempt, its opponent gains it.
    #[inline]
    pub(crate) fn draw_score(&self, ply: usize) -> i32 {
        let c = self.shared.limits.contempt;
        if ply.is_multiple_of(2) {
            -c
        } else {
            c
        }
    }

    /// The static evaluation, clamped below the mate scores.
    #[inline]
    pub fn evaluate(&self) -> i32 {
        let acc = self.pos.accumulator();
        self.eval
            .evaluate_with(&self.pos, acc)
            .clamp(-EVAL_MAX, EVAL_MAX)
    }

    /// Whether the search must stop now (checked at every node; the clock and the node limit
    /// every 64 nodes, the clock only by the main thread).
    #[inline]
    pub fn check_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let c = &self.shared.control;
        if c.stop.load(Relaxed) {
            self.aborted = true;
            return true;
        }
        if self.nodes & 63 == 0 {
            self.shared.nodes[self.id].store(self.nodes, Relaxed);
            // The main thread keeps the node limit too, past the first iteration (which
            // completes, so that a small budget still plays a searched move).
            if let Some(n) = self.shared.limits.nodes {
                if self.id == 0 && !self.must_complete && self.shared.total_nodes() >= n {
                    c.stop.store(true, Relaxed);
                    self.aborted = true;
                    return true;
                }
            }
            // Only the main thread keeps time; helpers follow its stop. The first iteration
            // runs past the maximum, but not past the emergency once a root move is searched.
            let out_of_time = if self.must_complete {
                self.pv_len[0] > 0 && c.deadlines.past_emergency()
            } else {
                c.deadlines.past_maximum()
            };
            if self.id == 0 && !c.hold.load(Relaxed) && out_of_time {
                c.stop.store(true, Relaxed);
                self.aborted = true;
                return true;
            }
        }
        false
    }

    /// The value of the enemy pieces a move removes, less that of its own it removes (Ko's
    /// burns and shots can hit both).
    pub fn gain(&self, m: Move) -> i32 {
        if !(m.is_range()
            || m.has_stops()
            || m.has_shot_layout()
            || self.pos.variant().has_zone_promotion())
        {
            let p = self.pos.piece_at(m.to());
            return if p.is_piece() && m.to() != m.from() {
                self.eval.values.piece(p)
            } else {
                0
            };
        }
        let us = self.pos.side_to_move();
        let mut g = 0;
        self.pos.for_each_captured(m, |_, p| {
            if p.colour() != us {
                g += self.eval.values.piece(p);
            } else {
                g -= self.eval.values.piece(p);
            }
        });
        g
    }

    /// The material a move adds by promoting (the promoted form's value less the mover's)
    /// where capturing compels promotion, or 0: such a capture can raise the score by much
    /// more than it captures. (As in the static exchange, variants with an optional
    /// promotion do not count it: measured, it lost there.)
    pub fn promotion_gain(&self, m: Move) -> i32 {
        if m.promotion() != Promotion::Promote || !self.pos.variant().capture_compels_promotion() {
            return 0;
        }
        let mover = self.pos.piece_at(m.from());
        let v = &self.eval.values;
        v.piece(self.pos.variant().promoted(mover)) - v.piece(mover)
    }

    /// Whether a move captures at least one enemy piece (what captures-only generation yields).
    #[inline]
    pub fn captures_something(&self, m: Move) -> bool {
        captures_enemy(&self.pos, self.pos.variant().has_zone_promotion(), m)
    }

    /// Whether the static exchange on `m`'s destination gains at least `threshold`. Skips the
    /// exchange when the victim is worth at least the capturer (the opponent's recapture
    /// cannot then cost more than the gain) and the threshold allows it.
    pub fn see_at_least(&mut self, m: Move, threshold: i32) -> bool {
        let attacker = self.eval.values.piece(self.pos.piece_at(m.from()));
        let gain = self.gain(m);
        if gain - attacker >= threshold {
            return true;
        }
        self.pos
            .see_at_least(m, &self.eval.values.by_piece, threshold)
    }

    /// MultiPV at the root: `m` scored `score` (exactly, if it beat the window's lower edge);
    /// it joins the best lines if it is among them. The new lower edge of the window.
    pub(super) fn note_root_line(&mut self, m: Move, score: i32, alpha0: i32) -> i32 {
        let k = self.root_lines;
        let enters = self.root_found.len() < k
            || self
                .root_found
                .last()
                .is_some_and(|&(last, _)| score > last);
        if enters {
            let mut line = Vec::with_capacity(self.pv_len[1].max(1));
            line.push(m);
            line.extend((1..self.pv_len[1]).map_while(|i| self.pv[1][i]));
            let at = self.root_found.partition_point(|&(s, _)| s >= score);
            self.root_found.insert(at, (score, line));
            self.root_found.truncate(k);
        }
        self.root_alpha(alpha0)
    }

    /// MultiPV: the root window's lower edge, the last of the best lines' score once there are
    /// enough of them (the root's own `alpha0` until then).
    pub(super) fn root_alpha(&self, alpha0: i32) -> i32 {
        if self.root_found.len() < self.root_lines {
            alpha0
        } else {
            self.root_found
                .last()
                .map_or(alpha0, |&(s, _)| s.max(alpha0))
        }
    }

    /// Stores a new principal variation at `ply`: `m` followed by the child's.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        for k in ply + 1..self.pv_len[ply + 1] {
            self.pv[ply][k] = self.pv[ply + 1][k];
        }
        self.pv_len[ply] = self.pv_len[ply + 1].max(ply + 1);
    }

    /// The principal variation of the last completed root search.
    pub fn pv_line(&self) -> Vec<Move> {
        (0..self.pv_len[0]).map_while(|k| self.pv[0][k]).collect()
    }
}

/// Whether `m`, generated in `pos`, captures at least one enemy piece (what captures-only
/// generation yields). `zone`: the variant has zone promotion (Ko: shots and burns capture
/// beside the destination). A move that lands on a piece captures it (a generated move never
/// lands on a friend); the rest ask what the move removes.
#[inline(always)]
pub(crate) fn captures_enemy<const N: usize>(pos: &Position<N>, zone: bool, m: Move) -> bool {
    if !(m.is_range() || m.has_stops() || m.has_shot_layout() || zone) {
        return pos.piece_at(m.to()).is_piece() && m.to() != m.from();
    }
    removes_enemy(pos, m)
}

/// [`captures_enemy`] for the moves that may remove more than what stands on their
/// destination.
#[inline(never)]
fn removes_enemy<const N: usize>(pos: &Position<N>, m: Move) -> bool {
    let us = pos.side_to_move();
    let mut any = false;
    pos.for_each_captured(m, |_, p| any |= p.colour() != us);
    any
}
