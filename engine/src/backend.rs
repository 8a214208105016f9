//! The search behind the protocol loop: options, time management, the search thread, and the
//! reports it hands to the protocol (which formats them: USI `info`/`bestmove`, CECP thinking
//! output and `move`).

use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::{Relaxed, SeqCst};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use taikyoku_eval::{Evaluator, Params};
use taikyoku_movegen::{with_position, AnyPosition, Colour, Move, Position, Variant};
use taikyoku_protocol::engine::{Engine, EngineOption, Go, Reporter, Score, Thinking};

use crate::search::skill::{self, Skill};
use crate::search::{
    self, mate_in, Control, Deadlines, Features, Info, Limits, Memory, MoveFilter,
};
use crate::time::{self, Budget, Clock, GameState, OVERHEAD};
use crate::tt::Tt;

/// The engine's name as `usi` reports it.
pub const NAME: &str = concat!("taikyoku ", env!("CARGO_PKG_VERSION"));

/// The default contempt, centipawns a draw costs the engine: half a chu pawn, so that a side
/// slightly behind plays on instead of repeating (the `Contempt` option; 0 scores draws as 0).
pub const CONTEMPT: i32 = 50;

/// The most lines `MultiPV` may ask for.
pub const MAX_MULTIPV: usize = 32;

/// The protocol-neutral report of one iteration (the protocol formats it).
fn thinking(info: &Info) -> Thinking<'_> {
    Thinking {
        depth: info.depth,
        seldepth: info.seldepth,
        score: match mate_in(info.score) {
            Some(m) => Score::Mate(m),
            None => Score::Cp(info.score),
        },
        nodes: info.nodes,
        time: info.elapsed,
        hashfull: info.hashfull,
        pv: &info.pv,
        lower_bound: info.lower_bound,
        multipv: info.multipv,
    }
}

/// How the engine chooses its moves: its search, or one of the weak reference players used to
/// measure strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayMode {
    /// The real search.
    Search,
    /// One ply, greedy: the move capturing the most material (a win first), ties at random.
    Greedy,
    /// A uniformly random legal move.
    Random,
}

/// A small deterministic generator for the weak players (xorshift64*).
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// The move of a weak player.
fn weak_move<const N: usize>(
    p: &Position<N>,
    eval: &Evaluator,
    mode: PlayMode,
    seed: u64,
) -> Option<Move> {
    let mut q = p.clone();
    let moves = q.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mut state = seed | 1;
    if mode == PlayMode::Random {
        return Some(moves[(next_random(&mut state) % moves.len() as u64) as usize]);
    }
    let us = p.side_to_move();
    let mut best = (i64::MIN, None);
    for &m in &moves {
        let mut gain = 0i64;
        p.for_each_captured(m, |_, piece| {
            let v = eval.values.piece(piece) as i64;
            gain += if piece.colour() == us { -v } else { v };
        });
        q.make(m);
        if q.winner() == Some(us) {
            gain += 1 << 40;
        }
        q.unmake();
        let key = (gain << 16) + (next_random(&mut state) & 0xffff) as i64;
        if key > best.0 {
            best = (key, Some(m));
        }
    }
    best.1
}

/// Pieces of both sides in `variant`'s start position.
fn start_pieces(variant: &Arc<Variant>) -> usize {
    let p = AnyPosition::startpos(variant.clone());
    p.piece_count(Colour::Black) + p.piece_count(Colour::White)
}

/// The budgets of a move under `go`'s clock for the side `s` (0 Black, 1 White), or none
/// (no clock: depth, nodes or infinite). `overhead` is the `MoveOverhead` option: a `movetime`
/// loses all of it; a clock's budgets from [`time::allocate`] already keep the built-in
/// [`OVERHEAD`] back, and whatever the option adds above it comes off the maximum and the
/// emergency too (never below a millisecond), so that the lag a user declared for a slow GUI
/// or network is kept back from every deadline.
fn budget_for(go: &Go, s: usize, game: &GameState, overhead: Duration) -> Option<Budget> {
    if let Some(mt) = go.movetime {
        let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
        Some(Budget::fixed(t))
    } else if go.time[s].is_some() || go.byoyomi > Duration::ZERO || go.inc[s] > Duration::ZERO {
        let clock = Clock {
            time: go.time[s],
            inc: go.inc[s],
            byoyomi: go.byoyomi,
            moves_to_go: go.moves_to_go,
        };
        // A bigger MoveOverhead than the built-in one is kept back too.
        Some(time::allocate(&clock, game).kept_back(overhead.saturating_sub(OVERHEAD)))
    } else {
        None
    }
}

