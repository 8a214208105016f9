//! CECP time controls (`level`, `st`, `sd`, `time`, `otim`) and their translation into the
//! engine's [`Go`], so that the engine's own time management (the same as under USI) decides
//! how long to think.

use std::time::Duration;

use taikyoku_movegen::Colour;

use crate::engine::Go;

/// Time per move when the GUI gave no time control at all (QBoard sends none unless its
/// depth/time limits are switched on): five seconds.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(5);

/// A `level MPS BASE INC` time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Moves per session (0: the whole game, i.e. sudden death or increment).
    pub moves: u32,
    /// Time for each session.
    pub base: Duration,
    /// Increment per move.
    pub inc: Duration,
}

/// Everything the GUI said about time and depth, kept until the engine has to move.
#[derive(Clone, Debug, Default)]
pub struct TimeControl {
    level: Option<Level>,
    movetime: Option<Duration>,
    depth: Option<i32>,
    own: Option<Duration>,
    opp: Option<Duration>,
}

/// Parses seconds (`5`, `0.5`) into a duration.
fn seconds(text: &str, what: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..1e7).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("{what}: '{text}' is not a number of seconds")),
    }
}

/// Parses centiseconds (may be negative after a flag fall: read as zero; absurdly large values
/// are capped at about four months, so that deadlines stay representable).
fn centiseconds(text: &str, what: &str) -> Result<Duration, String> {
    match text.parse::<i64>() {
        Ok(cs) => Ok(Duration::from_millis(
            cs.clamp(0, 1_000_000_000) as u64 * 10,
        )),
        Err(_) => Err(format!("{what}: '{text}' is not a number of centiseconds")),
    }
}

/// Parses `level`'s BASE: minutes (`5`, `0.5`) or `minutes:seconds` (`2:30`).
fn base(text: &str) -> Result<Duration, String> {
    let bad = || format!("level: base time '{text}' is not minutes or minutes:seconds");
    match text.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| bad())?;
            let s: u64 = s.parse().map_err(|_| bad())?;
            if s >= 60 || m > 1_000_000 {
                return Err(bad());
            }
            Ok(Duration::from_secs(m * 60 + s))
        }
        None => match text.parse::<f64>() {
            Ok(m) if m.is_finite() && (0.0..1e6).contains(&m) => {
                Ok(Duration::from_secs_f64(m * 60.0))
            }
            _ => Err(bad()),
        },
    }
}

impl TimeControl {
    /// `level MPS BASE INC`: a conventional, sudden-death or incremental clock (replaces `st`).
    pub fn level(&mut self, args: &[&str]) -> Result<(), String> {
        let [mps, b, inc] = args else {
            return Err("level needs MPS BASE INC".into());
        };
        let moves = mps
            .parse::<u32>()
            .map_err(|_| format!("level: '{mps}' is not a number of moves"))?;
        let level = Level {
            moves,
            base: base(b)?,
            inc: seconds(inc, "level increment")?,
        };
        self.level = Some(level);
        self.movetime = None;
        Ok(())
    }

    /// `st N`: exactly N seconds per move (replaces `level`).
    pub fn st(&mut self, args: &[&str]) -> Result<(), String> {
        let [n] = args else {
            return Err("st needs a number of seconds".into());
        };
        let t = seconds(n, "st")?;
        self.movetime = Some(t.max(Duration::from_millis(10)));
        self.level = None;
        Ok(())
    }

    /// `sd N`: search at most N plies deep.
    pub fn sd(&mut self, args: &[&str]) -> Result<(), String> {
        let [n] = args else {
            return Err("sd needs a depth".into());
        };
        let d = n
            .parse::<i64>()
            .map_err(|_| format!("sd: '{n}' is not a depth"))?;
        self.depth = Some(d.clamp(1, 127) as i32);
        Ok(())
    }

