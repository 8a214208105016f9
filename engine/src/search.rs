//! Search: iterative deepening, principal-variation alpha-beta, quiescence search on captures, a
//! shared lock-free transposition table, move ordering (hash move, captures by value, killers,
//! history), null-move pruning and late-move reductions, and Lazy SMP across threads.
//!
//! Winning means capturing the opponent's last royal piece, so a forced capture is scored like a
//! mate: `MATE - plies`. A side with no move loses. Repetition inside the search tree: in
//! variants that forbid it (Dai dai) a repeating move is skipped as illegal, elsewhere a repeated
//! position scores as a draw (the fourfold rule and its perpetual-check exception are applied
//! exactly by the game layer, `taikyoku_movegen::game`, at the root).
//!
//! Nothing is allocated per node: each thread owns one move arena and fixed-size tables.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

use taikyoku_eval::Evaluator;
use taikyoku_movegen::{Colour, Move, MoveSink, Position, Promotion, RepetitionRule};

use crate::tt::{Bound, Tt};

/// Score of capturing the last royal piece now.
pub const MATE: i32 = 30_000;
/// Deepest ply the search can reach.
pub const MAX_PLY: usize = 128;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const INF: i32 = MATE + 1;
/// Static evaluations are clamped to this, below every mate score (a Taikyoku material balance
/// can exceed the mate score otherwise).
const EVAL_MAX: i32 = 25_000;
/// Captures searched at most this many plies beyond the horizon.
const QS_MAX_PLIES: usize = 6;
/// Delta pruning margin in the quiescence search.
const QS_DELTA_MARGIN: i32 = 200;

/// When to stop searching, besides time, and which moves to consider.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum depth (plies).
    pub depth: Option<i32>,
    /// Maximum nodes (all threads together).
    pub nodes: Option<u64>,
    /// The moves the search may choose.
    pub moves: MoveFilter,
}

/// A test of a move, shared by the search threads.
pub type MoveTest = Arc<dyn Fn(Move) -> bool + Send + Sync>;

/// Which moves the search may choose: only `root` at the root (USI `go searchmoves`), and only
/// moves passing `own` for the side to move at the root, at the root and wherever that side
/// moves in the tree (a GUI that cannot relay some moves: the line searched is one the engine
/// can play). The opponent's moves are never restricted. When no root move passes, the filter
/// is dropped (any legal move beats none).
#[derive(Clone, Default)]
pub struct MoveFilter {
    /// The only root moves to search (empty: all).
    pub root: Vec<Move>,
    /// The test every move of the root side must pass (none: all pass).
    pub own: Option<MoveTest>,
}

impl std::fmt::Debug for MoveFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveFilter")
            .field("root", &self.root)
            .field("own", &self.own.as_ref().map(|_| "fn(Move) -> bool"))
            .finish()
    }
}

impl MoveFilter {
    /// Whether the filter lets the search play `m` at `ply` (ply 0 is the root; even plies are
    /// the root side's).
    #[inline]
    fn allows(&self, ply: usize, m: Move) -> bool {
        if ply == 0 && !self.root.is_empty() && !self.root.contains(&m) {
            return false;
        }
        ply % 2 == 1 || self.own.as_ref().is_none_or(|own| own(m))
    }
}

/// Time limits that can change while the search runs (a `ponderhit` sets them).
#[derive(Debug)]
pub struct Deadlines {
    start: Instant,
    soft_ms: AtomicU64,
    hard_ms: AtomicU64,
}

impl Deadlines {
    /// No time limit, counting from now.
    pub fn unlimited() -> Deadlines {
        Deadlines {
            start: Instant::now(),
            soft_ms: AtomicU64::new(u64::MAX),
            hard_ms: AtomicU64::new(u64::MAX),
        }
    }

    /// Limits counting from now: do not start an iteration after `soft`, stop at `hard`.
    pub fn new(soft: Duration, hard: Duration) -> Deadlines {
        let d = Deadlines::unlimited();
        d.set_from_now(soft, hard);
        d
    }

