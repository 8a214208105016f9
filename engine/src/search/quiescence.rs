//! Quiescence search: at the horizon, only captures that do not lose material by static
//! exchange (a capture of a sole royal piece always), until the position is quiet. A side in
//! check does not stand pat: it searches the moves that take its royal out of danger.

use super::thread::Thread;
use super::{from_tt, to_tt, INF, MATE, MAX_PLY};
use crate::tt::Bound;
use arrayvec::ArrayVec;
use taikyoku_movegen::{Danger, Square};

/// Captures searched at most this many plies beyond the horizon.
const QS_MAX_PLIES: usize = 12;
/// Check is detected (and answered by searching the escapes) this many plies into the
/// quiescence search; deeper, positions stand pat like any other (a Taikyoku capture sequence
/// opens lines to the royals often, and every escape search costs hundreds of moves).
const QS_CHECK_PLIES: usize = 1;
/// Beyond this many plies into the quiescence search only one recapture (a capture on the
/// square the opponent's last move landed on, by the least valuable capturer as the ordering
/// puts it first, which is what the static exchange assumes) is searched: in the giant variants a capture opens
/// further captures everywhere, and searching every exchange on the board multiplies the
/// tree (Taikyoku from the start: over 2.7 million quiescence nodes below the first root move
/// alone, most of them ten or more plies deep).
const QS_RECAPTURE_PLIES: usize = 2;
/// Captures other than recaptures searched at most per quiescence node (the best ordered
/// ones; Stockfish prunes after two): with hundreds of pieces, most positions have dozens of
/// captures that do not lose by static exchange.
const QS_MOVE_LIMIT: usize = 3;
/// Recaptures searched at most per quiescence node, the least valuable capturers first.
const QS_RECAPTURE_LIMIT: usize = 2;
/// Delta pruning margin.
const QS_DELTA_MARGIN: i32 = 200;

