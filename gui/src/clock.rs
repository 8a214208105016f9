//! Game clocks: each side's time control (Fischer or byoyomi, or none), the time each side has
//! left, and when a side's flag falls. The session owns one [`Clocks`] per game and is the only
//! judge of time: the page only shows what it is sent, so a page cannot give itself time, and a
//! page or engine that never answers still loses when its flag falls.
//!
//! - **Fischer** (`base + increment`): the clock starts at the base; each move's thinking time
//!   is taken off it and the increment added after the move. The flag falls when the clock
//!   reaches zero during a move.
//! - **Byoyomi** (`base + period`): the main time is used first; once it is gone every move has
//!   the period, whole again after each move. The flag falls when a move takes longer than
//!   what was left of the main time plus one period.
//!
//! Time is counted per move: the side to move's clock runs from when its turn began. A clock
//! can be paused in the middle of a move (analysis, a finished game, the record shown at an
//! earlier move) and goes on from where it stopped; a move taken back charges the time it had
//! used without the increment (no time is given back).

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use taikyoku_movegen::Colour;

/// The longest base time: ten hours.
pub const MAX_BASE_MS: u64 = 10 * 3_600_000;

/// The longest increment or byoyomi period: one hour.
pub const MAX_EXTRA_MS: u64 = 3_600_000;

/// The least time a clock may start with (base plus period): 100 ms.
pub const MIN_TIME_MS: u64 = 100;

/// One side's time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock: a person has all the time in the world, the engine thinks as the per-move
    /// limit says.
    #[default]
    None,
    /// `base_ms` and `inc_ms` added after each move.
    Fischer {
        /// The starting time, milliseconds.
        base_ms: u64,
        /// Added after each move, milliseconds.
        inc_ms: u64,
    },
    /// `base_ms` of main time, then `byoyomi_ms` for each move.
    Byoyomi {
        /// The main time, milliseconds (0: byoyomi from the first move).
        base_ms: u64,
        /// Each move's period once the main time is gone, milliseconds.
        byoyomi_ms: u64,
    },
}

impl TimeControl {
    /// Checks the ranges: a base of at most [`MAX_BASE_MS`], an increment or period of at most
    /// [`MAX_EXTRA_MS`], and at least [`MIN_TIME_MS`] to start with (a Fischer clock's base,
    /// a byoyomi clock's base plus period).
    pub fn check(&self) -> Result<(), String> {
        let (base, extra, start, what) = match *self {
            TimeControl::None => return Ok(()),
            TimeControl::Fischer { base_ms, inc_ms } => (base_ms, inc_ms, base_ms, "increment"),
            TimeControl::Byoyomi {
                base_ms,
                byoyomi_ms,
            } => (
                base_ms,
                byoyomi_ms,
                base_ms.saturating_add(byoyomi_ms),
                "byoyomi",
            ),
        };
        if base > MAX_BASE_MS {
            return Err(format!("a clock's base time {base} ms is over 10 hours"));
        }
        if extra > MAX_EXTRA_MS {
            return Err(format!("a clock's {what} {extra} ms is over 1 hour"));
        }
        if start < MIN_TIME_MS {
            return Err(match self {
                TimeControl::Fischer { .. } => {
                    format!("a Fischer clock's base time {base} ms is under {MIN_TIME_MS} ms")
                }
                _ => format!(
                    "a byoyomi clock's base time and period ({base} + {extra} ms) are under \
                     {MIN_TIME_MS} ms"
                ),
            });
        }
        Ok(())
    }

    /// Whether this is a clock at all.
    pub fn is_clock(&self) -> bool {
        *self != TimeControl::None
    }
}

/// Both sides' time controls, as the page sets them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControls {
    /// Black's.
    pub black: TimeControl,
    /// White's.
    pub white: TimeControl,
}

impl TimeControls {
    /// Both sides' controls checked; the error names the side.
    pub fn check(&self) -> Result<(), String> {
        self.black.check().map_err(|e| format!("Black: {e}"))?;
        self.white.check().map_err(|e| format!("White: {e}"))
    }

    /// The side's control.
    pub fn of(&self, side: Colour) -> TimeControl {
        match side {
            Colour::Black => self.black,
            Colour::White => self.white,
        }
    }

    /// Whether either side has a clock.
    pub fn any(&self) -> bool {
        self.black.is_clock() || self.white.is_clock()
    }
}

/// One side's clock as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// The control.
    pub control: TimeControl,
    /// Main time left, milliseconds (a Fischer clock's whole time).
    pub main_ms: u64,
    /// What is left of the current byoyomi period, milliseconds (0 for Fischer).
    pub byoyomi_ms: u64,
    /// Whether this clock is running now (the page counts it down until the next state).
    pub running: bool,
    /// Whether this side lost on time.
    pub flagged: bool,
}