/// The engine's side of the protocol.
pub struct Backend {
    variant: Arc<Variant>,
    eval: Arc<Evaluator>,
    tt: Arc<Tt>,
    threads: usize,
    overhead: Duration,
    control: Option<Control>,
    ponder_time: Arc<Mutex<Option<Budget>>>,
    /// Pieces in the variant's start position (the time manager's measure of the game phase).
    start_pieces: usize,
    handle: Option<JoinHandle<()>>,
    /// Set by the search thread just before it writes its `bestmove`: from then on a command
    /// finds the engine idle, though the thread may take a moment more to end (a GUI may send
    /// `setoption` the instant it reads `bestmove`).
    answered: Arc<AtomicBool>,
    mode: PlayMode,
    seed: u64,
    searches: u64,
    /// Centipawns a draw costs the engine (the `Contempt` option).
    contempt: i32,
    /// Lines to find and report (the `MultiPV` option).
    multipv: usize,
    /// The `Skill Level` option: 0 to 19 weaken the play, 20 is full strength.
    skill_level: u8,
    /// The `UCI_LimitStrength` option: play at `UCI_Elo` (which then overrides `Skill Level`).
    limit_strength: bool,
    /// The `UCI_Elo` option.
    elo: i32,
    /// The evaluation's parameters (defaults unless the `EvalParams` option set some).
    params: Params,
    /// What the game's searches learned about quiet moves (held by the search under way).
    memory: Arc<Mutex<Memory>>,
    /// A new game (or variant) began: the next search starts from an empty [`Memory`] (a flag
    /// that search reads, so that nothing here takes the lock a search holds).
    forget: Arc<AtomicBool>,
}

impl Backend {
    /// A backend for `variant` with default options (16 MB hash, one thread).
    pub fn new(variant: Arc<Variant>) -> Backend {
        let start_pieces = start_pieces(&variant);
        Backend {
            eval: Arc::new(Evaluator::new(variant.clone())),
            tt: Arc::new(Tt::new(16)),
            variant,
            threads: 1,
            overhead: OVERHEAD,
            control: None,
            ponder_time: Arc::new(Mutex::new(None)),
            handle: None,
            answered: Arc::new(AtomicBool::new(false)),
            mode: PlayMode::Search,
            seed: 0,
            searches: 0,
            start_pieces,
            params: Params::default(),
            contempt: CONTEMPT,
            multipv: 1,
            skill_level: skill::FULL,
            limit_strength: false,
            elo: skill::elo_range().1,
            memory: Arc::new(Mutex::new(Memory::new())),
            forget: Arc::new(AtomicBool::new(false)),
        }
    }

    fn limits_for(&self, pos: &AnyPosition, go: &Go) -> (Limits, Deadlines) {
        let limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
            moves: MoveFilter {
                root: go.searchmoves.clone(),
                own: go.playable.as_ref().map(|p| p.0.clone()),
                theirs: go.reachable.as_ref().map(|p| p.0.clone()),
            },
            contempt: self.contempt,
            multipv: self.multipv,
            skill: {
                let seed = (self.seed << 20) ^ self.searches ^ pos.hash();
                if self.limit_strength {
                    Skill::fractional(skill::centi_level_for_elo(self.elo), seed)
                } else {
                    Skill::new(self.skill_level, seed)
                }
            },
        };
        let start = Instant::now()
            .checked_sub(go.position_cost)
            .unwrap_or_else(Instant::now);
        let side = pos.side_to_move();
        let game = GameState {
            squares: pos.variant().geometry().squares(),
            pieces: pos.piece_count(Colour::Black) + pos.piece_count(Colour::White),
            start_pieces: self.start_pieces,
        };
        let budget = budget_for(go, side.index(), &game, self.overhead);
        let deadlines = match budget {
            Some(b) if !go.ponder && !go.infinite => Deadlines::new(b, start),
            _ => Deadlines::unlimited_since(start),
        };
        *self.ponder_time.lock().expect("not poisoned") = if go.ponder { budget } else { None };
        (limits, deadlines)
    }
}

