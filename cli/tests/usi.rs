//! The USI protocol, driven through the binary's standard input and output: a full game of Dai
//! dai against itself at a fast time control, refereed by the move generator; and robustness
//! against malformed and out-of-order input.

mod common;

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use taikyoku_movegen::{GameResult, Position, Variant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let (child, stdin, lines) = common::spawn_engine();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, s: &str) {
        writeln!(self.stdin, "{s}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_line(prefix, |l| l.starts_with(prefix))
    }

    /// Lines up to and including the first for which `done` holds (`what` names it).
    fn until_line(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no {what} within a minute; got {out:?}"));
            let last = done(&line);
            out.push(line);
            if last {
                return out;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

#[test]
fn handshake_options_and_perft() {
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.until("usiok");
    assert!(lines[0].starts_with("id name taikyoku"));
    for opt in ["USI_Hash", "Threads", "USI_Variant"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} "))),
            "{opt}"
        );
    }
    e.send("setoption name USI_Variant value dai-dai");
    e.send("isready");
    e.until("readyok");
    e.send("position startpos");
    e.send("go perft 2");
    let lines = e.until("Nodes searched");
    assert_eq!(lines.len(), 60);
    assert_eq!(lines[59], "Nodes searched: 3463");
    e.quit();
}

/// A GUI may change an option the instant it reads `bestmove`: the engine is idle by then,
/// though its search thread may not have ended yet (it once answered "while searching:
/// ignored").
#[test]
fn options_are_taken_right_after_bestmove() {
    let mut e = Engine::start();
    e.send("setoption name USI_Variant value dai-dai");
    for i in 0..50 {
        e.send("position startpos");
        e.send("go depth 1");
        e.until("bestmove");
        e.send(&format!("setoption name Threads value {}", 1 + i % 2));
        e.send("isready");
        let lines = e.until("readyok");
        assert!(
            lines.iter().all(|l| !l.contains("error")),
            "round {i}: {lines:?}"
        );
    }
    e.quit();
}

/// Searches `position` to `depth` and returns the value after `key` (`cp`, `nodes`) on the
/// last `info depth <depth>` line.
fn info_value(e: &mut Engine, position: &str, depth: u32, key: &str) -> i64 {
    e.send(position);
    e.send(&format!("go depth {depth}"));
    let lines = e.until("bestmove");
    let prefix = format!("info depth {depth} ");
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with(&prefix))
        .expect("an info line");
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|&w| w == key).expect(key);
    words[at + 1].parse().expect("a number")
}

/// The depth-1 score of the Dai dai start position.
fn depth_one_score(e: &mut Engine) -> i64 {
    info_value(e, "position startpos", 1, "cp")
}

/// The node count of a `go depth 7` from `position` (at depth 6 the Dai dai start position's
/// search happens to take the same nodes with and without what the game's searches learned).
fn depth_seven_nodes(e: &mut Engine, position: &str) -> i64 {
    info_value(e, position, 7, "nodes")
}

/// The searches of a game learn from each other (Stockfish's histories): with the hash table
/// emptied, a search takes other nodes than it did first; `usinewgame` forgets it all: the
/// same search after it takes exactly the nodes it took in a fresh engine.
#[test]
fn a_new_game_forgets_what_the_last_one_learned() {
    let mut e = Engine::start();
    e.send("usi");
    e.until("usiok");
    e.send("setoption name USI_Variant value dai-dai");
    e.send("usinewgame");
    let fresh = depth_seven_nodes(&mut e, "position startpos");
    let later = "position startpos moves 5l5k 13f13g";
    depth_seven_nodes(&mut e, later);
    // Setting the evaluation empties the hash table but keeps what the searches learned.
    e.send("setoption name EvalParams value <empty>");
    let informed = depth_seven_nodes(&mut e, "position startpos");
    assert_ne!(informed, fresh, "the game's searches learned nothing");
    e.send("usinewgame");
    assert_eq!(depth_seven_nodes(&mut e, "position startpos"), fresh);
    e.quit();
}

