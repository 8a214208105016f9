//! The USI protocol loop: reads commands, keeps the game (variant, position, history), asks an
//! [`Engine`] to search, and writes its answers. Malformed or out-of-order input gets an
//! `info string error: ...` line and the loop goes on.

use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::thread::JoinHandle;

use crate::game::Game;
use crate::joint::ChuPlay;
use taikyoku_movegen::{AnyPosition, Move, Variant};

use crate::engine::{Engine, Go, Output, Reporter, Score, Thinking, MAX_ERROR};
use crate::input::{clip, LineReader};

/// USI's own lines on the shared output.
impl Output {
    /// An `info string` line.
    pub fn info_string(&self, s: &str) {
        self.line(&format!("info string {s}"));
    }

    /// An error report that keeps the protocol going. Long messages (which may repeat a long
    /// piece of input) are clipped.
    pub fn error(&self, s: &str) {
        self.line(&format!("info string error: {}", clip(s, MAX_ERROR)));
    }
}

/// The USI reporter: `info depth .. seldepth .. score cp|mate .. [lowerbound] nodes .. nps ..
/// time .. hashfull .. pv ..` lines and `bestmove <move> [ponder <move>]` / `bestmove resign`.
pub struct UsiReporter {
    out: Output,
    pos: AnyPosition,
}

impl UsiReporter {
    /// A reporter for a search of `pos` (moves are written in this project's notation).
    pub fn new(out: Output, pos: AnyPosition) -> UsiReporter {
        UsiReporter { out, pos }
    }
}

/// The `info` line of one iteration of a search of `pos`.
pub fn info_line(pos: &AnyPosition, t: &Thinking) -> String {
    let ms = t.time.as_millis().max(1) as u64;
    let mut score = match t.score {
        Score::Mate(m) => format!("mate {m}"),
        Score::Cp(c) => format!("cp {c}"),
    };
    if t.lower_bound {
        score.push_str(" lowerbound");
    }
    let mut pv = String::new();
    let mut p = pos.clone();
    for &m in t.pv {
        if !p.is_pseudo_legal(m) {
            break;
        }
        pv.push(' ');
        pv.push_str(&p.move_to_string(m));
        p.make(m);
    }
    let line = t
        .multipv
        .map(|k| format!(" multipv {k}"))
        .unwrap_or_default();
    format!(
        "info depth {} seldepth {}{} score {} nodes {} nps {} time {} hashfull {} pv{}",
        t.depth,
        t.seldepth,
        line,
        score,
        t.nodes,
        t.nodes * 1000 / ms,
        ms,
        t.hashfull,
        pv
    )
}

/// `bestmove <move> [ponder <move>]`, or `bestmove resign` when there is no move.
pub fn bestmove_line(pos: &AnyPosition, best: Option<Move>, ponder: Option<Move>) -> String {
    match best {
        None => "bestmove resign".to_string(),
        Some(m) => {
            let mut s = format!("bestmove {}", pos.move_to_string(m));
            if let Some(r) = ponder {
                let mut p = pos.clone();
                p.make(m);
                if p.is_pseudo_legal(r) {
                    s.push_str(&format!(" ponder {}", p.move_to_string(r)));
                }
            }
            s
        }
    }
}

impl Reporter for UsiReporter {
    fn thinking(&mut self, t: &Thinking) {
        self.out.line(&info_line(&self.pos, t));
    }

    fn finished(&mut self, best: Option<Move>, ponder: Option<Move>) {
        self.out.line(&bestmove_line(&self.pos, best, ponder));
    }
}

/// The protocol state: variant, position, and the engine.
pub struct Session<E: Engine> {
    engine: E,
    out: Output,
    variant: Arc<Variant>,
    /// The game, kept in two readings under `ChuRules` `both` or `either`.
    game: Game,
    /// The `ChuRules` option: how chu's disputed rules are read.
    chu_rules: ChuPlay,
    /// How long the last `position` command took (see [`Go::position_cost`]).
    position_cost: Duration,
    /// A running `go perft`.
    perft: Option<PerftJob>,
}

