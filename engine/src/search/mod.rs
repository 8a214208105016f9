//! Search: iterative deepening with aspiration windows over a principal-variation alpha-beta
//! (`tree.rs`) with a staged move picker (`picker.rs`), what the opponent's last move threatens
//! (`threats.rs`), quiescence search on captures that do not lose material (`quiescence.rs`),
//! killers, history and countermoves (`history.rs`), a shared lock-free transposition table,
//! and Lazy SMP across threads.
//!
//! Winning means capturing the opponent's last royal piece, so a forced capture is scored like a
//! mate: `MATE - plies`; a side whose sole royal is attacked is "in check" (it is extended, and
//! at the horizon it searches its escapes instead of standing pat). A side with no move loses.
//! Repetition inside the search tree: in variants that forbid it (Dai dai) a repeating move is
//! skipped as illegal, elsewhere a repeated position scores as a draw (the fourfold rule and its
//! perpetual-check exception are applied exactly by the game layer, `movegen/src/rules/game.rs`, at
//! the root).
//!
//! Nothing is allocated per node: each thread owns one move arena and fixed-size tables.

mod history;
mod params;
mod picker;
mod position;
mod quiescence;
mod repetition;
pub mod skill;
mod thread;
mod threats;
mod tree;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

use taikyoku_eval::Evaluator;
use taikyoku_movegen::{Colour, Move, Position, RepetitionRule};

pub use history::Memory;
pub use position::SearchPosition;
use thread::Thread;

use crate::tt::Tt;

pub use crate::time::Deadlines;

/// Score of capturing the last royal piece now.
pub const MATE: i32 = 500_000;
/// Deepest ply the search can reach.
pub const MAX_PLY: usize = 128;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub(crate) const INF: i32 = MATE + 1;
/// Static evaluations are clamped to this, below every mate score. A Taikyoku army is worth
/// about 400,000 centipawns, and leads of 100,000 happen in real games: a bound much lower
/// would make every move of a won game look alike.
pub(crate) const EVAL_MAX: i32 = 450_000;
/// A repetition lost by rule (the side that gave check with each of its moves of the cycle):
/// below every static evaluation, so that any other line is preferred, and above every mate
/// score, because the rule decides only at the fourth occurrence, which the side may still
/// avoid later in the game.
pub(crate) const PERPETUAL_LOSS: i32 = EVAL_MAX + 1_000;

/// When to stop searching, besides time, and which moves to consider.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum depth (plies).
    pub depth: Option<i32>,
    /// Maximum nodes (all threads together).
    pub nodes: Option<u64>,
    /// The moves the search may choose.
    pub moves: MoveFilter,
    /// Contempt: centipawns a draw costs the side to move at the root, and gains its opponent
    /// (positive: the engine plays on rather than repeat a position it is slightly behind in;
    /// 0: a draw is worth 0 to both).
    pub contempt: i32,
    /// How many best lines to find and report (MultiPV; 0 and 1: the best line only). One
    /// root search finds them all: its window's lower edge is the last line's score (and it
    /// takes no aspiration window), so each move that enters the lines is scored exactly.
    pub multipv: usize,
    /// A weaker play (`Skill Level` below 20): a node budget, and a choice among the best lines.
    pub skill: Option<skill::Skill>,
}

/// A test of a move, shared by the search threads.
pub type MoveTest = Arc<dyn Fn(Move) -> bool + Send + Sync>;

/// Which moves the search may choose: only `root` at the root (USI `go searchmoves`), and only
/// moves passing `own` for the side to move at the root, at the root and wherever that side
/// moves in the tree (a GUI that cannot relay some moves: the line searched is one the engine
/// can play). The opponent's moves in the tree pass `theirs` (the moves that GUI can deliver:
/// a threat it cannot relay is none). When no root move passes, `root` and `own` are dropped
/// (any legal move beats none).
#[derive(Clone, Default)]
pub struct MoveFilter {
    /// The only root moves to search (empty: all).
    pub root: Vec<Move>,
    /// The test every move of the root side must pass (none: all pass).
    pub own: Option<MoveTest>,
    /// The test every move of the opponent must pass (none: all pass).
    pub theirs: Option<MoveTest>,
}

