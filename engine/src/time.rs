//! Time management for games of hundreds or thousands of moves.
//!
//! From the clock, the increment and the byoyomi, three budgets for one move: the *optimum*
//! (what a move should take on average; the search starts no iteration past half of it, since
//! the next one would take longer than everything before it, and stops after an iteration past
//! it), the *maximum* (stop now, unless depth 1 is not complete: the interrupted iteration's
//! best searched move is played) and the *emergency* (stop even depth 1, once it has searched
//! a root move). Under byoyomi and `movetime` there is no optimum: time a move does not use is
//! lost, so the search iterates until the maximum. The moves still to play are estimated from the
//! board's size and the material still on it: a chu game lasts 100-260 moves a side, a Taikyoku
//! game well over a thousand, and an emptier board is nearer its end. The search stretches the
//! optimum when its score drops or its best move changes ([`Deadlines::may_continue`]).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The clock of the side to move, as a `go` command gives it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    /// Time left.
    pub time: Option<Duration>,
    /// Increment per move.
    pub inc: Duration,
    /// Byoyomi per move (once the main time is used up).
    pub byoyomi: Duration,
    /// Moves to the next time control, if the GUI says.
    pub moves_to_go: Option<u32>,
}

/// What the time manager knows about the game.
#[derive(Clone, Copy, Debug)]
pub struct GameState {
    /// Squares of the board.
    pub squares: usize,
    /// Pieces on the board now, both sides.
    pub pieces: usize,
    /// Pieces in the variant's start position, both sides.
    pub start_pieces: usize,
}

/// Time kept in reserve against communication delays (the `MoveOverhead` option's default).
/// 10 ms, as Stockfish keeps: a pipe to a GUI on the same machine answers in well under a
/// millisecond, and 30 ms (the default before bf3bd36) was most of a fast byoyomi (at 50 ms a
/// move it left the search 20 ms). A slow GUI or a network takes a larger `MoveOverhead`.
pub const OVERHEAD: Duration = Duration::from_millis(10);

/// The three budgets of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The time a move should take; none (see [`Budget::has_optimum`]) under byoyomi and
    /// `movetime`, where the search runs until the maximum.
    pub optimum: Duration,
    /// The time it may never exceed.
    pub maximum: Duration,
    /// When even the first iteration stops: half the clock (a reserve for the rest of the game)
    /// plus the byoyomi, less the overhead; under byoyomi alone, the last moment a move can be
    /// sent without losing on time. The first iteration, which otherwise always completes (so
    /// that the move played is a searched one), stops here with the best root move searched:
    /// a Taikyoku position with an empty hash needed 100-300 ms for depth 1 (measured when
    /// 6f86464 added this deadline), and a 50 ms byoyomi does not wait for it.
    pub emergency: Duration,
}

impl Budget {
    /// Whether the search should stop iterating near the optimum; if not (a `movetime`, or a
    /// clock in byoyomi), it runs until the maximum stops it.
    pub fn has_optimum(&self) -> bool {
        self.optimum < UNLIMITED
    }

    /// These budgets with `extra` more kept back against communication delays (a
    /// `MoveOverhead` above the built-in one): it comes off the maximum (never below a
    /// millisecond) and the emergency (never below the maximum); an optimum stays within the
    /// maximum, a missing one stays missing.
    pub fn kept_back(self, extra: Duration) -> Budget {
        let maximum = self
            .maximum
            .saturating_sub(extra)
            .max(Duration::from_millis(1));
        Budget {
            optimum: if self.has_optimum() {
                self.optimum.min(maximum)
            } else {
                self.optimum
            },
            maximum,
            emergency: self.emergency.saturating_sub(extra).max(maximum),
        }
    }

    /// A fixed time (`movetime`): no optimum, stop at `t`.
    pub fn fixed(t: Duration) -> Budget {
        Budget {
            optimum: UNLIMITED,
            maximum: t,
            emergency: t,
        }
    }
}

/// An optimum that never stops an iteration (about 35 years).
const UNLIMITED: Duration = Duration::from_secs(1 << 30);