/// A `go perft` counting on its own thread, so that `stop`, `isready` and `quit` are still
/// answered while it runs.
struct PerftJob {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// The `USI_Variant` option: every built-in name (`chu-hachu`, HaChu's reading of chu,
/// included); a path to a variant file is accepted too.
fn variant_spec() -> String {
    let mut s = String::from("type combo default taikyoku");
    for v in taikyoku_movegen::known_names() {
        s.push_str(" var ");
        s.push_str(v);
    }
    s
}

impl<E: Engine> Session<E> {
    /// A session playing `variant`'s start position.
    pub fn new(mut engine: E, out: Output, variant: Arc<Variant>) -> Session<E> {
        engine.set_variant(variant.clone());
        Session {
            game: Game::new(ChuPlay::Lishogi, AnyPosition::startpos(variant.clone())),
            engine,
            out,
            variant,
            chu_rules: ChuPlay::Lishogi,
            position_cost: Duration::ZERO,
            perft: None,
        }
    }

    /// Installs `v` (read by the `ChuRules` option if it is chu) as the game's variant.
    fn install_variant(&mut self, v: Arc<Variant>) {
        let v = match self.chu_rules.variant(&v) {
            Ok(r) => r,
            Err(e) => {
                self.out.error(&e);
                v
            }
        };
        self.variant = v.clone();
        self.game = Game::new(self.chu_rules, AnyPosition::startpos(v.clone()));
        self.engine.set_variant(v);
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        self.game.position()
    }

    /// Runs the loop until `quit` or the end of input. Lines longer than
    /// [`crate::input::MAX_LINE`] or not in UTF-8 get an error and are skipped.
    pub fn run(&mut self, input: impl BufRead) {
        for line in LineReader::new(input) {
            match line {
                Ok(line) => {
                    if !self.command(&line) {
                        break;
                    }
                }
                Err(bad) => self.out.error(&format!("{}: '{}'", bad.reason, bad.text)),
            }
        }
        self.stop_perft();
        self.engine.stop();
        self.engine.wait();
    }