impl Engine for Backend {
    fn id(&self) -> (String, String) {
        (NAME.to_string(), "the taikyoku developers".to_string())
    }

    fn options(&self) -> Vec<EngineOption> {
        vec![
            EngineOption {
                name: "USI_Hash".into(),
                spec: "type spin default 16 min 1 max 65536".into(),
            },
            EngineOption {
                name: "Threads".into(),
                spec: "type spin default 1 min 1 max 256".into(),
            },
            EngineOption {
                name: "USI_Ponder".into(),
                spec: "type check default false".into(),
            },
            EngineOption {
                name: "MoveOverhead".into(),
                spec: format!("type spin default {} min 0 max 5000", OVERHEAD.as_millis()),
            },
            EngineOption {
                name: "PlayMode".into(),
                spec: "type combo default search var search var greedy var random".into(),
            },
            EngineOption {
                name: "Seed".into(),
                spec: "type spin default 0 min 0 max 1000000000".into(),
            },
            EngineOption {
                name: "MultiPV".into(),
                spec: format!("type spin default 1 min 1 max {MAX_MULTIPV}"),
            },
            EngineOption {
                name: "Skill Level".into(),
                spec: format!("type spin default {0} min 0 max {0}", skill::FULL),
            },
            EngineOption {
                name: "UCI_LimitStrength".into(),
                spec: "type check default false".into(),
            },
            EngineOption {
                name: "UCI_Elo".into(),
                spec: {
                    let (lowest, highest) = skill::elo_range();
                    format!("type spin default {highest} min {lowest} max {highest}")
                },
            },
            EngineOption {
                name: "Contempt".into(),
                spec: format!("type spin default {CONTEMPT} min -1000 max 1000"),
            },
            EngineOption {
                name: "EvalParams".into(),
                spec: "type string default <empty>".into(),
            },
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let int = |lo: u64, hi: u64| -> Result<u64, String> {
            match value.parse::<u64>() {
                Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                _ => Err(format!(
                    "option {name}: '{value}' is not a number from {lo} to {hi}"
                )),
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "usi_hash" | "hash" => {
                let mb = int(1, 65536)? as usize;
                // The old table goes first, so that its memory is free for the new one (which
                // is committed now up to 256 MB, see `tt.rs`).
                self.tt = Arc::new(Tt::new(1));
                let (tt, got) = Tt::try_new(mb);
                self.tt = Arc::new(tt);
                if got < mb {
                    return Err(format!(
                        "option {name}: cannot allocate {mb} MB for the hash table; it has {got} MB"
                    ));
                }
            }
            "threads" => self.threads = int(1, 256)? as usize,
            "usi_ponder" => match value {
                "true" | "false" => {}
                _ => return Err(format!("option USI_Ponder: '{value}' is not true or false")),
            },
            "moveoverhead" => self.overhead = Duration::from_millis(int(0, 5000)?),
            "playmode" => {
                self.mode = match value {
                    "search" => PlayMode::Search,
                    "greedy" => PlayMode::Greedy,
                    "random" => PlayMode::Random,
                    _ => {
                        return Err(format!(
                            "option PlayMode: '{value}' is not search, greedy or random"
                        ))
                    }
                }
            }
            "seed" => self.seed = int(0, 1_000_000_000)?,
            "multipv" => self.multipv = int(1, MAX_MULTIPV as u64)? as usize,
            "skill level" | "skilllevel" => self.skill_level = int(0, skill::FULL as u64)? as u8,
            "uci_limitstrength" => {
                self.limit_strength = match value {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(format!(
                            "option UCI_LimitStrength: '{value}' is not true or false"
                        ))
                    }
                }
            }
            "uci_elo" => {
                let (lowest, highest) = skill::elo_range();
                self.elo = int(lowest as u64, highest as u64)? as i32;
            }
            "contempt" => {
                self.contempt = match value.parse::<i32>() {
                    Ok(n) if (-1000..=1000).contains(&n) => n,
                    _ => {
                        return Err(format!(
                            "option Contempt: '{value}' is not a number from -1000 to 1000"
                        ))
                    }
                }
            }
            "evalparams" => {
                // Each setting starts from the defaults: settings do not compound.
                let mut params = Params::default();
                let text = if value == "<empty>" { "" } else { value };
                params
                    .apply(text)
                    .map_err(|e| format!("option EvalParams: {e}"))?;
                self.eval = Arc::new(Evaluator::with_params(self.variant.clone(), params.clone()));
                self.params = params;
                // Its scores came from the other evaluation.
                self.tt.clear();
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn set_variant(&mut self, variant: Arc<Variant>) {
        // The evaluation always belongs to `self.variant` and `self.params`: the same variant
        // again (a session's start, `ChuRules` keeping its reading) keeps it, which saves
        // building Taikyoku's tables twice at start-up.
        if !Arc::ptr_eq(&variant, &self.eval.variant) {
            self.start_pieces = start_pieces(&variant);
            self.eval = Arc::new(Evaluator::with_params(variant.clone(), self.params.clone()));
        }
        self.variant = variant;
        self.tt.clear();
        // Another variant's statistics (the tables may fit it in size).
        self.forget.store(true, SeqCst);
    }

    /// Nothing to prepare: the table is allocated when its size is set, and emptied at once.
    fn ready(&mut self) {}

    /// Empties the hash table, at once whatever its size (see [`Tt::clear`]), and has the next
    /// search forget what this game's searches learned.
    fn new_game(&mut self) {
        self.tt.clear();
        self.forget.store(true, SeqCst);
    }

    fn go(&mut self, pos: &AnyPosition, go: &Go, mut report: Box<dyn Reporter>) {
        let (limits, deadlines) = self.limits_for(pos, go);
        let control = Control::new(deadlines);
        control.hold.store(go.ponder || go.infinite, Relaxed);
        self.control = Some(control.clone());
        let pos = pos.clone();
        let eval = self.eval.clone();
        let tt = self.tt.clone();
        let threads = self.threads;
        self.answered = Arc::new(AtomicBool::new(false));
        let answered = self.answered.clone();
        if self.mode != PlayMode::Search {
            self.searches += 1;
            let seed = (self.seed << 20) ^ self.searches ^ pos.hash();
            let mode = self.mode;
            self.handle = Some(std::thread::spawn(move || {
                with_position!(&pos, p => {
                    let m = weak_move(p, &eval, mode, seed);
                    while control.hold.load(Relaxed) && !control.stop.load(Relaxed) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    answered.store(true, SeqCst);
                    report.finished(m, None);
                });
            }));
            return;
        }
        let memory = self.memory.clone();
        let forget = self.forget.clone();
        self.handle = Some(std::thread::spawn(move || {
            // A search that panicked left nothing that matters half-written: the tables only
            // order moves.
            let mut memory = memory.lock().unwrap_or_else(|e| e.into_inner());
            if forget.swap(false, SeqCst) {
                memory.clear();
            }
            with_position!(&pos, p => {
                let mut each = |info: &Info| report.thinking(&thinking(info));
                let r = search::search(
                    p,
                    &eval,
                    tt,
                    threads,
                    limits,
                    &control,
                    Features::default(),
                    &mut memory,
                    &mut each,
                );
                answered.store(true, SeqCst);
                report.finished(r.best, r.ponder);
            });
        }));
    }

    fn stop(&mut self) {
        if let Some(c) = &self.control {
            c.stop.store(true, Relaxed);
        }
    }

    fn ponderhit(&mut self) {
        if let Some(c) = &self.control {
            if let Some(budget) = self.ponder_time.lock().expect("not poisoned").take() {
                c.deadlines.set_from_now(budget);
            }
            c.hold.store(false, Relaxed);
        }
    }

    fn wait(&mut self) {
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }

    fn searching(&mut self) -> bool {
        match &self.handle {
            Some(h) if !h.is_finished() && !self.answered.load(SeqCst) => true,
            Some(_) => {
                self.wait();
                false
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Installing the variant the backend already has keeps its evaluation (a session's start
    /// asks for the one `Backend::new` was given), with the parameters set since; another
    /// variant builds an evaluation of its own.
    #[test]
    fn the_evaluation_is_rebuilt_only_for_another_variant() {
        let chu = Variant::builtin("chu").unwrap();
        let mut b = Backend::new(chu.clone());
        let first = b.eval.clone();
        b.set_variant(chu.clone());
        assert!(
            Arc::ptr_eq(&b.eval, &first),
            "the same variant keeps the evaluation"
        );
        let dai = Variant::builtin("dai-dai").unwrap();
        b.set_variant(dai.clone());
        assert!(
            Arc::ptr_eq(&b.eval.variant, &dai),
            "a new variant gets its own"
        );
        assert_eq!(b.start_pieces, start_pieces(&dai));
        b.set_option("EvalParams", "tempo=7").unwrap();
        let tuned = b.eval.clone();
        b.set_variant(dai);
        assert!(Arc::ptr_eq(&b.eval, &tuned), "kept with the new parameters");
        assert_eq!(b.eval.params.tempo, 7);
        assert!(Arc::ptr_eq(&b.eval.variant, &b.variant));
    }

    /// A chu game's start: the clock's share is that of a whole game.
    fn chu_start() -> GameState {
        GameState {
            squares: 144,
            pieces: 92,
            start_pieces: 92,
        }
    }

    /// `MoveOverhead` above the built-in overhead comes off the maximum and the emergency of
    /// every clock, whole off a `movetime`, never below a millisecond; at the built-in value
    /// the budgets are `time::allocate`'s own.
    #[test]
    fn move_overhead_comes_off_every_deadline() {
        let game = chu_start();
        let extra = Duration::from_millis(300);
        let clocks = [
            Go {
                byoyomi: Duration::from_millis(2000),
                ..Go::default()
            },
            Go {
                time: [Some(Duration::from_secs(60)), None],
                inc: [Duration::from_millis(500), Duration::ZERO],
                ..Go::default()
            },
        ];
        for go in &clocks {
            let own = budget_for(go, 0, &game, OVERHEAD).unwrap();
            let clock = Clock {
                time: go.time[0],
                inc: go.inc[0],
                byoyomi: go.byoyomi,
                moves_to_go: None,
            };
            assert_eq!(own, time::allocate(&clock, &game), "{go:?}");
            let lagged = budget_for(go, 0, &game, OVERHEAD + extra).unwrap();
            assert_eq!(lagged.maximum, own.maximum - extra, "{go:?}");
            assert_eq!(lagged.emergency, own.emergency - extra, "{go:?}");
            assert!(
                !lagged.has_optimum() || lagged.optimum <= lagged.maximum,
                "{go:?}"
            );
            // Byoyomi alone runs until the maximum, a clock with main time has an optimum.
            assert_eq!(lagged.has_optimum(), go.time[0].is_some(), "{go:?}");
        }
        // A lag longer than the clock leaves a millisecond, not nothing.
        let short = Go {
            byoyomi: Duration::from_millis(100),
            ..Go::default()
        };
        let b = budget_for(&short, 0, &game, Duration::from_secs(5)).unwrap();
        assert_eq!(b.maximum, Duration::from_millis(1));
        assert!(b.emergency >= b.maximum);
        // A movetime loses the whole overhead; White's clock is White's.
        let fixed = Go {
            movetime: Some(Duration::from_millis(1000)),
            ..Go::default()
        };
        let b = budget_for(&fixed, 0, &game, OVERHEAD + extra).unwrap();
        assert_eq!(b.maximum, Duration::from_millis(1000) - OVERHEAD - extra);
        assert!(budget_for(&clocks[1], 1, &game, OVERHEAD).is_none());
        assert!(budget_for(&Go::default(), 0, &game, OVERHEAD).is_none());
    }
}