    /// `time N`: the engine's clock, centiseconds.
    pub fn time(&mut self, args: &[&str]) -> Result<(), String> {
        let [n] = args else {
            return Err("time needs centiseconds".into());
        };
        self.own = Some(centiseconds(n, "time")?);
        Ok(())
    }

    /// `otim N`: the opponent's clock, centiseconds.
    pub fn otim(&mut self, args: &[&str]) -> Result<(), String> {
        let [n] = args else {
            return Err("otim needs centiseconds".into());
        };
        self.opp = Some(centiseconds(n, "otim")?);
        Ok(())
    }

    /// `new`: the clocks start again and the depth limit goes (the time control stays).
    pub fn new_game(&mut self) {
        self.depth = None;
        self.own = None;
        self.opp = None;
    }

    /// The `level`, if one was given.
    pub fn current_level(&self) -> Option<Level> {
        self.level
    }

    /// The search limits for a move of `side`, which has played `played` moves of the game so
    /// far (to find where a `level` session ends). Without any time control: `sd` alone limits
    /// the depth only; nothing at all means [`DEFAULT_MOVETIME`].
    pub fn go(&self, side: Colour, played: u32) -> Go {
        let mut go = Go {
            depth: self.depth,
            ..Go::default()
        };
        if let Some(t) = self.movetime {
            go.movetime = Some(t);
        } else if self.level.is_some() || self.own.is_some() {
            let l = self.level.unwrap_or(Level {
                moves: 0,
                base: Duration::ZERO,
                inc: Duration::ZERO,
            });
            let s = side.index();
            go.time[s] = Some(self.own.unwrap_or(l.base));
            go.time[1 - s] = Some(self.opp.unwrap_or(l.base));
            go.inc = [l.inc; 2];
            if l.moves > 0 {
                go.moves_to_go = Some(l.moves - played % l.moves);
            }
        } else if self.depth.is_none() {
            go.movetime = Some(DEFAULT_MOVETIME);
        }
        go
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_forms() {
        let mut t = TimeControl::default();
        t.level(&["40", "5", "0"]).unwrap();
        assert_eq!(
            t.current_level(),
            Some(Level {
                moves: 40,
                base: Duration::from_secs(300),
                inc: Duration::ZERO
            })
        );
        t.level(&["0", "2:30", "1.5"]).unwrap();
        let l = t.current_level().unwrap();
        assert_eq!(l.base, Duration::from_secs(150));
        assert_eq!(l.inc, Duration::from_millis(1500));
        assert!(t.level(&["0", "2:75", "0"]).is_err());
        assert!(t.level(&["x", "1", "0"]).is_err());
        assert!(t.level(&["40", "5"]).is_err());
    }

    #[test]
    fn go_from_clocks() {
        let mut t = TimeControl::default();
        assert_eq!(
            t.go(Colour::Black, 0).movetime,
            Some(DEFAULT_MOVETIME),
            "no time control"
        );
        t.sd(&["4"]).unwrap();
        let g = t.go(Colour::Black, 0);
        assert_eq!((g.movetime, g.depth), (None, Some(4)));
        t.level(&["40", "5", "0"]).unwrap();
        t.time(&["12000"]).unwrap();
        t.otim(&["-30"]).unwrap();
        t.otim(&["99999999999999999"]).unwrap();
        assert!(t.go(Colour::White, 0).time[0] <= Some(Duration::from_secs(10_000_000)));
        t.otim(&["-30"]).unwrap();
        let g = t.go(Colour::White, 45);
        assert_eq!(g.time[1], Some(Duration::from_secs(120)));
        assert_eq!(g.time[0], Some(Duration::ZERO));
        assert_eq!(g.moves_to_go, Some(35));
        t.st(&["2"]).unwrap();
        let g = t.go(Colour::White, 45);
        assert_eq!(g.movetime, Some(Duration::from_secs(2)));
        t.new_game();
        assert_eq!(t.go(Colour::White, 0).depth, None);
    }
}