    /// Handles one line; returns false on `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return true;
        };
        let rest = &words[1..];
        match cmd {
            "usi" => {
                let (name, author) = self.engine.id();
                self.out.line(&format!("id name {name}"));
                self.out.line(&format!("id author {author}"));
                for o in self.engine.options() {
                    self.out.line(&format!("option name {} {}", o.name, o.spec));
                }
                self.out
                    .line(&format!("option name USI_Variant {}", variant_spec()));
                self.out.line(
                    "option name ChuRules type combo default lishogi var lishogi var hachu var both var either",
                );
                self.out.line("usiok");
            }
            "isready" => {
                if !self.engine.searching() {
                    self.engine.ready();
                }
                self.out.line("readyok");
            }
            "setoption" => self.setoption(rest, line),
            "usinewgame" => {
                self.halt();
                self.engine.new_game();
            }
            "position" => {
                self.halt();
                let started = std::time::Instant::now();
                match self.parse_position(rest) {
                    Ok(game) => self.game = game,
                    Err(e) => self.out.error(&e),
                }
                self.position_cost = started.elapsed();
            }
            "go" => {
                self.halt();
                if rest.first() == Some(&"perft") {
                    self.perft(&rest[1..]);
                    return true;
                }
                match parse_go(rest, self.game.position()).and_then(|go| self.joined(go)) {
                    Ok(mut go) => {
                        go.position_cost = std::mem::take(&mut self.position_cost);
                        let pos = self.game.position();
                        let report = UsiReporter::new(self.out.clone(), pos.clone());
                        self.engine.go(pos, &go, Box::new(report));
                    }
                    Err(e) => self.out.error(&e),
                }
            }
            "stop" => {
                self.stop_perft();
                self.engine.stop();
            }
            "ponderhit" => self.engine.ponderhit(),
            "gameover" => self.halt(),
            "quit" => {
                self.stop_perft();
                return false;
            }
            _ => self.out.error(&format!("unknown command '{cmd}'")),
        }
        true
    }

    /// Stops a running search (its bestmove is still written) or perft before changing state.
    fn halt(&mut self) {
        self.stop_perft();
        if self.engine.searching() {
            self.engine.stop();
            self.engine.wait();
        }
    }

    fn setoption(&mut self, rest: &[&str], line: &str) {
        // setoption name <id...> [value <x...>]
        if rest.first() != Some(&"name") {
            self.out.error("setoption needs 'name <id> [value <x>]'");
            return;
        }
        let vpos = rest.iter().position(|&w| w == "value");
        let name = rest[1..vpos.unwrap_or(rest.len())].join(" ");
        let value = option_value(line).unwrap_or_default().to_string();
        if name.is_empty() {
            self.out.error("setoption without an option name");
            return;
        }
        if name.eq_ignore_ascii_case("USI_Variant") || name.eq_ignore_ascii_case("Variant") {
            self.halt();
            let v = if value.contains('/') || value.ends_with(".var") {
                Variant::from_file(&value)
            } else {
                Variant::builtin(&value)
            };
            match v {
                Ok(v) => self.install_variant(v),
                Err(e) => self.out.error(&e.to_string()),
            }
            return;
        }
        if name.eq_ignore_ascii_case("ChuRules") {
            self.halt();
            match ChuPlay::parse(&value) {
                Ok(r) => {
                    self.chu_rules = r;
                    self.install_variant(self.variant.clone());
                }
                Err(e) => self.out.error(&e),
            }
            return;
        }
        if self.engine.searching() {
            self.out
                .error(&format!("setoption {name} while searching: ignored"));
            return;
        }
        if let Err(e) = self.engine.set_option(&name, &value) {
            self.out.error(&e);
        }
    }

    /// Reads `position ...`: the game (under a joint `ChuRules`, in both readings).
    fn parse_position(&self, rest: &[&str]) -> Result<Game, String> {
        let (pos, moves_at) = match rest.first() {
            Some(&"startpos") => (AnyPosition::startpos(self.variant.clone()), 1),
            Some(&"sfen") => {
                let end = rest
                    .iter()
                    .position(|&w| w == "moves")
                    .unwrap_or(rest.len());
                let text = rest[1..end].join(" ");
                let p = AnyPosition::parse(self.variant.clone(), &text)
                    .map_err(|e| format!("position sfen: {e}"))?;
                (p, end)
            }
            _ => return Err("position needs 'startpos' or 'sfen <position>'".into()),
        };
        let mut game = Game::new(self.chu_rules, pos);
        match rest.get(moves_at) {
            None => {}
            // Under a joint, what either reading allows is accepted (we play only what both
            // allow).
            Some(&"moves") => game.play_texts(&rest[moves_at + 1..])?,
            Some(w) => return Err(format!("position: expected 'moves', found '{w}'")),
        }
        Ok(game)
    }

    /// `go` under `ChuRules` `both`: the root moves are those both readings allow (within
    /// `searchmoves`, if given). Unchanged otherwise, or if no move is legal under both (then
    /// the main reading's moves are searched, HaChu's: the rules it plays by).
    fn joined(&mut self, mut go: Go) -> Result<Go, String> {
        let Some(both) = self.game.both_allow() else {
            return Ok(go);
        };
        if !go.searchmoves.is_empty() {
            go.searchmoves.retain(|m| both.contains(m));
            if go.searchmoves.is_empty() {
                return Err("go searchmoves: no move given is legal under both readings".into());
            }
        } else if !both.is_empty() && both.len() < self.game.legal_moves().len() {
            go.searchmoves = both;
        }
        Ok(go)
    }

    /// `go perft N`: counts on a thread of its own (stopped by `stop`, `quit` or any command
    /// that changes the state), then writes `<move>: <count>` per root move and `Nodes
    /// searched: <total>`; a stopped count writes `info string perft stopped`.
    fn perft(&mut self, rest: &[&str]) {
        let depth = match rest.first().map(|d| d.parse::<u32>()) {
            Some(Ok(d)) if (1..=MAX_PERFT_DEPTH).contains(&d) => d,
            _ => {
                self.out.error(&format!(
                    "go perft needs a depth of at least 1 (and at most {MAX_PERFT_DEPTH})"
                ));
                return;
            }
        };
        let out = self.out.clone();
        let mut game = self.game.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let Some(counts) = game.divide_until(depth, &flag) else {
                out.info_string("perft stopped");
                return;
            };
            let mut total = 0;
            for (m, n) in counts {
                out.line(&format!("{}: {n}", game.position().move_to_string(m)));
                total += n;
            }
            out.line(&format!("Nodes searched: {total}"));
        });
        self.perft = Some(PerftJob { stop, handle });
    }

    /// Stops a running `go perft` and waits for its thread.
    fn stop_perft(&mut self) {
        if let Some(job) = self.perft.take() {
            job.stop.store(true, Relaxed);
            let _ = job.handle.join();
        }
    }
}