/// `EvalParams` sets evaluation parameters by name; each setting starts from the defaults, and
/// `<empty>` restores them.
#[test]
fn eval_params_change_the_evaluation() {
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.until("usiok");
    assert!(lines
        .iter()
        .any(|l| l == "option name EvalParams type string default <empty>"));
    e.send("setoption name USI_Variant value dai-dai");
    let base = depth_one_score(&mut e);
    // A tempo 500 bigger changes the score (which way and by how much depends on the side to
    // move at the leaves of the best line: quiescence captures change it).
    e.send("setoption name EvalParams value tempo=510");
    let tempo = depth_one_score(&mut e);
    assert!((tempo - base).abs() >= 50, "{base} -> {tempo}");
    e.send("setoption name EvalParams value mop_up_edge=3");
    assert_eq!(depth_one_score(&mut e), base, "settings compound");
    e.send("setoption name EvalParams value tempo=510");
    e.send("setoption name EvalParams value <empty>");
    assert_eq!(depth_one_score(&mut e), base);
    e.quit();
}

#[test]
fn malformed_input_gets_errors_and_the_engine_keeps_running() {
    let mut e = Engine::start();
    e.send("setoption name USI_Variant value dai-dai");
    for (bad, needle) in [
        ("frobnicate", "unknown command 'frobnicate'"),
        ("setoption name Bogus value 3", "unknown option 'Bogus'"),
        ("setoption name Threads value many", "not a number"),
        (
            "setoption name USI_Variant value chess",
            "unknown variant 'chess'",
        ),
        ("position", "startpos"),
        ("position sfen 17/17 b - 1", "17 ranks"),
        ("position startpos moves 1l1k 1a1b", "move 2 '1a1b'"),
        (
            "position startpos moves 15p15p 3b3b",
            "repeats an earlier position",
        ),
        ("go depth x", "not a number"),
        ("go sideways", "unknown parameter"),
        ("go perft 0", "depth of at least 1"),
        (
            "setoption name EvalParams value tempo=5,mop_up_edge",
            "EvalParams: 'mop_up_edge' is not name=value",
        ),
        (
            "setoption name EvalParams value no_such=1",
            "no evaluation parameter 'no_such'",
        ),
    ] {
        e.send(bad);
        e.send("isready");
        let lines = e.until("readyok");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error") && l.contains(needle)),
            "{bad}: {lines:?}"
        );
    }
    // A bad position command leaves the previous position in place.
    e.send("position startpos moves 1l1k");
    e.send("position startpos moves 1l1k 99z");
    e.send("go perft 1");
    let lines = e.until("Nodes searched");
    assert!(lines.iter().any(|l| l.starts_with("info string error")));
    let mut p = Position::<5>::startpos(Variant::builtin("dai-dai").unwrap());
    let m = p.parse_move("1l1k").unwrap();
    p.make(m);
    assert_eq!(
        lines.last().unwrap(),
        &format!("Nodes searched: {}", p.moves().len())
    );
    // And it still plays.
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(!lines.last().unwrap().contains("resign"));
    e.quit();
}

/// Panics if the engine answered with a move among `lines`.
fn no_bestmove(lines: &[String], when: &str) {
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "bestmove {when}: {lines:?}"
    );
}

/// The `time` field (milliseconds) of an `info` line, if it has one.
fn info_time(line: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    words
        .skip_while(|&w| w != "time")
        .nth(1)
        .and_then(|t| t.parse().ok())
}

/// How long a pondering search must be seen to go on (by its own `info ... time` report) before
/// the test is sure it ignored the clock: ten times the byoyomi of its `go ponder`, the most a
/// search on that clock could take.
const PONDER_BYOYOMI_MS: u64 = 50;
const PONDERED_MS: u64 = 10 * PONDER_BYOYOMI_MS;