/// One side's clock.
#[derive(Clone, Copy, Debug)]
struct SideClock {
    control: TimeControl,
    /// Main time at the start of the current move.
    main: Duration,
    /// Time used on the current move before the running stretch (pauses in between).
    spent: Duration,
    flagged: bool,
}

impl SideClock {
    fn new(control: TimeControl) -> SideClock {
        let base = match control {
            TimeControl::None => 0,
            TimeControl::Fischer { base_ms, .. } | TimeControl::Byoyomi { base_ms, .. } => base_ms,
        };
        SideClock {
            control,
            main: Duration::from_millis(base),
            spent: Duration::ZERO,
            flagged: false,
        }
    }

    /// The most the current move may take in all.
    fn allowance(&self) -> Option<Duration> {
        match self.control {
            TimeControl::None => None,
            TimeControl::Fischer { .. } => Some(self.main),
            TimeControl::Byoyomi { byoyomi_ms, .. } => {
                Some(self.main + Duration::from_millis(byoyomi_ms))
            }
        }
    }

    /// Whether `used` (on the current move) is more than the move may take.
    fn over(&self, used: Duration) -> bool {
        self.allowance().is_some_and(|a| used > a)
    }

    fn view(&self, used: Duration, running: bool) -> ClockView {
        let main_ms = ms(self.main.saturating_sub(used));
        let byoyomi_ms = match self.control {
            TimeControl::Byoyomi { byoyomi_ms, .. } => {
                let into = used.saturating_sub(self.main);
                ms(Duration::from_millis(byoyomi_ms).saturating_sub(into))
            }
            _ => 0,
        };
        ClockView {
            control: self.control,
            main_ms,
            byoyomi_ms,
            running,
            flagged: self.flagged,
        }
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn index(side: Colour) -> usize {
    match side {
        Colour::Black => 0,
        Colour::White => 1,
    }
}

/// Both sides' clocks in one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    controls: TimeControls,
    sides: [SideClock; 2],
    /// The side whose clock runs, and since when (this stretch).
    running: Option<(Colour, Instant)>,
}

impl Clocks {
    /// Fresh clocks for `controls`, none running.
    pub fn new(controls: TimeControls) -> Clocks {
        Clocks {
            controls,
            sides: [
                SideClock::new(controls.black),
                SideClock::new(controls.white),
            ],
            running: None,
        }
    }

    /// The controls the clocks were set with.
    pub fn controls(&self) -> TimeControls {
        self.controls
    }

    /// Whether either side has a clock.
    pub fn any(&self) -> bool {
        self.controls.any()
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Colour> {
        self.running.map(|(s, _)| s)
    }

    /// The side that lost on time, if one did.
    pub fn flagged(&self) -> Option<Colour> {
        [Colour::Black, Colour::White]
            .into_iter()
            .find(|&s| self.sides[index(s)].flagged)
    }

    /// Time `side` has used on its current move by `now`.
    fn used(&self, side: Colour, now: Instant) -> Duration {
        let c = &self.sides[index(side)];
        match self.running {
            Some((s, since)) if s == side => c.spent + now.saturating_duration_since(since),
            _ => c.spent,
        }
    }

    /// Makes `side`'s clock the running one (nothing changes if it already is). Another side
    /// that was running is paused. A side without a clock never runs, and nothing runs once a
    /// flag has fallen.
    pub fn run(&mut self, side: Colour, now: Instant) {
        if self.running() == Some(side) {
            return;
        }
        self.pause(now);
        if self.flagged().is_none() && self.controls.of(side).is_clock() {
            self.running = Some((side, now));
        }
    }

    /// Stops the running clock in the middle of its move; [`Clocks::run`] goes on from there.
    pub fn pause(&mut self, now: Instant) {
        if let Some((side, since)) = self.running.take() {
            self.sides[index(side)].spent += now.saturating_duration_since(since);
        }
    }

    /// `side`'s move was taken back before it was made: the time it used is charged to its
    /// main time (no increment), and its next move starts afresh.
    pub fn charge(&mut self, side: Colour, now: Instant) {
        if self.running() == Some(side) {
            self.pause(now);
        }
        let c = &mut self.sides[index(side)];
        c.main = c.main.saturating_sub(c.spent);
        c.spent = Duration::ZERO;
    }

    /// `side` made a move at `now`. Its time is taken off (a Fischer clock gets its increment,
    /// a byoyomi period is whole again) and its clock stops; `Err` when its time had run out
    /// first: the flag fell and the move does not count.
    pub fn moved(&mut self, side: Colour, now: Instant) -> Result<(), Colour> {
        let used = self.used(side, now);
        if self.running() == Some(side) {
            self.running = None;
        }
        let c = &mut self.sides[index(side)];
        if c.over(used) {
            c.flagged = true;
            c.spent = used;
            return Err(side);
        }
        match c.control {
            TimeControl::None => {}
            TimeControl::Fischer { inc_ms, .. } => {
                c.main = c.main.saturating_sub(used) + Duration::from_millis(inc_ms);
            }
            TimeControl::Byoyomi { .. } => c.main = c.main.saturating_sub(used),
        }
        c.spent = Duration::ZERO;
        Ok(())
    }

    /// Whether the running side's flag has fallen by `now`; if so it is marked as lost on
    /// time, its clock stops at zero, and the side is returned.
    pub fn check_flag(&mut self, now: Instant) -> Option<Colour> {
        let (side, _) = self.running?;
        let used = self.used(side, now);
        if !self.sides[index(side)].over(used) {
            return None;
        }
        self.running = None;
        let c = &mut self.sides[index(side)];
        c.spent = used;
        c.flagged = true;
        Some(side)
    }

    /// When the running side's flag falls, if nothing happens first.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        let (side, _) = self.running?;
        let c = &self.sides[index(side)];
        let left = c.allowance()?.saturating_sub(self.used(side, now));
        Some(now + left)
    }