/// Moves this side is still expected to play: by board size at the start of a game, fewer as the
/// pieces come off (never below a floor that keeps a reserve for long endgames).
pub fn expected_moves_left(game: &GameState) -> u32 {
    let at_start = match game.squares {
        0..=200 => 110.0,
        201..=400 => 160.0,
        _ => 400.0,
    };
    let left = if game.start_pieces == 0 {
        1.0
    } else {
        (game.pieces as f64 / game.start_pieces as f64).clamp(0.0, 1.0)
    };
    let moves = at_start * (0.35 + 0.65 * left);
    (moves as u32).max(30)
}

/// The budgets for one move.
pub fn allocate(clock: &Clock, game: &GameState) -> Budget {
    let time = clock.time.unwrap_or(Duration::ZERO);
    let moves_left = clock
        .moves_to_go
        .map_or_else(|| expected_moves_left(game), |m| m.clamp(1, 1000))
        .max(1);
    // Never count on the increment before it arrives: what this move may use is the clock
    // (less the overhead) plus the byoyomi.
    let usable = (time + clock.byoyomi).saturating_sub(OVERHEAD);
    let optimum = whole_ms(time / moves_left + clock.inc * 9 / 10 + clock.byoyomi * 4 / 5);
    // The maximum: five optimums, capped at a share of the clock (a bigger share when the clock
    // is mostly increment or byoyomi); with a floor, so that a loaded machine does not cut a
    // move to a ply or two.
    let cap = time / 5 + clock.byoyomi.saturating_sub(OVERHEAD);
    let floor = (time / 10).min(Duration::from_millis(250));
    let maximum = whole_ms((optimum * 5).min(cap).max(floor).min(usable));
    let optimum = optimum.min(maximum);
    let maximum = maximum.max(Duration::from_millis(1));
    // Under byoyomi (less main time left than one byoyomi), the time a move does not use is
    // lost: no optimum, so iterations go on until the maximum stops one, whose best move so far
    // is played (the search plays an interrupted iteration's best searched move).
    let in_byoyomi = clock.byoyomi > Duration::ZERO && time < clock.byoyomi;
    Budget {
        optimum: if in_byoyomi {
            UNLIMITED
        } else {
            optimum.max(Duration::from_millis(1))
        },
        maximum,
        // Half the clock at most (a reserve: a first iteration that needs more would lose the
        // game later), plus the byoyomi.
        emergency: (time / 2 + clock.byoyomi)
            .saturating_sub(OVERHEAD)
            .max(maximum),
    }
}

/// `d` rounded down to whole milliseconds (the deadlines count in them).
fn whole_ms(d: Duration) -> Duration {
    Duration::from_millis(d.as_millis() as u64)
}

/// The deadlines of a running search, counted from its start; they can change while it runs
/// (a `ponderhit` sets them).
#[derive(Debug)]
pub struct Deadlines {
    start: Instant,
    optimum_ms: AtomicU64,
    maximum_ms: AtomicU64,
    emergency_ms: AtomicU64,
}

impl Deadlines {
    /// No time limit, counting from now.
    pub fn unlimited() -> Deadlines {
        Deadlines::unlimited_since(Instant::now())
    }

    /// No time limit, counting from `start`.
    pub fn unlimited_since(start: Instant) -> Deadlines {
        Deadlines {
            start,
            optimum_ms: AtomicU64::new(u64::MAX),
            maximum_ms: AtomicU64::new(u64::MAX),
            emergency_ms: AtomicU64::new(u64::MAX),
        }
    }

    /// The budget, counted from `start` (when the command that started the move arrived, so
    /// that time spent reading the position counts).
    pub fn new(budget: Budget, start: Instant) -> Deadlines {
        let d = Deadlines::unlimited_since(start);
        d.store(0, budget);
        d
    }

    /// Replaces the budget by `budget` counted from now.
    pub fn set_from_now(&self, budget: Budget) {
        self.store(self.elapsed_ms(), budget);
    }