    /// Replaces the limits by `soft` and `hard` counted from now.
    pub fn set_from_now(&self, soft: Duration, hard: Duration) {
        let now = self.start.elapsed().as_millis() as u64;
        self.soft_ms.store(now + soft.as_millis() as u64, Relaxed);
        self.hard_ms.store(now + hard.as_millis() as u64, Relaxed);
    }

    fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn past_soft(&self) -> bool {
        self.elapsed_ms() >= self.soft_ms.load(Relaxed)
    }

    fn past_hard(&self) -> bool {
        self.elapsed_ms() >= self.hard_ms.load(Relaxed)
    }
}

/// How the outside controls a running search.
#[derive(Clone, Debug)]
pub struct Control {
    /// Set to stop every thread as soon as possible.
    pub stop: Arc<AtomicBool>,
    /// While set, the search neither stops on time nor answers before `stop` (pondering,
    /// infinite analysis).
    pub hold: Arc<AtomicBool>,
    /// Time limits.
    pub deadlines: Arc<Deadlines>,
}

impl Control {
    /// A control with the given deadlines, not stopped, not held.
    pub fn new(deadlines: Deadlines) -> Control {
        Control {
            stop: Arc::new(AtomicBool::new(false)),
            hold: Arc::new(AtomicBool::new(false)),
            deadlines: Arc::new(deadlines),
        }
    }
}

/// Progress of a search, reported after each completed iteration (and at the end).
#[derive(Clone, Debug)]
pub struct Info {
    /// Completed depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Score from the side to move's point of view.
    pub score: i32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Time since the start.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Transposition table use (permille).
    pub hashfull: u32,
}

/// What a search returns.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The best move, if the side to move has any.
    pub best: Option<Move>,
    /// The expected reply (for pondering).
    pub ponder: Option<Move>,
    /// The last report.
    pub info: Option<Info>,
}

/// State shared by the threads of one search.
struct Shared {
    tt: Arc<Tt>,
    control: Control,
    nodes: Vec<AtomicU64>,
    start: Instant,
    limits: Limits,
}

impl Shared {
    fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Relaxed)).sum()
    }
}

/// Converts a score for storage in the table (mate scores relative to the node).
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Pruning and ordering switches (off for the plain reference search in tests).
#[derive(Clone, Copy, Debug)]
pub struct Features {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Transposition table cutoffs.
    pub tt_cutoffs: bool,
    /// Quiescence search at the horizon.
    pub quiescence: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            null_move: true,
            lmr: true,
            tt_cutoffs: true,
            quiescence: true,
        }
    }
}

/// The move arena: every ply's moves with their ordering scores, one slice per ply.
struct MoveList(Vec<(i32, Move)>);

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        self.0.push((0, m));
    }
}

/// After this many moves picked one by one, the rest of a long list is sorted once.
const PICK_ONE_BY_ONE: usize = 6;

struct Thread<'a, const N: usize> {
    id: usize,
    pos: Position<N>,
    eval: &'a Evaluator,
    shared: &'a Shared,
    features: Features,
    list: MoveList,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    forbid_repetition: bool,
}

impl<'a, const N: usize> Thread<'a, N> {
    fn new(
        id: usize,
        pos: &Position<N>,
        eval: &'a Evaluator,
        shared: &'a Shared,
        features: Features,
    ) -> Self {
        let v = pos.variant();
        let squares = v.geo.squares();
        let mut own = pos.clone();
        eval.prepare(&mut own);
        Thread {
            id,
            pos: own,
            eval,
            shared,
            features,
            list: MoveList(Vec::with_capacity(1 << 16)),
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![0; v.programs.len() * squares],
            pv: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            aborted: false,
            forbid_repetition: v.repetition() == RepetitionRule::Forbidden,
        }
    }

    #[inline]
    fn evaluate(&self) -> i32 {
        self.eval.evaluate(&self.pos).clamp(-EVAL_MAX, EVAL_MAX)
    }