impl std::fmt::Debug for MoveFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveFilter")
            .field("root", &self.root)
            .field("own", &self.own.as_ref().map(|_| "fn(Move) -> bool"))
            .field("theirs", &self.theirs.as_ref().map(|_| "fn(Move) -> bool"))
            .finish()
    }
}

impl MoveFilter {
    /// Whether the filter restricts anything (the search skips its test when not).
    #[inline]
    pub fn is_active(&self) -> bool {
        !self.root.is_empty() || self.own.is_some() || self.theirs.is_some()
    }

    /// Whether the filter lets the search play `m` at `ply` (ply 0 is the root; even plies are
    /// the root side's).
    #[inline]
    pub fn allows(&self, ply: usize, m: Move) -> bool {
        if ply == 0 && !self.root.is_empty() && !self.root.contains(&m) {
            return false;
        }
        let test = if ply.is_multiple_of(2) {
            &self.own
        } else {
            &self.theirs
        };
        test.as_ref().is_none_or(|t| t(m))
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
    /// Time limits (only the main thread reads them).
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
    /// Quiescence nodes among `nodes`.
    pub qnodes: u64,
    /// The iteration stopped before every root move was searched (only a first iteration cut
    /// at the emergency reports then): the score is the best searched move's, a lower bound.
    pub lower_bound: bool,
    /// Which line this is under MultiPV (1 the best); `None` when one line was asked for.
    pub multipv: Option<usize>,
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
pub struct Shared {
    tt: Arc<Tt>,
    control: Control,
    nodes: Vec<AtomicU64>,
    qnodes: Vec<AtomicU64>,
    start: Instant,
    limits: Limits,
    /// For the last moves of the game before the root, oldest first, whether each was an
    /// attacking move in the sense of the fourfold rule ([`attacks_before_root`]).
    history_attacks: Vec<bool>,
}

impl Shared {
    fn total_qnodes(&self) -> u64 {
        self.qnodes.iter().map(|n| n.load(Relaxed)).sum()
    }

    /// The report of an iteration's line, with the search's counts as they stand (an exact
    /// score, not under MultiPV: the caller marks otherwise).
    fn info(&self, depth: i32, seldepth: usize, score: i32, pv: Vec<Move>) -> Info {
        Info {
            depth,
            seldepth,
            score,
            nodes: self.total_nodes(),
            elapsed: self.start.elapsed(),
            pv,
            hashfull: self.tt.hashfull(),
            qnodes: self.total_qnodes(),
            lower_bound: false,
            multipv: None,
        }
    }

    fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Relaxed)).sum()
    }
}

/// Converts a score for storage in the table (mate scores relative to the node).
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
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
    /// Forward pruning: reverse futility, futility, late move and static-exchange pruning.
    pub pruning: bool,
    /// Check detection: check extension, evasions in quiescence, no null move in check.
    pub checks: bool,
}

impl Features {
    /// Everything off: a plain alpha-beta to the given depth (tests compare against one).
    pub fn none() -> Features {
        Features {
            null_move: false,
            lmr: false,
            tt_cutoffs: false,
            quiescence: false,
            pruning: false,
            checks: false,
        }
    }
}

impl Default for Features {
    fn default() -> Self {
        Features {
            null_move: true,
            lmr: true,
            tt_cutoffs: true,
            quiescence: true,
            pruning: true,
            checks: true,
        }
    }
}

/// How many of the game's moves before the root [`attacks_before_root`] looks at: cycles of
/// repetition are rarely longer.
const HISTORY_ATTACKS: usize = 32;

/// For the last moves of the game before `pos` (at most [`HISTORY_ATTACKS`], and only since
/// the last irreversible move, where a cycle of repetition can begin), oldest first, whether
/// each was an attacking move as the fourfold rule's perpetual clause counts them
/// ([`Position::gave_check`]: a check, or in chu any attack by the piece that moved). The search
/// reads them for cycles that begin before the root, such as the game's own repetitions. Found
/// once per search on a copy of the root.
fn attacks_before_root<const N: usize>(pos: &Position<N>) -> Vec<bool> {
    if pos.variant().repetition() != RepetitionRule::Fourfold {
        return Vec::new();
    }
    let mut p = pos.clone();
    let mut moves = Vec::new();
    while moves.len() < HISTORY_ATTACKS.min(pos.reversible_history().len()) {
        let Some(m) = p.last_move() else { break };
        moves.push(m);
        p.unmake();
    }
    moves
        .iter()
        .rev()
        .map(|&m| {
            p.make(m);
            p.gave_check()
        })
        .collect()
}