/// The longest time a `go` command's times are read as, in milliseconds (about 31 years).
pub const MAX_GO_MS: u64 = 1_000_000_000_000;

/// The deepest `go perft` accepted (deeper counts could never finish; the recursion stays
/// shallow).
pub const MAX_PERFT_DEPTH: u32 = 64;

/// The words `go` takes: each ends the move list of a `searchmoves` before it.
const GO_WORDS: &[&str] = &[
    "btime",
    "wtime",
    "binc",
    "winc",
    "byoyomi",
    "movetime",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// The parameters of `go` for a search of `pos` (`searchmoves` names moves of `pos`).
fn parse_go(rest: &[&str], pos: &AnyPosition) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    let num = |i: usize, what: &str| -> Result<u64, String> {
        rest.get(i + 1)
            .ok_or_else(|| format!("go {what} needs a number"))?
            .parse::<i64>()
            .map(|n| n.max(0) as u64)
            .map_err(|_| format!("go {what}: '{}' is not a number", rest[i + 1]))
    };
    while i < rest.len() {
        let w = rest[i];
        // Times are capped (at about 31 years) so that no deadline computed from them overflows.
        let ms = |i: usize| num(i, w).map(|n| Duration::from_millis(n.min(MAX_GO_MS)));
        match w {
            "btime" => go.time[0] = Some(ms(i)?),
            "wtime" => go.time[1] = Some(ms(i)?),
            "binc" => go.inc[0] = ms(i)?,
            "winc" => go.inc[1] = ms(i)?,
            "byoyomi" => go.byoyomi = ms(i)?,
            "movetime" => go.movetime = Some(ms(i)?),
            "movestogo" => go.moves_to_go = Some(num(i, w)?.min(u32::MAX as u64) as u32),
            "depth" => go.depth = Some(num(i, w)?.clamp(1, 127) as i32),
            "nodes" => go.nodes = Some(num(i, w)?),
            "mate" => {
                num(i, w)?;
            }
            "infinite" => {
                go.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                i += 1;
                let start = i;
                while i < rest.len() && !GO_WORDS.contains(&rest[i]) {
                    let m = pos
                        .parse_move(rest[i])
                        .map_err(|e| format!("go searchmoves: '{}': {e}", rest[i]))?;
                    go.searchmoves.push(m);
                    i += 1;
                }
                if i == start {
                    return Err("go searchmoves needs at least one move".into());
                }
                continue;
            }
            other => return Err(format!("go: unknown parameter '{other}'")),
        }
        i += 2;
    }
    Ok(go)
}