    #[inline]
    fn check_stop(&mut self) -> bool {
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
            if !c.hold.load(Relaxed) && c.deadlines.past_hard() {
                c.stop.store(true, Relaxed);
                self.aborted = true;
                return true;
            }
        }
        false
    }

    /// The value of the enemy pieces a move removes (for ordering and delta pruning).
    fn gain(&self, m: Move) -> i32 {
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

    #[inline]
    fn gain_fast(&self, m: Move) -> i32 {
        if m.is_range() || m.has_stops() || m.has_shot_layout() {
            return self.gain(m);
        }
        let p = self.pos.piece_at(m.to());
        if p.is_piece() && m.to() != m.from() && p.colour() != self.pos.side_to_move() {
            self.eval.values.piece(p)
        } else {
            0
        }
    }

    fn history_index(&self, m: Move) -> usize {
        let v = self.pos.variant();
        let p = self.pos.piece_at(m.from());
        p.index() * v.geo.squares() + v.geo.dense(m.to())
    }

    fn score_moves(&mut self, start: usize, ply: usize, tt_move: Option<Move>) {
        for i in start..self.list.0.len() {
            let m = self.list.0[i].1;
            let s = if Some(m) == tt_move {
                1 << 30
            } else {
                let g = self.gain_fast(m);
                if g > 0 {
                    let attacker = self.eval.values.piece(self.pos.piece_at(m.from()));
                    (1 << 24) + g * 16 - attacker / 16
                } else if self.killers[ply][0] == Some(m) {
                    (1 << 23) + 2
                } else if self.killers[ply][1] == Some(m) {
                    (1 << 23) + 1
                } else {
                    self.history[self.history_index(m)].min((1 << 22) - 1)
                }
            };
            let promo = (m.promotion() == Promotion::Promote) as i32;
            self.list.0[i].0 = s + promo * 64;
        }
    }

    /// Moves the best-scored remaining move to position `i` and returns it with its score. The
    /// first few are picked one by one (a cutoff usually comes early); then the rest is sorted.
    #[inline]
    fn pick(&mut self, start: usize, i: usize, end: usize) -> (i32, Move) {
        let l = &mut self.list.0;
        if i - start < PICK_ONE_BY_ONE {
            let mut best = i;
            for j in i + 1..end {
                if l[j].0 > l[best].0 {
                    best = j;
                }
            }
            l.swap(i, best);
        } else if i - start == PICK_ONE_BY_ONE {
            l[i..end].sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
        }
        l[i]
    }

    fn quiescence(&mut self, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.pos.winner().is_some() {
            return -MATE + ply as i32;
        }
        let stand = self.evaluate();
        if ply >= MAX_PLY || qply >= QS_MAX_PLIES || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let start = self.list.0.len();
        self.pos.generate_into::<_, true>(&mut self.list);
        let end = self.list.0.len();
        self.score_moves(start, ply, None);
        let mut best = stand;
        for i in start..end {
            let (_, m) = self.pick(start, i, end);
            if !self.shared.limits.moves.allows(ply, m) {
                continue;
            }
            // Delta pruning: even winning what this move captures (and a margin) cannot
            // raise alpha.
            let gain = self.gain_fast(m);
            if stand + gain + QS_DELTA_MARGIN <= alpha && gain < MATE_BOUND {
                continue;
            }
            // Beyond the first capture, only trades that do not lose material at once
            // (the capturer is worth no more than what it takes).
            if qply >= 1 {
                let attacker = self.eval.values.piece(self.pos.piece_at(m.from()));
                if attacker > gain + QS_DELTA_MARGIN / 2 {
                    continue;
                }
            }
            self.pos.make(m);
            let score = -self.quiescence(ply + 1, qply + 1, -beta, -alpha);
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
        best
    }

    fn search(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.check_stop() {
            return 0;
        }
        if self.pos.winner().is_some() {
            self.nodes += 1;
            return -MATE + ply as i32;
        }
        if ply > 0 && !self.forbid_repetition && self.pos.is_repetition() {
            self.nodes += 1;
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        if depth <= 0 {
            if self.features.quiescence {
                return self.quiescence(ply, 0, alpha, beta);
            }
            self.nodes += 1;
            return self.evaluate();
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.shared.tt.probe(key) {
            tt_move = e.mv.and_then(|k| self.pos.move_from_key(k));
            if self.features.tt_cutoffs && !pv_node && ply > 0 && e.depth >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        // Null move: give the opponent a free move; if we still fail high, prune.
        if self.features.null_move
            && null_ok
            && !pv_node
            && ply > 0
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && self.evaluate() >= beta
        {
            let r = 2 + depth / 4;
            self.pos.make_null();
            let score = -self.search(depth - 1 - r, ply + 1, -beta, -beta + 1, false);
            self.pos.unmake_null();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }
        // Internal iterative reduction: no hash move at a deep node, search a ply shallower.
        if tt_move.is_none() && depth >= 5 {
            depth -= 1;
        }
        let start = self.list.0.len();
        self.pos.generate_into::<_, false>(&mut self.list);
        let end = self.list.0.len();
        self.score_moves(start, ply, tt_move);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut legal = 0;
        let mut filtered = false;
        for i in start..end {
            let (score_i, m) = self.pick(start, i, end);
            if !self.shared.limits.moves.allows(ply, m) {
                filtered = true;
                continue;
            }
            let quiet = score_i < (1 << 23) && m.promotion() != Promotion::Promote;
            self.pos.make(m);
            if self.forbid_repetition && self.pos.is_repetition() {
                self.pos.unmake();
                continue;
            }
            legal += 1;
            let mut score;
            if legal == 1 {
                score = -self.search(depth - 1, ply + 1, -beta, -alpha, true);
            } else {
                // Late-move reduction for quiet moves ordered late.
                let mut r = 0;
                if self.features.lmr && quiet && depth >= 3 && legal > 3 {
                    r = 1 + (legal > 10) as i32 + (depth > 6) as i32;
                    r = r.min(depth - 2);
                }
                score = -self.search(depth - 1 - r, ply + 1, -alpha - 1, -alpha, true);
                if score > alpha && r > 0 {
                    score = -self.search(depth - 1, ply + 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(depth - 1, ply + 1, -beta, -alpha, true);
                }
            }
            self.pos.unmake();
            if self.aborted {
                self.list.0.truncate(start);
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.pv[ply][ply] = Some(m);
                    for k in ply + 1..self.pv_len[ply + 1] {
                        self.pv[ply][k] = self.pv[ply + 1][k];
                    }
                    self.pv_len[ply] = self.pv_len[ply + 1].max(ply + 1);
                    if score >= beta {
                        if quiet {
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                            let h = self.history_index(m);
                            self.history[h] += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        self.list.0.truncate(start);
        if legal == 0 && filtered {
            // Only moves the filter refuses: not a loss, judged statically.
            return self.evaluate();
        }
        if legal == 0 {
            // Over by chu's bare-king rules (no moves are generated then).
            match self.pos.bare_king_state() {
                Some(None) => return 0,
                Some(Some(w)) if w == self.pos.side_to_move() => return MATE - ply as i32,
                _ => {}
            }
            // No move (or, in Dai dai, none that avoids a repetition): the side to move loses.
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared
            .tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    fn pv_line(&self) -> Vec<Move> {
        (0..self.pv_len[0]).map_while(|k| self.pv[0][k]).collect()
    }
}

/// Runs a search of `pos` on `threads` threads and returns the best move. `report` is called by
/// the main thread after each completed iteration.
#[allow(clippy::too_many_arguments)]
pub fn search<const N: usize>(
    pos: &Position<N>,
    eval: &Evaluator,
    tt: Arc<Tt>,
    threads: usize,
    limits: Limits,
    control: &Control,
    features: Features,
    report: &mut (dyn FnMut(&Info) + Send),
) -> SearchResult {
    tt.new_search();
    let threads = threads.max(1);
    let mut root = pos.clone();
    let root_moves = root.legal_moves();
    if root_moves.is_empty() {
        return SearchResult {
            best: None,
            ponder: None,
            info: None,
        };
    }
    let mut limits = limits;
    let first_allowed = root_moves
        .iter()
        .copied()
        .find(|&m| limits.moves.allows(0, m));
    if first_allowed.is_none() {
        limits.moves = MoveFilter::default();
    }
    let shared = Shared {
        tt,
        control: control.clone(),
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        start: Instant::now(),
        limits: limits.clone(),
    };
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 1)
        .clamp(1, MAX_PLY as i32 - 1);
    let result = std::thread::scope(|scope| {
        for id in 1..threads {
            let shared = &shared;
            scope.spawn(move || {
                let mut t = Thread::new(id, pos, eval, shared, features);
                let mut d = 1 + (id % 2) as i32;
                while d <= max_depth && !t.aborted {
                    t.search(d, 0, -INF, INF, false);
                    d += 1;
                }
                shared.nodes[id].store(t.nodes, Relaxed);
            });
        }
        let mut t = Thread::new(0, pos, eval, &shared, features);
        let mut best = first_allowed.unwrap_or(root_moves[0]);
        let mut ponder = None;
        let mut last: Option<Info> = None;
        let mut prev_score: i32 = 0;
        for depth in 1..=max_depth {
            // Aspiration window around the previous score.
            let mut delta = 60;
            let (mut lo, mut hi) = if depth >= 4 && prev_score.abs() < MATE_BOUND {
                (prev_score - delta, prev_score + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = t.search(depth, 0, lo, hi, false);
                if t.aborted {
                    break s;
                }
                if s <= lo && lo > -INF {
                    lo = (lo - delta).max(-INF);
                } else if s >= hi && hi < INF {
                    hi = (hi + delta).min(INF);
                } else {
                    break s;
                }
                delta *= 3;
            };
            if t.aborted && (depth > 1 || t.pv_len[0] == 0) {
                break;
            }
            let pv = t.pv_line();
            if let Some(&m) = pv.first() {
                best = m;
                ponder = pv.get(1).copied();
            }
            prev_score = score;
            shared.nodes[0].store(t.nodes, Relaxed);
            let info = Info {
                depth,
                seldepth: t.seldepth,
                score,
                nodes: shared.total_nodes(),
                elapsed: shared.start.elapsed(),
                pv,
                hashfull: shared.tt.hashfull(),
            };
            report(&info);
            last = Some(info);
            if t.aborted {
                break;
            }
            if score.abs() >= MATE_BOUND && depth > MATE - score.abs() + 1 {
                // A forced result found within the horizon: deeper search cannot change it.
                if !control.hold.load(Relaxed) {
                    break;
                }
            }
            if !control.hold.load(Relaxed) && control.deadlines.past_soft() {
                break;
            }
        }
        // Pondering / infinite: wait for the GUI before answering.
        while control.hold.load(Relaxed) && !control.stop.load(Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        control.stop.store(true, Relaxed);
        shared.nodes[0].store(t.nodes, Relaxed);
        if let Some(l) = last.as_mut() {
            l.nodes = shared.total_nodes();
            l.elapsed = shared.start.elapsed();
        }
        SearchResult {
            best: Some(best),
            ponder,
            info: last,
        }
    });
    // The helpers have joined: the node count is final.
    let mut result = result;
    if let Some(l) = result.info.as_mut() {
        l.nodes = shared.total_nodes();
    }
    result
}

/// Whether a score is a forced win or loss, and in how many moves (of the side to move).
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score + 1) / 2)
    } else {
        None
    }
}

/// Colour helper for callers formatting scores from Black's point of view.
pub fn from_black(score: i32, side: Colour) -> i32 {
    if side == Colour::Black {
        score
    } else {
        -score
    }
}