#[test]
fn stop_and_isready_during_an_infinite_search() {
    let mut e = Engine::start();
    e.send("setoption name USI_Variant value maka-dai-dai");
    e.send("position startpos");
    e.send("go infinite");
    // The search has started once it reports an iteration; it must still be running after
    // the isready/readyok round trip.
    let lines = e.until("info depth");
    no_bestmove(&lines, "from an infinite search before stop");
    e.send("isready");
    let lines = e.until("readyok");
    no_bestmove(&lines, "from an infinite search before stop");
    e.send("stop");
    let lines = e.until("bestmove");
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let v = Variant::builtin("maka-dai-dai").unwrap();
    let p = Position::<6>::startpos(v);
    assert!(p.parse_move(&best).is_ok(), "{best}");
    // Pondering: no bestmove before ponderhit, however long the search goes on. The clock
    // would give a normal search at most the byoyomi; the test waits until the search itself
    // reports having searched ten times that long, then makes sure with isready/readyok that no
    // move came in between.
    e.send("position startpos");
    e.send(&format!(
        "go ponder btime 0 wtime 0 byoyomi {PONDER_BYOYOMI_MS}"
    ));
    let lines = e.until_line(&format!("info with time >= {PONDERED_MS}"), |l| {
        l.starts_with("bestmove") || info_time(l).is_some_and(|t| t >= PONDERED_MS)
    });
    no_bestmove(&lines, "while pondering");
    e.send("isready");
    let lines = e.until("readyok");
    no_bestmove(&lines, "while pondering");
    // Then a normal move, on the clock from ponderhit on.
    e.send("ponderhit");
    let lines = e.until("bestmove");
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(p.parse_move(best).is_ok(), "{lines:?}");
    e.quit();
}

#[test]
fn plays_a_full_game_of_dai_dai_against_itself() {
    let v = Variant::builtin("dai-dai").unwrap();
    let mut referee = Position::<5>::startpos(v);
    let mut e = Engine::start();
    e.send("usi");
    e.until("usiok");
    e.send("setoption name USI_Variant value dai-dai");
    e.send("setoption name USI_Hash value 8");
    e.send("isready");
    e.until("readyok");
    e.send("usinewgame");
    let mut moves: Vec<String> = Vec::new();
    let mut checks = Vec::new();
    let result: GameResult = loop {
        if let Some(r) = referee.game_result(&checks) {
            break r;
        }
        assert!(moves.len() < 3000, "the game did not end");
        let pos = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        e.send(&pos);
        // Fixed depths, not times: the game (and whether it ends) must not depend on the
        // machine's speed or on a debug build. Black searches deeper, so that the game is
        // decided (equal sides can shuffle for thousands of plies).
        let depth = if moves.len().is_multiple_of(2) { 3 } else { 1 };
        e.send(&format!("go depth {depth}"));
        let lines = e.until("bestmove");
        assert!(
            !lines.iter().any(|l| l.contains("error")),
            "ply {}: {lines:?}",
            moves.len()
        );
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        assert_ne!(
            best,
            "resign",
            "resigned with moves left at ply {}",
            moves.len()
        );
        let m = referee
            .parse_move(&best)
            .unwrap_or_else(|err| panic!("ply {}: illegal move {best}: {err}", moves.len()));
        assert!(
            !referee.is_forbidden_by_history(m),
            "ply {}: {best} repeats a position",
            moves.len()
        );
        referee.make(m);
        checks.push(referee.gave_check());
        moves.push(best);
    };
    e.quit();
    eprintln!(
        "dai dai self-play: {:?} after {} plies",
        result,
        moves.len()
    );
}

#[test]
fn chu_rules_both_accepts_what_either_reading_allows() {
    // A black lion on 6h takes the white go-between on 6g, which guards White's lion on 6f,
    // then the lion: HaChu allows it, lishogi does not (docs/chu.md). Under ChuRules=both the
    // engine accepts it from its opponent (and would never play it itself).
    let pos = "k10r/12/12/12/12/6(ln)5/6(gb)5/6(LN)5/12/12/12/11K b - 1";
    let mut e = Engine::start();
    e.send("usi");
    let opts = e.until("usiok");
    assert!(opts
        .iter()
        .any(|l| l.starts_with("option name ChuRules type combo")));
    e.send("setoption name USI_Variant value chu");
    e.send(&format!("position sfen {pos} moves 6h6g6f"));
    e.send("isready");
    let out = e.until("readyok");
    assert!(
        out.iter().any(|l| l.contains("error")),
        "lishogi refuses it: {out:?}"
    );
    e.send("setoption name ChuRules value both");
    e.send(&format!("position sfen {pos} moves 6h6g6f"));
    e.send("isready");
    let out = e.until("readyok");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    e.send("go depth 1");
    let out = e.until("bestmove");
    assert!(!out.last().unwrap().contains("none"), "{out:?}");
    e.send("setoption name ChuRules value sometimes");
    e.send("isready");
    let out = e.until("readyok");
    assert!(out
        .iter()
        .any(|l| l.contains("error") && l.contains("sometimes")));
    e.send("quit");
}