    /// `side`'s clock as the page shows it at `now` (`None` for a side without a clock).
    pub fn view(&self, side: Colour, now: Instant) -> Option<ClockView> {
        let c = &self.sides[index(side)];
        c.control
            .is_clock()
            .then(|| c.view(self.used(side, now), self.running() == Some(side)))
    }

    /// The USI `go` command for `side`'s move at `now`, or `None` when `side` has no clock
    /// (the per-move limit applies). Both sides' remaining main times are given (a side
    /// without a clock is left out), the increments of Fischer clocks as `binc`/`winc`, and
    /// the mover's period as `byoyomi`.
    pub fn go(&self, side: Colour, now: Instant) -> Option<String> {
        let mover = self.view(side, now)?;
        let mut go = String::from("go");
        for (s, name) in [(Colour::Black, "btime"), (Colour::White, "wtime")] {
            if let Some(v) = self.view(s, now) {
                go.push_str(&format!(" {name} {}", v.main_ms));
            }
        }
        for (s, name) in [(Colour::Black, "binc"), (Colour::White, "winc")] {
            if let TimeControl::Fischer { inc_ms, .. } = self.controls.of(s) {
                go.push_str(&format!(" {name} {inc_ms}"));
            }
        }
        if let TimeControl::Byoyomi { byoyomi_ms, .. } = mover.control {
            go.push_str(&format!(" byoyomi {byoyomi_ms}"));
        }
        Some(go)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Colour = Colour::Black;
    const W: Colour = Colour::White;

    fn fischer(base_ms: u64, inc_ms: u64) -> TimeControl {
        TimeControl::Fischer { base_ms, inc_ms }
    }

    fn byoyomi(base_ms: u64, byoyomi_ms: u64) -> TimeControl {
        TimeControl::Byoyomi {
            base_ms,
            byoyomi_ms,
        }
    }

    fn both(c: TimeControl) -> Clocks {
        Clocks::new(TimeControls { black: c, white: c })
    }

    fn at(t0: Instant, ms: u64) -> Instant {
        t0 + Duration::from_millis(ms)
    }

    #[test]
    fn fischer_takes_the_time_used_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut c = both(fischer(10_000, 2_000));
        c.run(B, t0);
        assert_eq!(c.view(B, at(t0, 3_000)).unwrap().main_ms, 7_000);
        assert_eq!(c.moved(B, at(t0, 3_000)), Ok(()));
        c.run(W, at(t0, 3_000));
        let b = c.view(B, at(t0, 4_000)).unwrap();
        assert_eq!((b.main_ms, b.running), (9_000, false), "7 s left plus 2 s");
        let w = c.view(W, at(t0, 4_000)).unwrap();
        assert_eq!((w.main_ms, w.running), (9_000, true));
        assert_eq!(
            c.go(W, at(t0, 4_000)).unwrap(),
            "go btime 9000 wtime 9000 binc 2000 winc 2000"
        );
        assert_eq!(c.deadline(at(t0, 4_000)), Some(at(t0, 13_000)));
    }

    #[test]
    fn a_fischer_flag_falls_when_the_clock_reaches_zero() {
        let t0 = Instant::now();
        let mut c = both(fischer(1_000, 5_000));
        c.run(B, t0);
        assert_eq!(
            c.check_flag(at(t0, 1_000)),
            None,
            "exactly zero is still in time"
        );
        assert_eq!(c.check_flag(at(t0, 1_001)), Some(B));
        assert_eq!(c.flagged(), Some(B));
        assert_eq!(c.running(), None);
        let v = c.view(B, at(t0, 5_000)).unwrap();
        assert_eq!((v.main_ms, v.flagged, v.running), (0, true, false));
        // Nothing runs after a flag, and a move after it is too late.
        c.run(W, at(t0, 2_000));
        assert_eq!(c.running(), None);
        let mut late = both(fischer(1_000, 0));
        late.run(W, t0);
        assert_eq!(late.moved(W, at(t0, 1_500)), Err(W));
        assert_eq!(late.flagged(), Some(W));
    }