/// The value of a `setoption` line as written: everything after the word `value`, with the
/// spaces inside it kept (a file path may hold two in a row), only the ends trimmed.
fn option_value(line: &str) -> Option<&str> {
    let mut rest = line;
    let mut offset = 0;
    while let Some(i) = rest.find("value") {
        let at = offset + i;
        let before = line[..at].chars().next_back();
        let after = line[at + 5..].chars().next();
        let word_start = before.is_some_and(char::is_whitespace);
        let word_end = after.is_none_or(char::is_whitespace);
        if word_start && word_end {
            return Some(line[at + 5..].trim());
        }
        offset = at + 5;
        rest = &line[offset..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_value_is_kept_as_written() {
        let v = |l| option_value(l);
        assert_eq!(
            v("setoption name USI_Variant value /tmp/a  b/x.var"),
            Some("/tmp/a  b/x.var")
        );
        assert_eq!(v("setoption name Hash value 64\r"), Some("64"));
        assert_eq!(v("setoption  name  X   value   y  "), Some("y"));
        assert_eq!(v("setoption name Ponder"), None);
        assert_eq!(v("setoption name values value 1"), Some("1"));
        assert_eq!(v("setoption name X value"), Some(""));
    }

    #[test]
    fn info_lines_mark_a_lower_bound() {
        let pos = AnyPosition::startpos(Variant::builtin("chu").unwrap());
        let pv = [pos.parse_move("1i1h").unwrap()];
        let mut t = Thinking {
            depth: 1,
            seldepth: 3,
            score: Score::Cp(12),
            nodes: 64,
            time: Duration::from_millis(20),
            hashfull: 0,
            pv: &pv,
            lower_bound: false,
            multipv: None,
        };
        assert_eq!(
            info_line(&pos, &t),
            "info depth 1 seldepth 3 score cp 12 nodes 64 nps 3200 time 20 hashfull 0 pv 1i1h"
        );
        t.lower_bound = true;
        assert!(info_line(&pos, &t).contains(" score cp 12 lowerbound nodes 64 "));
        t.multipv = Some(2);
        assert!(info_line(&pos, &t).starts_with("info depth 1 seldepth 3 multipv 2 score cp 12"));
    }

    #[test]
    fn go_parameters() {
        let pos = AnyPosition::startpos(Variant::builtin("chu").unwrap());
        let go = |words: &[&str]| parse_go(words, &pos);
        let g = go(&[
            "btime", "1000", "wtime", "2000", "byoyomi", "500", "depth", "3",
        ])
        .unwrap();
        assert_eq!(
            g.time,
            [Some(Duration::from_secs(1)), Some(Duration::from_secs(2))]
        );
        assert_eq!(g.byoyomi, Duration::from_millis(500));
        assert_eq!(g.depth, Some(3));
        assert!(g.searchmoves.is_empty());
        assert!(go(&["infinite"]).unwrap().infinite);
        assert!(go(&["depth"]).is_err());
        assert!(go(&["depth", "x"]).is_err());
        assert!(go(&["sideways"]).is_err());
    }

    #[test]
    fn go_searchmoves_reads_moves_up_to_the_next_parameter() {
        // Chu's start: pawns on rank i step to rank h; 1i1h and 12i12h are the corner pawns.
        let pos = AnyPosition::startpos(Variant::builtin("chu").unwrap());
        let g = parse_go(&["searchmoves", "1i1h", "12i12h", "depth", "2"], &pos).unwrap();
        let expected: Vec<Move> = ["1i1h", "12i12h"]
            .iter()
            .map(|t| pos.parse_move(t).unwrap())
            .collect();
        assert_eq!(g.searchmoves, expected);
        assert_eq!(g.depth, Some(2));
        // A move that is not legal, or none at all, is an error naming the problem.
        let e = parse_go(&["searchmoves", "1i1g"], &pos).unwrap_err();
        assert!(e.contains("1i1g"), "{e}");
        assert!(parse_go(&["searchmoves", "depth", "2"], &pos).is_err());
    }

    /// Numbers at the limits of the integer types are capped, never wrapped (issue 10).
    #[test]
    fn huge_numbers_are_capped() {
        let pos = AnyPosition::startpos(Variant::builtin("chu").unwrap());
        let g = parse_go(
            &[
                "movestogo",
                "4294967296",
                "btime",
                "9223372036854775807",
                "movetime",
                "9223372036854775807",
            ],
            &pos,
        )
        .unwrap();
        assert_eq!(g.moves_to_go, Some(u32::MAX));
        assert_eq!(g.time[0], Some(Duration::from_millis(MAX_GO_MS)));
        assert_eq!(g.movetime, Some(Duration::from_millis(MAX_GO_MS)));
        assert!(parse_go(&["nodes", "18446744073709551616"], &pos).is_err());
    }
}
