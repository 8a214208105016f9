//! Reading a USI engine's `info` lines into what the page shows: depth, score, nodes, speed and
//! principal variation, and which of several lines (`multipv`) it is. Unknown or malformed fields are skipped, never fatal: the line comes
//! from a program we do not control.

use serde::Serialize;

/// The score of an `info` line, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i64),
    /// Mate in this many moves (negative: being mated).
    Mate(i64),
}

/// The fields of one `info` line that the page shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Info {
    /// `depth`.
    pub depth: Option<u64>,
    /// `seldepth`.
    pub seldepth: Option<u64>,
    /// `multipv`: which line (1 the best) of several the engine reports.
    pub multipv: Option<u64>,
    /// `score cp|mate N` (with `lowerbound`/`upperbound` ignored).
    pub score: Option<Score>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`, or nodes per second computed from `nodes` and `time`.
    pub nps: Option<u64>,
    /// `time`, milliseconds.
    pub time: Option<u64>,
    /// `pv`: the moves as the engine wrote them.
    pub pv: Vec<String>,
    /// `string`: free text.
    pub string: Option<String>,
}

impl Info {
    /// Whether the line carried anything worth showing.
    pub fn is_empty(&self) -> bool {
        *self == Info::default()
    }
}

/// Parses the words after `info`; `None` if the line is not an `info` line.
pub fn parse(line: &str) -> Option<Info> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let words: Vec<&str> = words.collect();
    let mut info = Info::default();
    let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = num(i),
            "seldepth" => info.seldepth = num(i),
            "multipv" => info.multipv = num(i),
            "nodes" => info.nodes = num(i),
            "nps" => info.nps = num(i),
            "time" => info.time = num(i),
            "score" => {
                let value = words.get(i + 2).and_then(|w| w.parse::<i64>().ok());
                info.score = match (words.get(i + 1), value) {
                    (Some(&"cp"), Some(v)) => Some(Score::Cp(v)),
                    (Some(&"mate"), Some(v)) => Some(Score::Mate(v)),
                    _ => info.score,
                };
                i += 3;
                continue;
            }
            "pv" => {
                info.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                break;
            }
            "string" => {
                info.string = Some(words[i + 1..].join(" "));
                break;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    if info.nps.is_none() {
        if let (Some(n), Some(t)) = (info.nodes, info.time) {
            info.nps = Some(n.saturating_mul(1000) / t.max(1));
        }
    }
    Some(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_engine_s_lines_are_read() {
        let i = parse(
            "info depth 3 seldepth 7 score cp -42 nodes 12345 nps 6000 time 2057 hashfull 1 pv 19gg19ff 1l1m",
        )
        .unwrap();
        assert_eq!(i.depth, Some(3));
        assert_eq!(i.seldepth, Some(7));
        assert_eq!(i.score, Some(Score::Cp(-42)));
        assert_eq!(i.nodes, Some(12345));
        assert_eq!(i.nps, Some(6000));
        assert_eq!(i.pv, ["19gg19ff", "1l1m"]);
        let m = parse("info depth 5 score mate -3 nodes 10 time 5").unwrap();
        assert_eq!(m.score, Some(Score::Mate(-3)));
        assert_eq!(m.nps, Some(2000));
        assert_eq!(m.multipv, None);
        let l = parse("info depth 4 seldepth 6 multipv 3 score cp 12 nodes 99 pv 1a1b").unwrap();
        assert_eq!(l.multipv, Some(3));
        assert_eq!(l.score, Some(Score::Cp(12)));
        assert_eq!(l.pv, ["1a1b"]);
    }

    #[test]
    fn garbage_is_skipped_not_fatal() {
        assert!(parse("bestmove 1a1b").is_none());
        assert!(parse("").is_none());
        let i = parse("info depth x score cp nodes -5 currmove 1a1b string hello  there").unwrap();
        assert_eq!(i.depth, None);
        assert_eq!(i.score, None);
        assert_eq!(i.string.as_deref(), Some("hello there"));
        assert!(parse("info").unwrap().is_empty());
        assert!(parse("info score").unwrap().is_empty());
    }
}
