//! The main search of one thread: principal-variation alpha-beta with the usual selectivity,
//! in numbered steps as Stockfish lays them out.

use std::sync::atomic::Ordering::Relaxed;

use taikyoku_eval::Evaluator;
use taikyoku_movegen::{Move, Position, Promotion, RepetitionRule, Square};

use super::history::{stat_bonus, History};
use super::picker::{MoveClass, MoveList, Picker};
use super::threats::{ignores, threat_loss};
use super::{
    from_tt, to_tt, Features, Shared, EVAL_MAX, INF, MATE, MATE_BOUND, MAX_PLY, PERPETUAL_LOSS,
};
use crate::tt::Bound;

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

/// Natural logarithms for the reduction formula.
fn ln(x: usize) -> f64 {
    (x.max(1) as f64).ln()
}

/// One search thread: its own position, move arena, tables and counters.
pub struct Thread<'a, const N: usize> {
    /// Index among the threads (0: the main thread, which keeps time).
    pub id: usize,
    /// The thread's own copy of the position with the evaluation's running sums (make/unmake,
    /// never copied per node).
    pub pos: super::SearchPosition<N>,
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
            pos: super::SearchPosition::new(pos.clone(), eval),
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

    /// The reduction of the `moves`-th move at `depth`: logarithmic in both, since nodes of
    /// the giant variants have hundreds of moves.
    #[inline]
    fn lmr(&self, depth: i32, moves: usize) -> i32 {
        (0.4 + ln(depth as usize) * ln(moves) / 2.3) as i32
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
            if let Some(n) = self.shared.limits.nodes {
                if self.shared.total_nodes() >= n {
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

    /// Stores a new principal variation at `ply`: `m` followed by the child's.
    #[inline]
    /// MultiPV at the root: `m` scored `score` (exactly, if it beat the window's lower edge);
    /// it joins the best lines if it is among them. The new lower edge of the window.
    fn note_root_line(&mut self, m: Move, score: i32, alpha0: i32) -> i32 {
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
    fn root_alpha(&self, alpha0: i32) -> i32 {
        if self.root_found.len() < self.root_lines {
            alpha0
        } else {
            self.root_found
                .last()
                .map_or(alpha0, |&(s, _)| s.max(alpha0))
        }
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        for k in ply + 1..self.pv_len[ply + 1] {
            self.pv[ply][k] = self.pv[ply + 1][k];
        }
        self.pv_len[ply] = self.pv_len[ply + 1].max(ply + 1);
    }

    /// Negamax alpha-beta of the position at `ply` to `depth`, within (`alpha`, `beta`).
    pub fn search(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        cut_node: bool,
        null_ok: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.pv_len[ply] = ply;

        // Step 1. Stop, a decided game, repetition, the ply limit.
        if self.check_stop() {
            return 0;
        }
        if self.pos.winner().is_some() {
            self.nodes += 1;
            return -MATE + ply as i32;
        }
        if !root && !self.forbid_repetition {
            if let Some(cycle) = self.pos.repetition_distance() {
                self.nodes += 1;
                return self.repetition_score(ply, cycle);
            }
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate();
        }

        // Step 2. Mate distance pruning: no line from here can beat a faster forced result.
        if !root {
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        // Step 3. Check: extend inside the main search (a node at the horizon answers a check
        // with the evasions in quiescence instead: extending there would chain checks without
        // end, and the giant variants have checking moves in every position), no further than
        // twice the iteration's depth, and at most half the iteration's depth times on one path
        // (at least once): in Taikyoku a chain of checks, each answered by hundreds of
        // evasions searched without pruning, kept depth 4 from finishing in 150 s.
        let in_check = self.features.checks && self.pos.in_check();
        let mut extensions = if root {
            0
        } else {
            self.frames[ply - 1].extensions
        };
        if in_check
            && depth > 0
            && (ply as i32) < 2 * self.root_depth
            && extensions < (self.root_depth / 2).max(1)
        {
            depth += 1;
            extensions += 1;
        }
        // Step 3b. An upcoming repetition: the side to move can repeat, so it scores at least
        // the draw (Stockfish's `has_game_cycle`). This is what lets a depth-1 search see that
        // moving a piece back lets a losing opponent repeat.
        // The node then scores at least the draw even if the repeating move is pruned below.
        let mut floor = -INF;
        if let Some(draw) = (!root)
            .then(|| self.repetition_floor(ply, in_check, alpha))
            .flatten()
        {
            floor = draw;
            alpha = floor;
            if alpha >= beta {
                return alpha;
            }
        }
        if depth <= 0 {
            if self.features.quiescence {
                return self.quiescence(ply, alpha, beta, 0, in_check).max(floor);
            }
            self.nodes += 1;
            return self.evaluate().max(floor);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        // Step 4. Transposition table.
        let key = self.pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.shared.tt.probe(key) {
            tt_move = e.mv.and_then(|k| self.pos.move_from_key(k));
            if self.features.tt_cutoffs && !pv_node && e.depth >= depth {
                let s = from_tt(e.score, ply);
                if e.bound.cuts(s, alpha, beta) {
                    return s;
                }
            }
        }

        // Step 5. Static evaluation, and whether it improved over our last move.
        let eval = if in_check {
            None
        } else {
            Some(self.evaluate())
        };
        self.frames[ply] = Frame {
            eval,
            extensions,
            in_check,
        };
        let improving = match (eval, ply.checked_sub(2).map(|p| self.frames[p].eval)) {
            (Some(e), Some(Some(before))) => e > before,
            (Some(_), _) => true,
            _ => false,
        };
        let prune = self.features.pruning && !pv_node && !in_check;

        // Step 6. Reverse futility: far above beta at a shallow depth, stand, unless what the
        // opponent's last move threatens to win brings the evaluation down to beta.
        if let Some(e) = eval {
            let above = e - 90 * (depth - improving as i32) - beta;
            if prune
                && depth <= 6
                && above >= 0
                && beta.abs() < MATE_BOUND
                && above >= threat_loss(&self.pos, &self.eval.values)
            {
                return e;
            }
        }

        // Step 7. Null move: give the opponent a free move; if we still fail high, prune.
        if let Some(e) = eval {
            if self.features.null_move
                && null_ok
                && !pv_node
                && !in_check
                && depth >= 3
                && e >= beta
                && beta.abs() < MATE_BOUND
            {
                let r = 3 + depth / 4 + ((e - beta) / 200).min(3);
                self.pos.make_null();
                self.frames[ply + 1] = Frame::default();
                let score = -self.search(depth - r, ply + 1, -beta, -beta + 1, !cut_node, false);
                self.pos.unmake_null();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Step 8. Internal iterative reduction: no hash move at a deep node.
        if tt_move.is_none() && depth >= 4 && (pv_node || cut_node) {
            depth -= 1;
        }

        // Step 9. The moves.
        self.history.clear_killers(ply + 1);
        let start = self.list.0.len();
        let counter = self.history.counter(&self.pos);
        let mut picker = Picker::new(start, tt_move, self.history.killers(ply), counter);
        let alpha0 = alpha;
        let several = root && self.root_lines > 1;
        if several {
            self.root_found.clear();
        }
        let mut best = floor;
        let mut best_move = None;
        let mut searched = 0usize;
        // Quiet moves searched before the cutoff (they get a history malus).
        let mut quiets_tried: [Option<Move>; 32] = [None; 32];
        let mut nquiets = 0usize;
        let filtering = self.shared.limits.moves.is_active();
        let mut filtered = false;
        let lmp_limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };
        // In check, the moves that certainly leave the royal to be taken are not searched
        // (unless a move filter may forbid the taker the capture).
        let danger = if in_check && !filtering {
            self.pos.danger()
        } else {
            None
        };
        let mut hopeless = false;
        // What the opponent's last move threatens to win, once asked (step 10).
        let mut threat: Option<i32> = None;
        // A move back into an earlier position of the game (or of this line) scores a draw,
        // whatever the evaluation says, so a side below a draw must not prune one: it is how a
        // losing side holds (Stockfish tests for an upcoming repetition with a cuckoo table of
        // reversible moves; boards of up to 1296 squares take no such table, so a pruning
        // candidate is made and its position looked up in the history).
        let repetition_draws =
            !root && !self.forbid_repetition && !self.pos.reversible_history().is_empty();
        // At depth <= 2 a quiet move that attacks the enemy's sole royal is not pruned by move
        // count or futility: a depth-3 search cut, by the move count, the check that took its
        // royal two plies later (Dai dai: a lion dog's check lost a game the deeper side was
        // winning). Deeper nodes keep the count: exempting every check there doubled the
        // nodes to a fixed depth (Taikyoku depth 6: 307k -> 820k; depth <= 2 only: 406k).
        let enemy_royal = if depth <= 2 && !root {
            self.pos.sole_royal(self.pos.side_to_move().flip())
        } else {
            None
        };
        while let Some((m, class)) = self.next_move(&mut picker) {
            if filtering && !self.shared.limits.moves.allows(ply, m) {
                filtered = true;
                continue;
            }
            // (Taking the opponent's sole royal is no escape, but it ends the game first.)
            if danger.as_ref().is_some_and(|d| !self.pos.may_escape(d, m))
                && !self.captures_sole_royal(m)
            {
                hopeless = true;
                continue;
            }
            let quiet = class == MoveClass::Quiet;
            let promotes = m.promotion() == Promotion::Promote;

            // Step 10. Pruning at shallow depth, once a move that does not lose is known; never
            // of a move that takes the opponent's sole royal piece (it wins the game, whatever
            // the exchange or the futility margins say).
            if !root
                && self.features.pruning
                && !in_check
                && best > -MATE_BOUND
                && (quiet || !self.captures_sole_royal(m))
            {
                if quiet && !promotes {
                    let draw_matters = repetition_draws && alpha < self.draw_score(ply);
                    if (draw_matters && self.repeats(m)) || self.gives_check(m, enemy_royal) {
                        // Searched (a repetition's child scores the draw at once); a check
                        // still meets the exchange test below.
                        if depth <= 4 && !self.see_at_least(m, -30 * depth * depth) {
                            continue;
                        }
                    } else if searched >= lmp_limit && depth <= 8 {
                        if !draw_matters && enemy_royal.is_none() {
                            picker.skip_quiets();
                        }
                        continue;
                    } else if eval.is_some_and(|e| {
                        // Futility: a move that leaves a threatened piece where it stands is
                        // judged by the evaluation less what the threat wins.
                        depth <= 6 && {
                            let loss = if ignores(&self.pos, picker.threatened(), m) {
                                *threat.get_or_insert_with(|| {
                                    threat_loss(&self.pos, &self.eval.values)
                                })
                            } else {
                                0
                            };
                            e - loss + 120 + 110 * depth <= alpha
                        }
                    }) || (depth <= 4 && !self.see_at_least(m, -30 * depth * depth))
                    {
                        continue;
                    }
                } else {
                    // Futility of captures: even winning the captured material (and a margin)
                    // leaves this node below alpha.
                    if let Some(e) = eval {
                        if depth <= 4 && !promotes && e + 200 + 150 * depth + self.gain(m) <= alpha
                        {
                            continue;
                        }
                    }
                    if depth <= 6 && !self.see_at_least(m, -110 * depth) {
                        continue;
                    }
                }
            }

            let hist = if quiet {
                self.history.score(&self.pos, m)
            } else {
                0
            };
            let refutation = picker.is_refutation(m);
            self.pos.make(m);
            // A move that leaves the sole royal to be taken loses at once: it is not searched,
            // like an illegal move in chess (quiescence's evasions do the same). Searched, its
            // child would answer with the capture (a mate score in one node), but until some
            // move that does not lose is known step 10 prunes nothing, and Taikyoku's ranging
            // jumpers leave many moves hanging the king: depth 6 from the start took 405,532
            // nodes without this test, 9,972 with it. Not at the root, whose moves are all
            // searched (the child finds the capture: step 10 never prunes it). If every move
            // hangs the royal, step 12 scores the loss in two plies.
            if !root && !filtering && self.hangs_royal(danger.as_ref(), m) {
                self.pos.unmake();
                hopeless = true;
                continue;
            }
            if self.forbid_repetition && self.pos.is_repetition() {
                self.pos.unmake();
                continue;
            }
            searched += 1;
            let new_depth = depth - 1;
            let mut score;
            if searched == 1 {
                score = -self.search(new_depth, ply + 1, -beta, -alpha, false, true);
            } else {
                // Step 11. Late-move reductions for quiet moves and losing captures.
                let mut r = 0;
                if self.features.lmr
                    && depth >= 3
                    && searched > 1 + pv_node as usize
                    && (quiet || class == MoveClass::BadCapture)
                {
                    r = self.lmr(depth, searched);
                    r += !improving as i32;
                    r += cut_node as i32;
                    r -= pv_node as i32;
                    r -= refutation as i32;
                    r -= (hist / 6_000).clamp(-2, 2);
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.search(new_depth - r, ply + 1, -alpha - 1, -alpha, true, true);
                if score > alpha && r > 0 {
                    score = -self.search(new_depth, ply + 1, -alpha - 1, -alpha, !cut_node, true);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.search(new_depth, ply + 1, -beta, -alpha, false, true);
                }
            }
            self.pos.unmake();
            if self.aborted {
                self.list.0.truncate(start);
                // A first iteration stopped early reports its best root move's score.
                return if root && best_move.is_some() { best } else { 0 };
            }
            if several {
                alpha = self.note_root_line(m, score, alpha0);
            }
            if score > best {
                best = score;
                if score > alpha || several {
                    best_move = Some(m);
                    alpha = alpha.max(score);
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(ply, depth, m, &quiets_tried[..nquiets]);
                        }
                        break;
                    }
                }
            }
            if several {
                // The window's lower edge is the last line's score, not the best's.
                alpha = self.root_alpha(alpha0);
            }
            if quiet && nquiets < quiets_tried.len() {
                quiets_tried[nquiets] = Some(m);
                nquiets += 1;
            }
        }
        self.list.0.truncate(start);

        // Step 12. No move: chu's bare king, or a loss.
        if searched == 0 {
            if filtered {
                // Only moves the filter refuses: not a loss, judged statically.
                return if root { alpha } else { self.evaluate() };
            }
            if floor > -INF {
                // Every move pruned, the repetition with them: the draw stands.
                return floor;
            }
            match self.pos.bare_king_state() {
                Some(None) => return self.draw_score(ply),
                Some(Some(w)) if w == self.pos.side_to_move() => return MATE - ply as i32,
                _ => {}
            }
            if hopeless {
                // Every move leaves the royal to be taken: lost in two plies.
                return -MATE + ply as i32 + 2;
            }
            // No move (or, in Dai dai, none that avoids a repetition): the side to move loses.
            return -MATE + ply as i32;
        }

        // Step 13. Remember the result.
        let bound = Bound::of(best, alpha0, beta);
        self.shared
            .tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

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
    fn repetition_score(&mut self, ply: usize, k: usize) -> i32 {
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
    fn repeats(&mut self, m: Move) -> bool {
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

    /// Whether the quiet move `m` leaves its piece attacking the enemy royal on `royal` (None:
    /// no test at this node; a direct check; discovered checks are not looked for): the reach table first, then the
    /// move is made and the attack asked.
    fn gives_check(&mut self, m: Move, royal: Option<Square>) -> bool {
        let Some(royal) = royal else {
            return false;
        };
        // The plain position, as in `repeats`.
        let pos: &mut Position<N> = &mut self.pos;
        let piece = pos.piece_at(m.from());
        if !pos
            .variant()
            .may_reach(piece, m.to().index(), royal.index())
        {
            return false;
        }
        pos.make(m);
        let check = pos.can_capture_on(m.to(), royal);
        pos.unmake();
        check
    }

    /// A quiet move cut off: killer, countermove, history bonus, and a malus for the quiet
    /// moves searched before it in vain.
    fn reward_quiet(&mut self, ply: usize, depth: i32, m: Move, tried: &[Option<Move>]) {
        self.history.add_killer(ply, m);
        self.history.set_counter(&self.pos, m);
        let bonus = stat_bonus(depth);
        self.history.update(&self.pos, m, bonus);
        for q in tried.iter().flatten() {
            self.history.update(&self.pos, *q, -bonus);
        }
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
