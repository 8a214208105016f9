//! Time management for games of hundreds or thousands of moves.
//!
//! From the clock, the increment and the byoyomi, a soft limit (do not start another iteration)
//! and a hard limit (stop now). The number of moves still to play is estimated from the
//! variant's size: a Taikyoku game runs to well over a thousand moves a side, so it spends a
//! smaller share of its clock per move than Dai dai.

use std::time::Duration;

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

/// Time kept in reserve against communication delays.
pub const OVERHEAD: Duration = Duration::from_millis(30);

/// (soft, hard) limits for one move. `squares` is the board size, `ply` the game's ply.
pub fn allocate(clock: &Clock, squares: usize, ply: u32) -> (Duration, Duration) {
    let time = clock.time.unwrap_or(Duration::ZERO);
    // Expected moves still to play by this side: big boards play long games.
    let expected = match squares {
        0..=200 => 50,
        201..=400 => 70,
        _ => 120,
    };
    let moves_left = clock
        .moves_to_go
        .unwrap_or_else(|| expected.max(40_u32.saturating_sub(ply / 8)))
        .max(1);
    let base = time / moves_left + clock.inc * 3 / 4;
    let soft = base + clock.byoyomi * 3 / 5;
    // The increment arrives only after the move: never count on it for this one.
    let hard_cap = (time / 3 + clock.byoyomi).saturating_sub(OVERHEAD);
    let hard = (base * 4 + clock.byoyomi).min(hard_cap);
    let soft = soft.min(hard);
    (
        soft.max(Duration::from_millis(1)),
        hard.max(Duration::from_millis(1)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sudden_death_spends_a_small_share() {
        let c = Clock {
            time: Some(Duration::from_secs(600)),
            ..Default::default()
        };
        let (soft, hard) = allocate(&c, 1296, 0);
        assert!(
            soft <= Duration::from_secs(6) && soft >= Duration::from_secs(3),
            "{soft:?}"
        );
        assert!(hard > soft && hard <= Duration::from_secs(200));
    }

    #[test]
    fn byoyomi_alone_uses_most_of_it_and_never_more() {
        let c = Clock {
            time: Some(Duration::ZERO),
            byoyomi: Duration::from_secs(1),
            ..Default::default()
        };
        let (soft, hard) = allocate(&c, 289, 100);
        assert!(hard <= Duration::from_secs(1) - OVERHEAD + Duration::from_millis(1));
        assert!(soft >= Duration::from_millis(500), "{soft:?}");
    }

    #[test]
    fn the_increment_is_not_spent_before_it_arrives() {
        let c = Clock {
            time: Some(Duration::from_millis(300)),
            inc: Duration::from_secs(1),
            ..Default::default()
        };
        let (soft, hard) = allocate(&c, 144, 40);
        assert!(hard <= Duration::from_millis(100), "{hard:?}");
        assert!(soft <= hard);
    }

    #[test]
    fn never_more_than_a_third_of_the_clock() {
        let c = Clock {
            time: Some(Duration::from_millis(300)),
            inc: Duration::ZERO,
            ..Default::default()
        };
        let (_, hard) = allocate(&c, 361, 10);
        assert!(hard <= Duration::from_millis(100));
    }
}