    #[test]
    fn byoyomi_uses_the_main_time_then_a_period_per_move() {
        let t0 = Instant::now();
        let mut c = both(byoyomi(2_000, 1_000));
        c.run(B, t0);
        // 2.5 s: the main time is gone, half the period used.
        let v = c.view(B, at(t0, 2_500)).unwrap();
        assert_eq!((v.main_ms, v.byoyomi_ms), (0, 500));
        assert_eq!(c.moved(B, at(t0, 2_500)), Ok(()));
        c.run(W, at(t0, 2_500));
        c.moved(W, at(t0, 2_600)).unwrap();
        // Black's next move has a whole period again, and no more.
        c.run(B, at(t0, 2_600));
        let v = c.view(B, at(t0, 2_600)).unwrap();
        assert_eq!((v.main_ms, v.byoyomi_ms), (0, 1_000));
        assert_eq!(
            c.go(B, at(t0, 2_600)).unwrap(),
            "go btime 0 wtime 1900 byoyomi 1000"
        );
        assert_eq!(c.check_flag(at(t0, 3_600)), None);
        assert_eq!(c.check_flag(at(t0, 3_601)), Some(B));
        // Pure byoyomi: each move has the period from the first.
        let mut p = both(byoyomi(0, 500));
        p.run(W, t0);
        assert_eq!(p.moved(W, at(t0, 499)), Ok(()));
        p.run(W, at(t0, 499));
        assert_eq!(p.moved(W, at(t0, 999)), Ok(()), "a whole period again");
        p.run(W, at(t0, 999));
        assert_eq!(p.moved(W, at(t0, 1_500)), Err(W), "501 ms is over");
    }

    #[test]
    fn a_pause_keeps_the_move_s_time_and_a_takeback_charges_it() {
        let t0 = Instant::now();
        let mut c = both(byoyomi(1_000, 1_000));
        c.run(B, t0);
        c.pause(at(t0, 1_500));
        // Paused: no time passes, the period is not renewed.
        let v = c.view(B, at(t0, 60_000)).unwrap();
        assert_eq!((v.main_ms, v.byoyomi_ms, v.running), (0, 500, false));
        assert_eq!(c.check_flag(at(t0, 60_000)), None);
        c.run(B, at(t0, 60_000));
        assert_eq!(c.check_flag(at(t0, 60_501)), Some(B));
        // Fischer: a taken-back move's time is charged, without the increment.
        let mut f = both(fischer(10_000, 1_000));
        f.run(W, t0);
        f.charge(W, at(t0, 4_000));
        assert_eq!(f.running(), None);
        assert_eq!(f.view(W, at(t0, 9_000)).unwrap().main_ms, 6_000);
    }

    #[test]
    fn a_side_without_a_clock_never_runs_or_falls() {
        let t0 = Instant::now();
        let mut c = Clocks::new(TimeControls {
            black: TimeControl::None,
            white: fischer(500, 0),
        });
        assert!(c.any());
        c.run(B, t0);
        assert_eq!(c.running(), None);
        assert_eq!(c.view(B, t0), None);
        assert_eq!(
            c.go(B, t0),
            None,
            "Black (no clock) thinks by the per-move limit"
        );
        assert_eq!(c.moved(B, at(t0, 1_000_000)), Ok(()));
        c.run(W, t0);
        assert_eq!(c.go(W, at(t0, 100)).unwrap(), "go wtime 400 winc 0");
        assert_eq!(c.check_flag(at(t0, 3_600_000)), Some(W));
        assert!(!Clocks::new(TimeControls::default()).any());
    }

    #[test]
    fn controls_are_checked() {
        assert!(TimeControl::None.check().is_ok());
        assert!(fischer(60_000, 1_000).check().is_ok());
        assert!(byoyomi(0, 1_000).check().is_ok());
        assert!(byoyomi(100, 0).check().is_ok());
        for bad in [
            fischer(0, 5_000),
            fischer(99, 0),
            fischer(MAX_BASE_MS + 1, 0),
            fischer(1_000, MAX_EXTRA_MS + 1),
            byoyomi(0, 0),
            byoyomi(50, 49),
            byoyomi(u64::MAX, u64::MAX),
        ] {
            assert!(bad.check().is_err(), "{bad:?}");
        }
        let both = TimeControls {
            black: fischer(1_000, 0),
            white: byoyomi(0, 0),
        };
        assert!(both.check().unwrap_err().starts_with("White: "));
    }
}