#[test]
fn chu_hachu_by_name_plays_hachus_rules() {
    // Black's kirin takes White's lion on 6d and promotes to a lion; White's rook on 12d takes
    // it back on the recorded square: lishogi allows it, HaChu does not. A black lion takes the
    // go-between that guards White's lion, then the lion: HaChu allows it, lishogi does not
    // (docs/chu.md §11). USI_Variant `chu-hachu` is chu with HaChu's rules.
    let recapture = "kgs9/12/12/r5(ln)5/12/6(KR)5/12/12/12/12/12/9SGK b - 1 moves 6f6d+ 12d6d";
    let bridge = "kgs9/12/12/12/12/6(ln)5/6(gb)5/6(LN)5/12/12/12/9SGK b - 1 moves 6h6g6f";
    let mut e = Engine::start();
    e.send("usi");
    let opts = e.until("usiok");
    assert!(
        opts.iter()
            .any(|l| l.starts_with("option name USI_Variant type combo")
                && l.ends_with(" var chu var taikyoku-atsa var dai var tai var chu-hachu")),
        "{opts:?}"
    );
    // Whether each position is accepted, and the error otherwise.
    let accepts = |e: &mut Engine, pos: &str| {
        e.send(&format!("position sfen {pos}"));
        e.send("isready");
        let out = e.until("readyok");
        let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
        assert!(errors.len() <= 1, "{out:?}");
        errors.is_empty()
    };
    for (variant, rules, takes_back, bridges) in [
        ("chu", "lishogi", true, false),
        ("chu-hachu", "lishogi", false, true),
        // Under `both` the opponent's moves are judged by `either`: both are accepted.
        ("chu", "both", true, true),
        // The readings of chu-hachu, whose own keys are HaChu's, are all HaChu's.
        ("chu-hachu", "both", false, true),
        ("chu-hachu", "either", false, true),
    ] {
        e.send(&format!("setoption name ChuRules value {rules}"));
        e.send(&format!("setoption name USI_Variant value {variant}"));
        assert_eq!(
            (accepts(&mut e, recapture), accepts(&mut e, bridge)),
            (takes_back, bridges),
            "{variant} {rules}"
        );
    }
    // chu-hachu plays on after the bridge.
    e.send("setoption name ChuRules value lishogi");
    e.send("setoption name USI_Variant value chu-hachu");
    e.send(&format!("position sfen {bridge}"));
    e.send("go depth 1");
    let out = e.until("bestmove");
    assert!(!out.last().unwrap().contains("resign"), "{out:?}");
    // A misspelt name is refused, listing the names the engine knows.
    e.send("setoption name USI_Variant value chu-hachuu");
    e.send("isready");
    let out = e.until("readyok");
    assert!(
        out.iter().any(|l| l
            == "info string error: chu-hachuu: unknown variant 'chu-hachuu' (known: taikyoku, \
                maka-dai-dai, dai-dai, ko, chu, taikyoku-atsa, dai, tai, chu-hachu)"),
        "{out:?}"
    );
    e.quit();
}