/// Runs a search of `pos` on `threads` threads and returns the best move. `report` is called by
/// the main thread after each completed iteration. `memory` holds what the game's earlier
/// searches learned about quiet moves, and this one adds to it.
#[allow(clippy::too_many_arguments)]
pub fn search<const N: usize>(
    pos: &Position<N>,
    eval: &Evaluator,
    tt: Arc<Tt>,
    threads: usize,
    limits: Limits,
    control: &Control,
    features: Features,
    memory: &mut Memory,
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
        limits.moves.root.clear();
        limits.moves.own = None;
    }
    // A weak skill searches a node budget (the first iteration still completes).
    if let Some(s) = limits.skill {
        limits.nodes = Some(limits.nodes.map_or(s.max_nodes(), |n| n.min(s.max_nodes())));
    }
    let shared = Shared {
        tt,
        control: control.clone(),
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        qnodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        start: Instant::now(),
        limits: limits.clone(),
        history_attacks: attacks_before_root(pos),
    };
    let skill = limits.skill;
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 1)
        .clamp(1, MAX_PLY as i32 - 1);
    let v = pos.variant();
    let tables = memory.tables(threads, v.piece_index_count(), v.geometry().squares());
    let (main_table, helper_tables) = tables.split_first_mut().expect("one table per thread");
    let result = std::thread::scope(|scope| {
        for (id, table) in (1..threads).zip(helper_tables) {
            let shared = &shared;
            scope.spawn(move || {
                let mut t = Thread::new(id, pos, eval, shared, features, table);
                let mut d = 1 + (id % 2) as i32;
                while d <= max_depth && !t.aborted {
                    t.root_depth = d;
                    t.search(d, 0, -INF, INF, false, false);
                    d += 1;
                }
                shared.nodes[id].store(t.nodes, Relaxed);
                shared.qnodes[id].store(t.qnodes, Relaxed);
            });
        }
        let mut t = Thread::new(0, pos, eval, &shared, features, main_table);
        // MultiPV: no more lines than root moves the search may choose.
        let allowed = root_moves
            .iter()
            .filter(|&&m| shared.limits.moves.allows(0, m))
            .count();
        let shown = limits.multipv.clamp(1, allowed.max(1));
        // A weak skill finds more lines than it shows, to choose among them.
        let lines = match skill {
            Some(_) => shown.max(skill::LINES).min(allowed.max(1)),
            None => shown,
        };
        t.root_lines = lines;
        // The lines of the last iteration searched in full (for a weak skill's choice).
        let mut finished_lines: Vec<(i32, Vec<Move>)> = Vec::new();
        let mut prev_last = 0;
        let mut best = first_allowed.unwrap_or(root_moves[0]);
        let mut ponder = None;
        let mut last: Option<Info> = None;
        let mut prev_score: i32 = 0;
        // Recent changes of the best move (decaying), for the time manager.
        let mut instability = 0.0f64;
        for depth in 1..=max_depth {
            t.must_complete = depth == 1;
            t.root_depth = depth;
            let score = if lines > 1 {
                aspirated_lines(&mut t, depth, prev_score, prev_last)
            } else {
                aspirated(&mut t, depth, prev_score)
            };
            t.must_complete = false;
            // An iteration stopped by the clock or a node limit still counts once it has
            // searched a root move in full: its best move is the previous best searched deeper,
            // or a move that beat it (root moves searched later are only played when they
            // score higher), so it is played, as Stockfish does, rather than the previous
            // iteration's. Its score is a lower bound.
            if t.aborted && t.pv_len[0] == 0 {
                break;
            }
            let pv = t.pv_line();
            if let Some(&m) = pv.first() {
                if depth > 1 && m != best {
                    instability += 1.0;
                }
                best = m;
                ponder = pv.get(1).copied();
            }
            let drop = if depth > 1 { prev_score - score } else { 0 };
            prev_score = score;
            shared.nodes[0].store(t.nodes, Relaxed);
            shared.qnodes[0].store(t.qnodes, Relaxed);
            let mut info = shared.info(depth, t.seldepth, score, pv);
            info.lower_bound = t.aborted;
            info.multipv = (shown > 1).then_some(1);
            report(&info);
            if lines > 1 && !t.aborted {
                further_lines(&t, depth, shown, &shared, report);
                prev_last = t.root_found.last().map_or(score, |l| l.0);
                if skill.is_some() {
                    finished_lines.clone_from(&t.root_found);
                }
            }
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
            // Time: a falling score or a wavering best move earns more of it.
            let factor = 1.0 + (drop.max(0) as f64 / 100.0).min(1.0) + 0.4 * instability;
            instability *= 0.5;
            if !control.hold.load(Relaxed)
                && (!control.deadlines.may_continue(factor) || control.deadlines.past_maximum())
            {
                break;
            }
        }
        // Pondering / infinite: wait for the GUI before answering.
        while control.hold.load(Relaxed) && !control.stop.load(Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        control.stop.store(true, Relaxed);
        if let Some(chosen) = skill.and_then(|s| s.choose(&finished_lines)) {
            let pv = &finished_lines[chosen].1;
            best = pv[0];
            ponder = pv.get(1).copied();
        }
        shared.nodes[0].store(t.nodes, Relaxed);
        shared.qnodes[0].store(t.qnodes, Relaxed);
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
        l.qnodes = shared.total_qnodes();
    }
    result
}

/// One iteration's search of the root at `depth` in an aspiration window around `prev` (from
/// depth 4 on), widened on each failure until the score falls inside.
fn aspirated<const N: usize>(t: &mut Thread<'_, N>, depth: i32, prev: i32) -> i32 {
    let window = aspiration_window(depth, prev, prev);
    search_root_in(t, depth, window, |_, s, lo| s <= lo)
}

/// MultiPV: one iteration's root search for the best lines, in a window from below the last
/// line's previous score to above the best's (from depth 4 on), widened on the side that
/// failed: above when the best line reached the top, below while the lines are not all
/// inside.
fn aspirated_lines<const N: usize>(
    t: &mut Thread<'_, N>,
    depth: i32,
    prev_best: i32,
    prev_last: i32,
) -> i32 {
    let window = aspiration_window(depth, prev_best, prev_last);
    search_root_in(t, depth, window, |t, _, lo| {
        !(t.root_found.len() == t.root_lines && t.root_found.last().is_some_and(|l| l.0 > lo))
    })
}

/// The first window of an iteration at `depth` whose previous best score was `best` and
/// whose last wanted line scored `last` (the same score with one line): from depth
/// [`params::ASPIRATION_MIN_DEPTH`] on and away from mate scores, [`params::ASPIRATION_DELTA`]
/// around them; else the full window.
fn aspiration_window(depth: i32, best: i32, last: i32) -> (i32, i32) {
    let delta = params::ASPIRATION_DELTA;
    if depth >= params::ASPIRATION_MIN_DEPTH && best.abs() < MATE_BOUND && last.abs() < MATE_BOUND {
        (last.min(best) - delta, best + delta)
    } else {
        (-INF, INF)
    }
}

/// The root searched at `depth` in `window`, widened (by a delta tripled each time) above when
/// the score reaches the top and below while `fails_low(thread, score, lower edge)`, until
/// neither holds; the last score (or the stopped search's).
fn search_root_in<const N: usize>(
    t: &mut Thread<'_, N>,
    depth: i32,
    (mut lo, mut hi): (i32, i32),
    fails_low: impl Fn(&Thread<'_, N>, i32, i32) -> bool,
) -> i32 {
    let mut delta = params::ASPIRATION_DELTA;
    loop {
        let s = t.search(depth, 0, lo, hi, false, false);
        if t.aborted {
            return s;
        }
        if s >= hi && hi < INF {
            hi = (hi + delta).min(INF);
        } else if lo > -INF && fails_low(t, s, lo) {
            lo = (lo - delta).max(-INF);
        } else {
            return s;
        }
        delta *= 3;
    }
}

/// MultiPV: the further lines of an iteration (after the best, reported already), best first,
/// as the root search found them, up to the `shown`-th.
fn further_lines<const N: usize>(
    t: &Thread<'_, N>,
    depth: i32,
    shown: usize,
    shared: &Shared,
    report: &mut (dyn FnMut(&Info) + Send),
) {
    for (k, (score, pv)) in t.root_found.iter().enumerate().take(shown).skip(1) {
        let mut info = shared.info(depth, t.seldepth, *score, pv.clone());
        info.multipv = Some(k + 1);
        report(&info);
    }
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