    /// Sets the deadlines to `budget` counted from `base` milliseconds after the start.
    fn store(&self, base: u64, budget: Budget) {
        let at = |d: Duration| base.saturating_add(d.as_millis() as u64);
        // No optimum (a `movetime`, byoyomi): iterations go on until the maximum.
        let optimum = if budget.has_optimum() {
            at(budget.optimum)
        } else {
            u64::MAX
        };
        self.optimum_ms.store(optimum, Relaxed);
        self.maximum_ms.store(at(budget.maximum), Relaxed);
        self.emergency_ms.store(at(budget.emergency), Relaxed);
    }

    /// Milliseconds since the start.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Whether the maximum has passed: stop now.
    pub fn past_maximum(&self) -> bool {
        self.elapsed_ms() >= self.maximum_ms.load(Relaxed)
    }

    /// Whether the emergency has passed: stop even the first iteration, if it has searched a
    /// root move.
    pub fn past_emergency(&self) -> bool {
        self.elapsed_ms() >= self.emergency_ms.load(Relaxed)
    }

    /// Whether another iteration may start, the optimum being stretched by `factor` (score
    /// drops and best-move changes make it bigger than 1): only before half of it, since the
    /// next iteration takes longer than all before it together.
    pub fn may_continue(&self, factor: f64) -> bool {
        let optimum = self.optimum_ms.load(Relaxed);
        if optimum == u64::MAX {
            return true;
        }
        let stretched = (optimum as f64 * factor).min(self.maximum_ms.load(Relaxed) as f64);
        (self.elapsed_ms() as f64) < stretched * 0.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(squares: usize, pieces: usize, start_pieces: usize) -> GameState {
        GameState {
            squares,
            pieces,
            start_pieces,
        }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn chu_sudden_death_expects_a_long_game() {
        // 15 s for a whole chu game, at the start: 110 moves expected, 15000 / 110 = 136 ms.
        let c = Clock {
            time: Some(Duration::from_secs(15)),
            ..Default::default()
        };
        let b = allocate(&c, &game(144, 92, 92));
        assert_eq!(b.optimum, ms(136));
        assert_eq!(b.maximum, ms(680));
    }

    #[test]
    fn an_emptier_board_spends_more_per_move() {
        let c = Clock {
            time: Some(Duration::from_secs(10)),
            ..Default::default()
        };
        let full = allocate(&c, &game(144, 92, 92));
        let half = allocate(&c, &game(144, 46, 92));
        // 110 moves at the start, 110 * (0.35 + 0.325) = 74 with half the pieces.
        assert_eq!(full.optimum, ms(90));
        assert_eq!(half.optimum, ms(135));
        // A bare board still expects 110 * 0.364 = 40 moves.
        assert_eq!(allocate(&c, &game(144, 2, 92)).optimum, ms(250));
    }

    #[test]
    fn taikyoku_expects_hundreds_of_moves() {
        let c = Clock {
            time: Some(Duration::from_secs(600)),
            ..Default::default()
        };
        let b = allocate(&c, &game(1296, 804, 804));
        assert_eq!(b.optimum, ms(1500));
        assert_eq!(b.maximum, ms(7500));
    }

    #[test]
    fn the_increment_is_used_but_not_before_it_arrives() {
        // 10 s + 0.1 s: 10000 / 110 + 90 = 180 ms.
        let c = Clock {
            time: Some(Duration::from_secs(10)),
            inc: ms(100),
            ..Default::default()
        };
        assert_eq!(allocate(&c, &game(144, 92, 92)).optimum, ms(180));
        // 300 ms left with a 1 s increment: the move may not take more than the clock.
        let c = Clock {
            time: Some(ms(300)),
            inc: Duration::from_secs(1),
            ..Default::default()
        };
        let b = allocate(&c, &game(144, 92, 92));
        assert!(b.maximum <= ms(300) - OVERHEAD, "{b:?}");
        assert!(b.optimum <= b.maximum);
    }

    #[test]
    fn byoyomi_alone_runs_to_its_end_and_never_past_it() {
        let c = Clock {
            time: Some(Duration::ZERO),
            byoyomi: Duration::from_secs(1),
            ..Default::default()
        };
        let b = allocate(&c, &game(289, 100, 200));
        assert_eq!(b.maximum, Duration::from_secs(1) - OVERHEAD);
        // Time a byoyomi move does not use is lost: the search runs until the maximum.
        assert!(!b.has_optimum());
        // With main time left above one byoyomi, the optimum saves it.
        let main_time = Clock {
            time: Some(Duration::from_secs(60)),
            ..c
        };
        let b = allocate(&main_time, &game(289, 100, 200));
        assert!(b.has_optimum());
        assert!(b.optimum < b.maximum);
    }

    #[test]
    fn the_maximum_has_a_floor_but_never_exceeds_the_clock() {
        // 2 s left in chu: optimum 2000 / 110 = 18 ms, five of them 90 ms, but the floor keeps
        // 200 ms (a tenth of the clock).
        let c = Clock {
            time: Some(Duration::from_secs(2)),
            ..Default::default()
        };
        let b = allocate(&c, &game(144, 92, 92));
        assert_eq!(b.optimum, ms(18));
        assert_eq!(b.maximum, ms(200));
        // 50 ms left: the floor is a tenth of the clock, and the overhead is kept back.
        let c = Clock {
            time: Some(ms(50)),
            ..Default::default()
        };
        let b = allocate(&c, &game(144, 92, 92));
        assert!(b.maximum <= ms(20), "{b:?}");
    }

    #[test]
    fn the_emergency_is_the_last_moment_that_does_not_lose() {
        // Byoyomi alone: the byoyomi less the overhead, as the maximum.
        let c = Clock {
            byoyomi: ms(50),
            ..Default::default()
        };
        let b = allocate(&c, &game(1296, 804, 804));
        assert_eq!(
            (b.maximum, b.emergency),
            (ms(50) - OVERHEAD, ms(50) - OVERHEAD)
        );
        // Sudden death: half the clock, never less than the maximum.
        let c = Clock {
            time: Some(Duration::from_secs(10)),
            ..Default::default()
        };
        let b = allocate(&c, &game(144, 92, 92));
        assert_eq!(b.emergency, ms(5000) - OVERHEAD);
        assert!(b.maximum < b.emergency);
        // With byoyomi: half the clock and the byoyomi.
        let c = Clock {
            time: Some(ms(400)),
            byoyomi: ms(1000),
            ..Default::default()
        };
        assert_eq!(
            allocate(&c, &game(144, 92, 92)).emergency,
            ms(1200) - OVERHEAD
        );
        // A fixed time stops at that time.
        assert_eq!(Budget::fixed(ms(70)).emergency, ms(70));
    }

    #[test]
    fn moves_to_go_divides_the_clock() {
        let c = Clock {
            time: Some(Duration::from_secs(60)),
            moves_to_go: Some(20),
            ..Default::default()
        };
        let b = allocate(&c, &game(289, 200, 200));
        assert_eq!(b.optimum, Duration::from_secs(3));
        assert_eq!(b.maximum, Duration::from_secs(12));
    }

    #[test]
    fn iterations_start_only_before_half_the_optimum() {
        let b = Budget {
            optimum: Duration::from_secs(100),
            maximum: Duration::from_secs(200),
            emergency: Duration::from_secs(300),
        };
        let d = Deadlines::new(b, Instant::now());
        assert!(d.may_continue(1.0));
        let ago = |s| {
            Instant::now()
                .checked_sub(Duration::from_secs(s))
                .expect("uptime")
        };
        let late = Deadlines::new(b, ago(60));
        assert!(!late.may_continue(1.0));
        // Stretched (a score drop), the same moment still allows one.
        assert!(late.may_continue(1.5));
        assert!(!late.past_maximum());
        let over = Deadlines::new(b, ago(201));
        assert!(over.past_maximum());
        // Without an optimum (byoyomi, movetime) iterations start until the maximum.
        let fixed = Budget::fixed(Duration::from_secs(200));
        assert!(Deadlines::new(fixed, ago(150)).may_continue(1.0));
        assert!(Deadlines::new(fixed, ago(201)).past_maximum());
    }
}