#[test]
fn multipv_reports_the_best_lines_of_each_depth() {
    let mut e = Engine::start();
    e.send("usi");
    let options = e.until("usiok");
    assert!(options
        .iter()
        .any(|l| l == "option name MultiPV type spin default 1 min 1 max 32"));
    e.send("setoption name USI_Variant value chu");
    e.send("setoption name MultiPV value 33");
    e.send("setoption name MultiPV value 3");
    e.send("isready");
    let ready = e.until("readyok");
    assert!(
        ready
            .iter()
            .any(|l| l.contains("MultiPV") && l.contains("33")),
        "{ready:?}"
    );
    e.send("position startpos");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    for depth in 1..=4 {
        let at: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with(&format!("info depth {depth} ")))
            .collect();
        assert_eq!(at.len(), 3, "depth {depth}: {lines:?}");
        let field = |l: &str, name: &str| -> String {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|x| *x == name).unwrap();
            w[i + 1].to_string()
        };
        let firsts: Vec<String> = at.iter().map(|l| field(l, "pv")).collect();
        let ks: Vec<String> = at.iter().map(|l| field(l, "multipv")).collect();
        assert_eq!(ks, ["1", "2", "3"], "{at:?}");
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
            "each line begins with its own move: {at:?}"
        );
        let scores: Vec<i32> = at.iter().map(|l| field(l, "cp").parse().unwrap()).collect();
        assert!(scores[1] >= scores[2], "lines 2 and 3 best first: {at:?}");
    }
    // The move played is the first line's.
    let last_first = lines
        .iter()
        .rfind(|l| l.contains(" multipv 1 "))
        .map(|l| {
            l.split(" pv ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .to_string()
        })
        .unwrap();
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert_eq!(best, last_first);
    // Back to one line: no `multipv` in the report.
    e.send("setoption name MultiPV value 1");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(lines.iter().all(|l| !l.contains("multipv")), "{lines:?}");
    e.quit();
}

/// The node count of the last `info` line that has one.
fn last_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|l| {
            let mut words = l.split_whitespace();
            words.position(|w| w == "nodes")?;
            words.next()?.parse().ok()
        })
        .expect("an info line with nodes")
}

#[test]
fn uci_elo_limits_the_strength_and_overrides_skill_level() {
    let mut e = Engine::start();
    e.send("usi");
    let options = e.until("usiok");
    assert!(options
        .iter()
        .any(|l| l == "option name UCI_LimitStrength type check default false"));
    let elo = options
        .iter()
        .find(|l| l.starts_with("option name UCI_Elo type spin"))
        .expect("a UCI_Elo option");
    let words: Vec<&str> = elo.split_whitespace().collect();
    let at = |key: &str| -> i32 {
        let i = words.iter().position(|w| *w == key).unwrap();
        words[i + 1].parse().unwrap()
    };
    let (lowest, highest) = (at("min"), at("max"));
    assert_eq!(at("default"), highest);
    assert!(lowest < highest, "{elo}");
    e.send("setoption name USI_Variant value chu");
    e.send(&format!("setoption name UCI_Elo value {}", highest + 1));
    e.send("setoption name UCI_LimitStrength value maybe");
    e.send("isready");
    let ready = e.until("readyok");
    for bad in [format!("{}", highest + 1), "maybe".to_string()] {
        assert!(ready.iter().any(|l| l.contains(&bad)), "{bad}: {ready:?}");
    }
    // The lowest Elo is level 0: 100 nodes, whatever Skill Level says.
    e.send(&format!("setoption name UCI_Elo value {lowest}"));
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name Skill Level value 20");
    e.send("position startpos");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    assert!(last_nodes(&lines) < 100 + 64, "{lines:?}");
    // Not limited: Skill Level 20 is full strength again.
    e.send("setoption name UCI_LimitStrength value false");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 6 ")),
        "{lines:?}"
    );
    e.quit();
}

#[test]
fn skill_level_weakens_the_search_and_shows_one_line() {
    let mut e = Engine::start();
    e.send("usi");
    let options = e.until("usiok");
    assert!(options
        .iter()
        .any(|l| l == "option name Skill Level type spin default 20 min 0 max 20"));
    e.send("setoption name USI_Variant value chu");
    e.send("setoption name Skill Level value 21");
    e.send("setoption name Skill Level value 1");
    e.send("isready");
    let ready = e.until("readyok");
    assert!(
        ready
            .iter()
            .any(|l| l.contains("Skill Level") && l.contains("21")),
        "{ready:?}"
    );
    e.send("position startpos");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    // Level 1 searches 141 nodes (checked every 64): it stops short of depth 6 and, though it
    // finds four lines to choose from, reports one.
    assert!(last_nodes(&lines) < 141 + 64, "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth 6 ")),
        "{lines:?}"
    );
    assert!(lines.iter().all(|l| !l.contains("multipv")), "{lines:?}");
    e.quit();
}
