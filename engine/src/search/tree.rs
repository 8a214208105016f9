//! The main search of one thread: principal-variation alpha-beta with the usual selectivity,
//! in numbered steps as Stockfish lays them out.

use taikyoku_movegen::{Move, Position, Promotion, Square};

use super::history::stat_bonus;
use super::params::*;
use super::picker::{MoveClass, Picker};
use super::thread::{Frame, Thread};
use super::threats::{ignores, threat_loss};
use super::{from_tt, to_tt, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::Bound;

/// What step 10 knows of a node while it judges the node's moves.
struct Pruning {
    depth: i32,
    ply: usize,
    /// The static evaluation (None in check).
    eval: Option<i32>,
    /// Moves searched before the remaining quiet ones are skipped.
    lmp_limit: usize,
    /// A move back into an earlier position scores a draw here (it is not pruned where the
    /// draw is worth more than alpha).
    repetition_draws: bool,
    /// The enemy's sole royal, where checks are exempt from the move count.
    enemy_royal: Option<Square>,
    /// What the opponent's last move threatens to win, once asked.
    threat: Option<i32>,
}

/// Why a late move is reduced more or less (step 11).
#[derive(Clone, Copy)]
struct Late {
    improving: bool,
    cut_node: bool,
    pv_node: bool,
    /// A killer or the countermove.
    refutation: bool,
    /// The move's history score.
    history: i32,
}

impl<const N: usize> Thread<'_, N> {
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

        // Steps 1 and 2. Stop, a decided game, repetition, the ply limit; mate distance.
        if let Some(score) = self.decided(ply, &mut alpha, &mut beta) {
            return score;
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

        // Step 6. Reverse futility: far above beta at a shallow depth, stand.
        if let Some(e) = eval.filter(|_| prune) {
            if self.reverse_futility(e, depth, beta, improving) {
                return e;
            }
        }

        // Step 7. Null move: give the opponent a free move; if we still fail high, prune.
        if let Some(e) = eval {
            if self.features.null_move
                && null_ok
                && !pv_node
                && !in_check
                && depth >= NMP_MIN_DEPTH
                && e >= beta
                && beta.abs() < MATE_BOUND
            {
                if let Some(score) = self.null_move(e, depth, ply, beta, cut_node) {
                    return score;
                }
            }
        }

        // Step 8. Internal iterative reduction: no hash move at a deep node.
        if tt_move.is_none() && depth >= IIR_MIN_DEPTH && (pv_node || cut_node) {
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
        // In check, the moves that certainly leave the royal to be taken are not searched
        // (unless a move filter may forbid the taker the capture).
        let danger = if in_check && !filtering {
            self.pos.danger()
        } else {
            None
        };
        let mut hopeless = false;
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
        let enemy_royal = if depth <= CHECK_EXEMPT_MAX_DEPTH && !root {
            self.pos.sole_royal(self.pos.side_to_move().flip())
        } else {
            None
        };
        let mut node = Pruning {
            depth,
            ply,
            eval,
            lmp_limit: lmp_limit(depth, improving),
            repetition_draws,
            enemy_royal,
            threat: None,
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
                && self.prunes(&mut node, &mut picker, m, quiet, promotes, searched, alpha)
            {
                continue;
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
                let r = if self.features.lmr
                    && depth >= LMR_MIN_DEPTH
                    && searched > 1 + pv_node as usize
                    && (quiet || class == MoveClass::BadCapture)
                {
                    let late = Late {
                        improving,
                        cut_node,
                        pv_node,
                        refutation,
                        history: hist,
                    };
                    self.reduction(depth, searched, late)
                } else {
                    0
                };
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
            return self.no_move_score(ply, alpha, filtered, floor, hopeless);
        }

        // Step 13. Remember the result.
        let bound = Bound::of(best, alpha0, beta);
        self.shared
            .tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// Steps 1 and 2: the score of a node at `ply` that is not searched (the search stopped,
    /// the game is decided or repeated, the ply limit), or that mate distance pruning cuts
    /// (it narrows the window to the mate scores still possible from here).
    fn decided(&mut self, ply: usize, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        let root = ply == 0;
        // Step 1. Stop, a decided game, repetition, the ply limit.
        if self.check_stop() {
            return Some(0);
        }
        if self.pos.winner().is_some() {
            self.nodes += 1;
            return Some(-MATE + ply as i32);
        }
        if !root && !self.forbid_repetition {
            if let Some(cycle) = self.pos.repetition_distance() {
                self.nodes += 1;
                return Some(self.repetition_score(ply, cycle));
            }
        }
        if ply >= MAX_PLY - 2 {
            return Some(self.evaluate());
        }

        // Step 2. Mate distance pruning: no line from here can beat a faster forced result.
        if !root {
            *alpha = (*alpha).max(-MATE + ply as i32);
            *beta = (*beta).min(MATE - ply as i32 - 1);
            if *alpha >= *beta {
                return Some(*alpha);
            }
        }
        None
    }

    /// Step 6: whether a node whose static evaluation `e` stands far enough above `beta` at a
    /// shallow `depth` can stand pat, unless what the opponent's last move threatens to win
    /// brings the evaluation down to beta.
    fn reverse_futility(&self, e: i32, depth: i32, beta: i32, improving: bool) -> bool {
        let above = e - RFP_MARGIN * (depth - improving as i32) - beta;
        depth <= RFP_MAX_DEPTH
            && above >= 0
            && beta.abs() < MATE_BOUND
            && above >= threat_loss(&self.pos, &self.eval.values)
    }

    /// Step 7: the null move's reduced search of a node evaluated `e` at or above `beta`: the
    /// score to return if the opponent's free move still fails high (never a mate score; 0 if
    /// the search was stopped), or None to search the moves.
    fn null_move(
        &mut self,
        e: i32,
        depth: i32,
        ply: usize,
        beta: i32,
        cut_node: bool,
    ) -> Option<i32> {
        let r = nmp_reduction(depth, e - beta);
        self.pos.make_null();
        self.frames[ply + 1] = Frame::default();
        let score = -self.search(depth - r, ply + 1, -beta, -beta + 1, !cut_node, false);
        self.pos.unmake_null();
        if self.aborted {
            return Some(0);
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Step 10: whether move `m` is pruned at a shallow node: quiet moves by count, futility
    /// and exchange (a move that repeats where a draw matters, or a check near the horizon,
    /// only by exchange); captures and promotions by futility and exchange. Asked only once a
    /// move that does not lose is known, and never of a capture of the sole royal.
    #[allow(clippy::too_many_arguments)]
    fn prunes(
        &mut self,
        node: &mut Pruning,
        picker: &mut Picker,
        m: Move,
        quiet: bool,
        promotes: bool,
        searched: usize,
        alpha: i32,
    ) -> bool {
        if quiet && !promotes {
            let draw_matters = node.repetition_draws && alpha < self.draw_score(node.ply);
            if (draw_matters && self.repeats(m)) || self.gives_check(m, node.enemy_royal) {
                // Searched (a repetition's child scores the draw at once); a check
                // still meets the exchange test below.
                if node.depth <= QUIET_SEE_MAX_DEPTH
                    && !self.see_at_least(m, quiet_see_threshold(node.depth))
                {
                    return true;
                }
            } else if searched >= node.lmp_limit && node.depth <= LMP_MAX_DEPTH {
                if !draw_matters && node.enemy_royal.is_none() {
                    picker.skip_quiets();
                }
                return true;
            } else if node.eval.is_some_and(|e| {
                // Futility: a move that leaves a threatened piece where it stands is
                // judged by the evaluation less what the threat wins.
                node.depth <= FUTILITY_MAX_DEPTH && {
                    let loss = if ignores(&self.pos, picker.threatened(), m) {
                        *node
                            .threat
                            .get_or_insert_with(|| threat_loss(&self.pos, &self.eval.values))
                    } else {
                        0
                    };
                    e - loss + futility_margin(node.depth) <= alpha
                }
            }) || (node.depth <= QUIET_SEE_MAX_DEPTH
                && !self.see_at_least(m, quiet_see_threshold(node.depth)))
            {
                return true;
            }
        } else {
            // Futility of captures: even winning the captured material (and a margin)
            // leaves this node below alpha.
            if let Some(e) = node.eval {
                if node.depth <= CAPTURE_FUTILITY_MAX_DEPTH
                    && !promotes
                    && e + capture_futility_margin(node.depth) + self.gain(m) <= alpha
                {
                    return true;
                }
            }
            if node.depth <= CAPTURE_SEE_MAX_DEPTH
                && !self.see_at_least(m, capture_see_threshold(node.depth))
            {
                return true;
            }
        }
        false
    }

    /// Step 11: the reduction of the `searched`-th move, a late quiet move or losing capture,
    /// at `depth` (always leaving at least a ply).
    fn reduction(&self, depth: i32, searched: usize, late: Late) -> i32 {
        let mut r = lmr_base(depth, searched);
        r += !late.improving as i32;
        r += late.cut_node as i32;
        r -= late.pv_node as i32;
        r -= late.refutation as i32;
        r -= (late.history / LMR_HISTORY_DIVISOR).clamp(-2, 2);
        r.clamp(0, depth - 2)
    }

    /// Step 12: the score of a node at `ply` where no move was searched: static if the move
    /// filter refused every move (`alpha` at the root), the repetition's `floor` if there is
    /// one, chu's bare-king result, or a loss (in two plies if every move was `hopeless`: it
    /// left the royal to be taken).
    fn no_move_score(
        &self,
        ply: usize,
        alpha: i32,
        filtered: bool,
        floor: i32,
        hopeless: bool,
    ) -> i32 {
        if filtered {
            // Only moves the filter refuses: not a loss, judged statically.
            return if ply == 0 { alpha } else { self.evaluate() };
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
        -MATE + ply as i32
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
}