impl<const N: usize> Thread<'_, N> {
    /// Quiescence search of the position at `ply`, `qply` plies beyond the horizon; `in_check`
    /// is known by the caller at `qply` 0.
    pub fn quiescence(
        &mut self,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: usize,
        in_check: bool,
    ) -> i32 {
        self.nodes += 1;
        self.qnodes += 1;
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.pos.winner().is_some() {
            return -MATE + ply as i32;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate();
        }
        let in_check = if qply == 0 {
            in_check
        } else {
            self.features.checks && qply < QS_CHECK_PLIES && self.pos.in_check()
        };
        self.frames[ply].in_check = in_check;
        // As in the main search (step 3b): a side to move that can take a draw by repetition
        // stands at least on the draw (unless its last move gave check: repeating it may lose).
        let floor = self.repetition_floor(ply, in_check, alpha);
        if let Some(draw) = floor.filter(|&d| d >= beta) {
            return draw;
        }
        let key = self.pos.hash();
        let pv_node = beta - alpha > 1;
        if let Some(e) = self.shared.tt.probe(key) {
            if self.features.tt_cutoffs && !pv_node {
                let s = from_tt(e.score, ply);
                if e.bound.cuts(s, alpha, beta) {
                    return s;
                }
            }
        }
        // In check: the escapes instead of standing pat.
        if in_check {
            return self.evasions(ply, alpha, beta, qply);
        }
        let stand = match floor {
            Some(draw) => self.evaluate().max(draw),
            None => self.evaluate(),
        };
        if stand >= beta || qply >= QS_MAX_PLIES {
            return stand;
        }
        let alpha0 = alpha;
        alpha = alpha.max(stand);
        let start = self.list.0.len();
        let last_to = self.pos.last_move().map(|l| l.to());
        let deep = qply >= QS_RECAPTURE_PLIES;
        if deep {
            self.generate_recaptures(last_to);
        } else {
            self.pos.generate_into::<_, true>(&mut self.list);
        }
        let end = self.list.0.len();
        self.score_captures(start, end);
        let mut best = stand;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut recaptures = 0usize;
        let filtering = self.shared.limits.moves.is_active();
        for i in start..end {
            let (_, m) = self.pick(i, end, i - start);
            if filtering && !self.shared.limits.moves.allows(ply, m) {
                continue;
            }
            let royal = self.captures_sole_royal(m);
            if !royal {
                let recapture = last_to == Some(m.to());
                if (recapture && recaptures >= if deep { 1 } else { QS_RECAPTURE_LIMIT })
                    || (!recapture && (deep || searched - recaptures >= QS_MOVE_LIMIT))
                {
                    continue;
                }
                // Delta pruning: even winning what this move captures and its promotion (and a
                // margin) cannot raise alpha.
                if stand + self.gain(m) + self.promotion_gain(m) + QS_DELTA_MARGIN <= alpha {
                    continue;
                }
                // Losing captures are not searched.
                if !self.see_at_least(m, 0) {
                    continue;
                }
            }
            searched += 1;
            recaptures += (last_to == Some(m.to())) as usize;
            self.pos.make(m);
            let score = -self.quiescence(ply + 1, -beta, -alpha, qply + 1, false);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.list.0.truncate(start);
        if !self.aborted {
            let bound = Bound::of(best, alpha0, beta);
            self.shared
                .tt
                .store(key, best_move, to_tt(best, ply), 0, bound);
        }
        best
    }

    /// At `qply >= QS_RECAPTURE_PLIES` (from the third quiescence ply on), where only a
    /// recapture on `last_to` and captures of the opponent's sole royal are searched: pushes
    /// onto the move list the captures of only the pieces that could capture on those squares
    /// (and the emperors, and Ko's shooters, burners, priests and killing promoters wherever
    /// they stand), in the order of the whole captures-only list, whose other moves would be
    /// passed over: a node walks a few programs instead of every piece's.
    fn generate_recaptures(&mut self, last_to: Option<Square>) {
        let mut targets = ArrayVec::<Square, 2>::new();
        targets.extend(last_to);
        if let Some(royal) = self.pos.sole_royal(self.pos.side_to_move().flip()) {
            if last_to != Some(royal) {
                targets.push(royal);
            }
        }
        let pieces = self.pos.capturers_of(&targets);
        self.pos.generate_captures_of_into(&pieces, &mut self.list);
    }

    /// In check at the horizon: every move that leaves no piece of ours whose loss loses the
    /// game capturable, searched on in quiescence. None: the royal falls next move.
    fn evasions(&mut self, ply: usize, mut alpha: i32, beta: i32, qply: usize) -> i32 {
        let start = self.list.0.len();
        let danger = self.pos.danger();
        if let Some(d) = &danger {
            // Only the pieces that might escape are walked, and the moves that certainly leave
            // the royal attacked go before ordering.
            self.pos.generate_evasions_into(d, &mut self.list);
            self.retain_escapes(start, d);
        } else {
            self.pos.generate_into::<_, false>(&mut self.list);
        }
        let end = self.list.0.len();
        self.score_captures(start, end);
        let mut best = -INF;
        let filtering = self.shared.limits.moves.is_active();
        let mut filtered = false;
        for i in start..end {
            let (_, m) = self.pick(i, end, i - start);
            if filtering && !self.shared.limits.moves.allows(ply, m) {
                filtered = true;
                continue;
            }
            self.pos.make(m);
            let won = self.pos.winner().is_some();
            if self.hangs_royal(danger.as_ref(), m)
                || (!won && self.forbid_repetition && self.pos.is_repetition())
            {
                self.pos.unmake();
                continue;
            }
            let score = -self.quiescence(ply + 1, -beta, -alpha, qply + 1, false);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.list.0.truncate(start);
        if best == -INF && filtered {
            // Only moves the filter refuses: not a loss, judged statically.
            return self.evaluate();
        }
        if best == -INF {
            // Every move leaves the royal to be taken: lost in two plies.
            return -MATE + ply as i32 + 2;
        }
        best
    }

    /// Keeps, of the moves from `start` on in the move list, those that may take the royal out
    /// of the `danger` ([`taikyoku_movegen::Position::may_escape`]) and those that take the
    /// opponent's sole royal (the game ends before the danger matters), in their order.
    pub fn retain_escapes(&mut self, start: usize, danger: &Danger) {
        let mut kept = start;
        for i in start..self.list.0.len() {
            let m = self.list.0[i].1;
            if self.pos.may_escape(danger, m) || self.captures_sole_royal(m) {
                self.list.0[kept] = self.list.0[i];
                kept += 1;
            }
        }
        self.list.0.truncate(kept);
    }

    /// With `m` just made: whether it left the mover's sole royal to be taken (it loses at
    /// once), asking only `danger`'s candidates when the mover was in check. A move that took
    /// the opponent's sole royal has won, whatever now attacks ours.
    pub fn hangs_royal(&mut self, danger: Option<&Danger>, m: taikyoku_movegen::Move) -> bool {
        self.pos.winner().is_none()
            && match danger {
                Some(d) => self.pos.royal_capturable_after(d, m),
                None => self.pos.can_win_now(),
            }
    }

    /// Whether `m` captures the opponent's last royal piece (wins at once).
    pub fn captures_sole_royal(&self, m: taikyoku_movegen::Move) -> bool {
        let them = self.pos.side_to_move().flip();
        if self.pos.royal_count(them) != 1 {
            return false;
        }
        let v = self.pos.variant();
        let mut hit = false;
        self.pos.for_each_captured(m, |_, p| {
            hit |= p.colour() == them && v.is_royal(p);
        });
        hit
    }
}
