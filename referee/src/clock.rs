//! Time controls: how much time (or what fixed depth or node count) an engine gets.

use std::time::Duration;

/// How much time the engines get.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Base time and increment per move.
    Fischer {
        /// Time at the start.
        base: Duration,
        /// Added after each move.
        inc: Duration,
    },
    /// Base time, then a fixed time per move once it is used up.
    Byoyomi {
        /// Time at the start.
        base: Duration,
        /// Per move after the base time.
        byoyomi: Duration,
    },
    /// A fixed number of nodes per move (reproducible).
    Nodes(u64),
    /// A fixed depth per move (reproducible).
    Depth(i32),
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::Fischer { base, inc } => {
                write!(f, "{}+{}", base.as_secs_f64(), inc.as_secs_f64())
            }
            TimeControl::Byoyomi { base, byoyomi } => {
                write!(
                    f,
                    "{} byoyomi {}",
                    base.as_secs_f64(),
                    byoyomi.as_secs_f64()
                )
            }
            TimeControl::Nodes(n) => write!(f, "{n} nodes"),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
        }
    }
}

/// The two engines' clocks during a game: each plays under its own time control (its
/// `tc=`/`depth=`/`nodes=` limit, or the match's); a fixed depth or node count has no clock.
#[derive(Clone, Debug)]
pub(crate) struct Clocks {
    tcs: [TimeControl; 2],
    /// Time left on each clock, by colour index (Black 0).
    left: [Duration; 2],
    /// How long an engine may overrun its clock.
    margin: Duration,
    /// How long a fixed-depth or fixed-node move may take.
    move_timeout: Duration,
}

impl Clocks {
    /// Both clocks at their base time.
    pub(crate) fn new(tcs: [TimeControl; 2], margin: Duration, move_timeout: Duration) -> Clocks {
        let left = tcs.map(|tc| match tc {
            TimeControl::Fischer { base, .. } | TimeControl::Byoyomi { base, .. } => base,
            _ => Duration::ZERO,
        });
        Clocks {
            tcs,
            left,
            margin,
            move_timeout,
        }
    }

    /// The time control of the side with index `s`.
    pub(crate) fn tc(&self, s: usize) -> TimeControl {
        self.tcs[s]
    }

    /// Time left on each clock.
    pub(crate) fn left(&self) -> [Duration; 2] {
        self.left
    }

    /// Whether both engines play on a clock (then the time left is reported).
    pub(crate) fn on_clock(&self) -> bool {
        self.tcs.iter().all(|tc| {
            matches!(
                tc,
                TimeControl::Fischer { .. } | TimeControl::Byoyomi { .. }
            )
        })
    }

    /// How long side `s` may take for its move before it has lost on time.
    pub(crate) fn timeout(&self, s: usize) -> Duration {
        match self.tcs[s] {
            TimeControl::Fischer { .. } => self.left[s] + self.margin,
            TimeControl::Byoyomi { byoyomi, .. } => self.left[s] + byoyomi + self.margin,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => self.move_timeout,
        }
    }

    /// Charges side `s` the `elapsed` time of its move (and gives it its increment): false if
    /// its flag fell (beyond the margin), when its clock shows zero.
    pub(crate) fn charge(&mut self, s: usize, elapsed: Duration) -> bool {
        let clock = &mut self.left[s];
        match self.tcs[s] {
            TimeControl::Fischer { inc, .. } => {
                if elapsed > *clock + self.margin {
                    *clock = Duration::ZERO;
                    return false;
                }
                *clock = clock.saturating_sub(elapsed) + inc;
            }
            TimeControl::Byoyomi { byoyomi, .. } => {
                if elapsed > *clock {
                    let over = elapsed - *clock;
                    *clock = Duration::ZERO;
                    if over > byoyomi + self.margin {
                        return false;
                    }
                } else {
                    *clock -= elapsed;
                }
            }
            TimeControl::Nodes(_) | TimeControl::Depth(_) => {}
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    /// Fischer: the increment is added after the move; past the margin the flag falls.
    #[test]
    fn fischer_clock_adds_the_increment_and_flags_past_the_margin() {
        let tc = TimeControl::Fischer {
            base: MS(1000),
            inc: MS(100),
        };
        let mut c = Clocks::new([tc, TimeControl::Depth(3)], MS(50), MS(60_000));
        assert!(!c.on_clock());
        assert_eq!((c.timeout(0), c.timeout(1)), (MS(1050), MS(60_000)));
        assert!(c.charge(0, MS(400)));
        assert_eq!(c.left()[0], MS(700));
        assert!(c.charge(0, MS(740)), "within the margin");
        assert_eq!(c.left()[0], MS(100));
        assert!(!c.charge(0, MS(151)));
        assert_eq!(c.left()[0], Duration::ZERO);
        assert!(c.charge(1, MS(5_000)), "a fixed depth has no clock");
    }

    /// Byoyomi: the main time first, then each move within the byoyomi (and the margin).
    #[test]
    fn byoyomi_clock_spends_the_main_time_then_the_period() {
        let tc = TimeControl::Byoyomi {
            base: MS(500),
            byoyomi: MS(200),
        };
        let mut c = Clocks::new([tc, tc], MS(10), MS(60_000));
        assert!(c.on_clock());
        assert_eq!(c.timeout(1), MS(710));
        assert!(c.charge(1, MS(300)));
        assert_eq!(c.left()[1], MS(200));
        assert!(
            c.charge(1, MS(405)),
            "200 ms over the main time: within the period"
        );
        assert_eq!(c.left()[1], Duration::ZERO);
        assert!(c.charge(1, MS(210)));
        assert!(!c.charge(1, MS(211)));
    }
}
