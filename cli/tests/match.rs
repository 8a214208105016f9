//! The match runner, run as a user would: short matches between two configurations of our
//! engine, and against deliberately faulty engines (an illegal move, a stall, a crash, no
//! handshake, a malformed reply), each ending with the right result and reason.

use std::process::{Command, Output};

mod scratch;
use scratch::Scratch;

fn taikyoku() -> &'static str {
    env!("CARGO_BIN_EXE_taikyoku")
}

fn faulty(name: &str) -> String {
    format!("{}/tests/faulty/{name}.sh", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    Command::new(taikyoku())
        .arg("match")
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The standard output of a run that must have succeeded (else the failure shows both streams).
fn succeeded(o: &Output) -> String {
    let out = stdout(o);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

#[test]
fn two_configurations_of_our_engine() {
    let records = Scratch::new("match.txt");
    let o = run(&[
        "--variant",
        "dai-dai",
        "--engine",
        &format!("cmd={} name=depth2 option.PlayMode=search", taikyoku()),
        "--engine",
        &format!("cmd={} name=random option.PlayMode=random", taikyoku()),
        "--depth",
        "2",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--records",
        records.arg(),
    ]);
    let out = succeeded(&o);
    assert_eq!(out.matches("Finished game").count(), 4, "{out}");
    assert!(
        out.contains("Games: 4, Wins: 4, Losses: 0, Draws: 0"),
        "{out}"
    );
    assert!(out.contains("Ptnml(0-2): [0, 0, 0, 0, 2]"), "{out}");
    assert!(!out.contains("Time left"), "no clock at fixed depth: {out}");
    let rec = std::fs::read_to_string(records.path()).unwrap();
    assert!(!rec.contains("[TimeLeft"), "{rec}");
    assert_eq!(rec.matches("[Game ").count(), 4);
    assert_eq!(
        rec.matches("[Termination \"objective captured\"]").count(),
        4,
        "{rec}"
    );
    assert!(rec.contains("1. "), "Hodges-style moves: {rec}");
    // The won games' lengths, from the records (the line after each game's tags), as the
    // report's nearest-rank quantiles: of 4 wins, 10% is the 1st, half the 2nd, 90% the 4th.
    let mut plies: Vec<usize> = rec
        .split("[Game ")
        .skip(1)
        .map(|g| {
            g.lines()
                .skip(1)
                .find(|l| !l.starts_with('['))
                .map_or(0, |l| l.split_whitespace().count())
        })
        .collect();
    plies.sort_unstable();
    let line = format!(
        "Won games' lengths in plies: depth2 4 won (10% by {}, half by {}, 90% by {}, all by {}), random 0",
        plies[0], plies[1], plies[3], plies[3]
    );
    assert!(out.contains(&line), "{line}\n{out}");
}

#[test]
fn time_left_at_the_end_is_reported() {
    // Two games on a 3 s clock with a 50 ms increment, cut at 16 plies: each clock ends
    // between zero and 3 s plus eight increments, in the report and in each record.
    let records = Scratch::new("clock.txt");
    let o = run(&[
        "--variant",
        "chu",
        "--engine",
        &format!("cmd={} name=a", taikyoku()),
        "--engine",
        &format!("cmd={} name=b", taikyoku()),
        "--tc",
        "3+0.05",
        "--games",
        "2",
        "--draw-after",
        "16",
        "--records",
        records.arg(),
    ]);
    let out = succeeded(&o);
    let line = out
        .lines()
        .find(|l| l.starts_with("Time left at the end (mean, least): a "))
        .unwrap_or_else(|| panic!("{out}"));
    let secs: Vec<f64> = line
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(secs.len(), 4, "{line}");
    for s in &secs {
        assert!((0.0..=3.4).contains(s), "{line}");
    }
    assert!(
        secs[1] <= secs[0] && secs[3] <= secs[2],
        "least <= mean: {line}"
    );
    // The reason names the limit.
    assert!(out.contains("2 x move limit (16 plies)"), "{out}");
    let rec = std::fs::read_to_string(records.path()).unwrap();
    assert_eq!(rec.matches("[TimeLeft \"").count(), 2, "{rec}");
}

#[test]
fn per_engine_depth_limits() {
    // No match-wide time control: each engine has its own fixed depth, and is sent it.
    let log = Scratch::new("limits.log");
    let o = run(&[
        "--variant",
        "dai-dai",
        "--engine",
        &format!(
            "cmd={} arg={} arg={} name=deep depth=2",
            faulty("logged"),
            log.arg(),
            taikyoku()
        ),
        "--engine",
        &format!(
            "cmd={} name=random depth=1 option.PlayMode=random",
            taikyoku()
        ),
        "--games",
        "2",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("Games: 2, Wins: 2, Losses: 0, Draws: 0"),
        "{out}"
    );
    let sent = std::fs::read_to_string(log.path()).unwrap();
    let gos: Vec<&str> = sent.lines().filter(|l| l.starts_with("go")).collect();
    assert!(
        !gos.is_empty() && gos.iter().all(|&g| g == "go depth 2"),
        "{sent}"
    );
    let o = run(&[
        "--engine",
        "cmd=a depth=0",
        "--engine",
        "cmd=b",
        "--depth",
        "1",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("engine 1: depth '0' is not 1..200"));
}

#[test]
fn atsi_engines_play_over_the_sites_protocol_on_their_own_clocks() {
    // Modern Taikyoku between two of our engines over ATSI (`taikyoku atsi --host rules`), each
    // on its own clock (`tc=`), from a one-ply opening. An engine is started at its first turn
    // from the position before the opponent's last move, then gets that move as an `opmove`
    // (so it is player 1): White the start position and the opening's move, Black the
    // opening's position (a TSFEN) and White's first move, never a later position (where a
    // piece may have promoted, which a TSFEN cannot say).
    let openings = Scratch::new("atsi.openings");
    std::fs::write(openings.path(), "startpos moves 36z36y\n").unwrap();
    let records = Scratch::new("atsi.records");
    let log = Scratch::new("atsi.log");
    let o = run(&[
        "--variant",
        "taikyoku-atsa",
        "--engine",
        &format!(
            "cmd={} arg={} arg={} arg=atsi arg=--host arg=rules name=searcher proto=atsi tc=2+0.05",
            faulty("logged"),
            log.arg(),
            taikyoku()
        ),
        "--engine",
        &format!(
            "cmd={} arg=atsi arg=--host arg=rules name=random proto=atsi tc=1+0.02 option.PlayMode=random",
            taikyoku()
        ),
        "--games",
        "2",
        "--openings",
        openings.arg(),
        "--draw-after",
        "40",
        "--records",
        records.arg(),
    ]);
    let out = succeeded(&o);
    assert_eq!(out.matches("Finished game").count(), 2, "{out}");
    let rec = std::fs::read_to_string(records.path()).unwrap();
    let ends: Vec<&str> = rec
        .lines()
        .filter_map(|l| l.strip_prefix("[Termination \""))
        .collect();
    assert_eq!(ends.len(), 2, "{rec}");
    for e in &ends {
        assert!(
            e.starts_with("objective captured") || e.starts_with("move limit (40 plies)"),
            "{rec}"
        );
    }
    let sent = std::fs::read_to_string(log.path()).unwrap();
    for line in [
        "atsiinit v0",
        "identify",
        "player 1",
        "time 2 0.05",
        "startgame initial",
        "opmove 36z 36y ",
    ] {
        assert!(sent.contains(line), "'{line}' not sent: {sent}");
    }
    let starts: Vec<&str> = sent
        .lines()
        .filter(|l| l.starts_with("startgame "))
        .collect();
    assert_eq!(starts.len(), 2, "{sent}");
    assert!(
        starts
            .iter()
            .all(|l| *l == "startgame initial" || l.ends_with(" 1")),
        "{sent}"
    );
    assert!(!sent.contains("player 0"), "{sent}");
}

/// Issue 66, finding 6: with `--variant-file`, our engine is given the file (its absolute
/// path as `USI_Variant`), not the variant's id, which it cannot load (it stayed on Taikyoku and
/// lost every game at ply 0 by an illegal move). A copy of Dai dai under an id of its own, given
/// by a relative path.
#[test]
fn a_variant_file_reaches_the_engines() {
    let dir = Scratch::new("variant-file");
    std::fs::create_dir_all(dir.path()).unwrap();
    let original = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../movegen/variants/dai-dai.var"
    );
    let text = std::fs::read_to_string(original).unwrap();
    assert!(text.contains("\nid = dai-dai\n"));
    let text = text.replace("\nid = dai-dai\n", "\nid = my-dai-dai\n");
    std::fs::write(dir.path().join("mine.var"), text).unwrap();
    let o = Command::new(taikyoku())
        .current_dir(dir.path())
        .args(["match", "--variant-file", "mine.var", "--depth", "1"])
        .args(["--games", "2", "--draw-after", "12"])
        .args(["--engine", &format!("cmd={} name=a", taikyoku())])
        .args(["--engine", &format!("cmd={} name=b", taikyoku())])
        .output()
        .expect("runs");
    let out = succeeded(&o);
    assert!(out.contains("2 x move limit (12 plies)"), "{out}");
    assert!(!out.contains("illegal"), "{out}");
}

fn against(script: &str, extra: &[&str]) -> String {
    against_spec(script, "", extra)
}

/// Two games of our engine against the faulty engine `script` (its spec ending in `keys`), which
/// our engine must win both.
fn against_spec(script: &str, keys: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "--variant".to_string(),
        "maka-dai-dai".to_string(),
        "--engine".to_string(),
        format!("cmd={} name=ours", taikyoku()),
        "--engine".to_string(),
        format!("cmd={} name=faulty{keys}", faulty(script)),
        "--games".to_string(),
        "2".to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
    let o = run(&a);
    let out = succeeded(&o);
    // Our engine wins both games (as Black, and as White after the faulty one's first move).
    assert!(
        out.contains("Games: 2, Wins: 2, Losses: 0, Draws: 0"),
        "{out}"
    );
    out
}

#[test]
fn an_illegal_move_loses() {
    let out = against("illegal", &["--depth", "1"]);
    assert!(
        out.contains("faulty (White) played an illegal move '1a1a'"),
        "{out}"
    );
    assert!(
        out.contains("faulty (Black) played an illegal move '1a1a'"),
        "{out}"
    );
}

#[test]
fn a_stalled_engine_loses_on_time() {
    let out = against("stall", &["--byoyomi", "0+0.2", "--margin", "100"]);
    assert!(out.contains("faulty (White) lost on time"), "{out}");
    assert!(out.contains("faulty (Black) lost on time"), "{out}");
}

#[test]
fn a_crashed_engine_loses() {
    let out = against("crash", &["--depth", "1"]);
    assert!(out.contains("faulty (White) crashed"), "{out}");
    assert!(out.contains("faulty (Black) crashed"), "{out}");
}

#[test]
fn a_malformed_reply_loses() {
    let out = against("garbage", &["--depth", "1"]);
    assert!(
        out.contains("broke the protocol: 'bestmove' without a move"),
        "{out}"
    );
}

/// Issue 66, finding 9: a `bestmove` that arrives before `go` is a protocol fault, not the
/// engine's move (it was played, and then reported as an illegal move).
#[test]
fn a_bestmove_before_go_breaks_the_protocol() {
    let out = against("early-bestmove", &["--depth", "1"]);
    for side in ["White", "Black"] {
        assert!(
            out.contains(&format!(
                "faulty ({side}) was not ready: protocol error: bestmove before go: \
                 'bestmove 1a1a'"
            )),
            "{out}"
        );
    }
    assert!(!out.contains("illegal move"), "{out}");
}

/// Issue 66, finding 9: a `bestmove` sent twice is a protocol fault at the engine's next turn
/// (the copy was taken as its answer to the next `go`, and reported as an illegal move).
#[test]
fn a_second_bestmove_breaks_the_protocol() {
    let out = against_spec(
        "double-bestmove",
        &format!(" arg={}", taikyoku()),
        &["--depth", "1"],
    );
    for side in ["White", "Black"] {
        assert!(
            out.contains(&format!(
                "faulty ({side}) broke the protocol: a second bestmove: '"
            )),
            "{out}"
        );
    }
    assert!(!out.contains("illegal move"), "{out}");
}

#[test]
fn an_engine_that_never_answers_the_handshake_loses_without_hanging() {
    let out = against("mute", &["--depth", "1"]);
    assert!(out.contains("failed to start: timeout: no usiok"), "{out}");
}

#[test]
fn bad_engine_commands_are_reported() {
    let o = run(&[
        "--engine",
        "cmd=/nonexistent/engine name=ghost",
        "--engine",
        &format!("cmd={} name=ours", taikyoku()),
        "--depth",
        "1",
        "--variant",
        "dai-dai",
    ]);
    let out = stdout(&o);
    assert!(
        out.contains("ghost (Black) failed to start: crash: cannot start '/nonexistent/engine'"),
        "{out}"
    );
    for (args, needle) in [
        (
            vec!["--engine", "cmd=x", "--depth", "1"],
            "exactly two --engine",
        ),
        (
            vec!["--engine", "name=a", "--engine", "cmd=b", "--depth", "1"],
            "no cmd=PATH",
        ),
        (
            vec!["--engine", "cmd=a", "--engine", "cmd=b"],
            "give a time control",
        ),
        (
            vec!["--engine", "cmd=a", "--engine", "cmd=b", "--tc", "ten"],
            "not BASE+SECONDS",
        ),
        (
            vec![
                "--engine",
                "cmd=a bogus",
                "--engine",
                "cmd=b",
                "--depth",
                "1",
            ],
            "not key=value",
        ),
    ] {
        let o = run(&args);
        assert!(!o.status.success());
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains(needle), "{args:?}: {e}");
    }
}

/// A match of our engine (USI) against a CECP script in Maka dai dai.
fn against_cecp(script: &str, extra: &[&str]) -> String {
    against_spec(script, " proto=cecp", extra)
}

#[test]
fn cecp_an_illegal_move_in_two_lines_loses() {
    let out = against_cecp("cecp-illegal", &["--depth", "1"]);
    // The two `move` lines are one move: "z0z0," then "z1z1".
    assert!(
        out.contains("faulty (White) played an illegal move 'z0z0,z1z1'"),
        "{out}"
    );
    assert!(
        out.contains("faulty (Black) played an illegal move 'z0z0,z1z1'"),
        "{out}"
    );
}

#[test]
fn cecp_a_refused_move_and_a_resignation_are_recorded() {
    let out = against_cecp("cecp-refuse", &["--depth", "1"]);
    assert!(out.contains("faulty (White) refused ours's move"), "{out}");
    assert!(out.contains("Illegal move:"), "{out}");
    assert!(out.contains("faulty (Black) resigns"), "{out}");
}

#[test]
fn cecp_an_engine_that_never_answers_loses_on_time() {
    let out = against_cecp("cecp-mute", &["--byoyomi", "0+0.2"]);
    assert!(out.contains("faulty (White) lost on time"), "{out}");
    assert!(out.contains("faulty (Black) lost on time"), "{out}");
}

#[test]
fn cecp_engines_get_no_node_limit() {
    let o = run(&[
        "--engine",
        "cmd=a",
        "--engine",
        "cmd=b name=x proto=cecp",
        "--nodes",
        "100",
    ]);
    assert!(!o.status.success());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("x: CECP has no node limit"), "{e}");
    let o = run(&[
        "--engine",
        "cmd=a proto=uci",
        "--engine",
        "cmd=b",
        "--depth",
        "1",
    ]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("proto 'uci' is not usi, cecp or atsi"));
}

#[test]
fn our_engine_over_cecp_against_itself_over_usi() {
    // Same engine, same depth: over CECP every move goes through the dialect both ways.
    let records = Scratch::new("cecp.txt");
    let o = run(&[
        "--variant",
        "dai-dai",
        "--engine",
        &format!("cmd={} name=cecp proto=cecp", taikyoku()),
        "--engine",
        &format!("cmd={} name=usi", taikyoku()),
        "--depth",
        "1",
        "--games",
        "2",
        "--draw-after",
        "60",
        "--records",
        records.arg(),
    ]);
    let out = succeeded(&o);
    assert_eq!(out.matches("Finished game").count(), 2, "{out}");
    for bad in [
        "illegal", "refused", "protocol", "crashed", "on time", "failed",
    ] {
        assert!(!out.contains(bad), "{bad}: {out}");
    }
    let rec = std::fs::read_to_string(records.path()).unwrap();
    assert!(rec.contains("[Black \"cecp\"]") && rec.contains("[White \"cecp\"]"));
}

// Issue 10: a faulty engine loses its game, never the match.

#[test]
fn a_flooding_engine_loses_on_time_and_the_match_goes_on() {
    // It prints `info` lines without end: the deadline holds while lines keep arriving, and
    // the bounded queue keeps the runner's memory small.
    let out = against("flood", &["--byoyomi", "0+0.2"]);
    assert!(out.contains("faulty (White) lost on time"), "{out}");
    assert!(out.contains("faulty (Black) lost on time"), "{out}");
}

#[test]
fn an_endless_line_loses_on_time() {
    let out = against("endless-line", &["--byoyomi", "0+0.2"]);
    assert!(out.contains("faulty (White) lost on time"), "{out}");
    assert!(out.contains("faulty (Black) lost on time"), "{out}");
}

#[test]
fn cecp_a_flooding_engine_loses_on_time() {
    let out = against_cecp("cecp-flood", &["--byoyomi", "0+0.2"]);
    assert!(out.contains("faulty (White) lost on time"), "{out}");
    assert!(out.contains("faulty (Black) lost on time"), "{out}");
}

/// Whether process `pid` is gone (or a zombie, dead but not yet reaped by init).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // The state is the field after the command name, which is in parentheses.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

#[test]
fn the_engine_behind_a_wrapper_script_is_killed_too() {
    // The wrapper starts the stalling engine as its child; the runner kills the stalled
    // engine's whole process group, not only the wrapper.
    let pidfile = Scratch::new("wrapped.pid");
    let spec = format!(" arg={} arg={}", pidfile.arg(), faulty("stall"));
    let mut args = vec![
        "--variant".to_string(),
        "dai-dai".to_string(),
        "--engine".to_string(),
        format!("cmd={} name=ours", taikyoku()),
        "--engine".to_string(),
        format!("cmd={} name=faulty{spec}", faulty("wrapper")),
        "--games".to_string(),
        "1".to_string(),
        "--byoyomi".to_string(),
        "0+0.2".to_string(),
    ];
    args.push("--margin".into());
    args.push("100".into());
    let a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
    let out = succeeded(&run(&a));
    assert!(out.contains("faulty (White) lost on time"), "{out}");
    let pid: u32 = std::fs::read_to_string(pidfile.path())
        .expect("the wrapper wrote its engine's pid")
        .trim()
        .parse()
        .unwrap();
    // The runner has exited; the kill was sent before. Give the kernel and init a moment to
    // finish it off (a bound against hanging, not a timing assertion).
    for _ in 0..600 {
        if gone(pid) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("the wrapped engine {pid} outlived the match");
}

/// The process ids a faulty engine appended to `file`, one a line.
fn pids(file: &Scratch) -> Vec<u32> {
    std::fs::read_to_string(file.path())
        .expect("the engine wrote its children's pids")
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect()
}

/// Kills the processes a test left behind, also when it fails (a failed test would otherwise
/// leave them running for a quarter of an hour).
struct KillOnDrop(Vec<u32>);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        for pid in &self.0 {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).output();
        }
    }
}

/// Asserts that every process in `pids` is gone, allowing a moment for the kernel (a bound
/// against hanging, not a timing assertion).
fn assert_gone(pids: &[u32]) {
    for _ in 0..60 {
        if pids.iter().all(|&p| gone(p)) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let alive: Vec<&u32> = pids.iter().filter(|&&p| !gone(p)).collect();
    panic!("processes {alive:?} outlived the match");
}

/// A faulty engine against ours at depth 1, the faulty one playing `--byoyomi 0+30`: two games
/// (the pid file is given to the faulty engine as its first argument). Returns the runner's
/// output and how long it took.
fn against_with_pids(script: &str, pidfile: &Scratch) -> (String, std::time::Duration) {
    let start = std::time::Instant::now();
    let o = run(&[
        "--variant",
        "dai-dai",
        "--engine",
        &format!("cmd={} name=ours depth=1", taikyoku()),
        "--engine",
        &format!("cmd={} name=faulty arg={}", faulty(script), pidfile.arg()),
        "--games",
        "2",
        "--byoyomi",
        "0+30",
    ]);
    let out = succeeded(&o);
    assert!(
        out.contains("Games: 2, Wins: 2, Losses: 0, Draws: 0"),
        "{out}"
    );
    (out, start.elapsed())
}

/// Issue 66, finding 7: an engine that exits while a process it started keeps its output open
/// is a crash found at once (it was a loss on time after the whole move time, 30 s here), and
/// that process does not outlive the match.
#[test]
fn an_engine_that_exits_with_its_output_held_open_crashes_at_once() {
    let pidfile = Scratch::new("exit-with-child.pids");
    let (out, took) = against_with_pids("exit-with-child", &pidfile);
    let _cleanup = KillOnDrop(pids(&pidfile));
    for side in ["White", "Black"] {
        assert!(
            out.contains(&format!(
                "faulty ({side}) crashed: the engine exited (exit status: 3) while we waited \
                 for bestmove"
            )),
            "{out}"
        );
    }
    // Two crashes found within a few seconds each, on a busy machine (30 s each before).
    assert!(took.as_secs() < 20, "took {took:?}: {out}");
    assert_gone(&pids(&pidfile));
}

/// Issue 66, finding 7: a process that an engine started in a session of its own (`setsid`, so
/// out of the engine's process group) does not outlive the match: the runner is a child
/// subreaper and ends the processes reparented to it.
#[cfg(target_os = "linux")]
#[test]
fn a_process_that_leaves_the_engines_group_does_not_outlive_the_match() {
    let pidfile = Scratch::new("setsid-child.pids");
    let (out, _) = against_with_pids("setsid-child", &pidfile);
    let pids = pids(&pidfile);
    let _cleanup = KillOnDrop(pids.clone());
    assert!(
        out.contains("faulty (White) played an illegal move '1a1a'"),
        "{out}"
    );
    assert_eq!(pids.len(), 2, "one child per game");
    assert_gone(&pids);
}

#[test]
fn the_report_counts_reasons_without_touching_other_words() {
    // Engines named `a` and `b`: before, "objective captured" came out as
    // "o<engine>jective c<engine>ptured".
    let o = run(&[
        "--variant",
        "dai-dai",
        "--engine",
        &format!("cmd={} name=a option.PlayMode=search", taikyoku()),
        "--engine",
        &format!("cmd={} name=b option.PlayMode=random", taikyoku()),
        "--depth",
        "2",
        "--games",
        "2",
    ]);
    let out = succeeded(&o);
    assert!(out.contains("  2 x objective captured"), "{out}");
    // Names inside a reason that names an engine are replaced as names only.
    let o = run(&[
        "--variant",
        "maka-dai-dai",
        "--engine",
        &format!("cmd={} name=ok", taikyoku()),
        "--engine",
        &format!("cmd={} name=e", faulty("illegal")),
        "--games",
        "2",
        "--depth",
        "1",
    ]);
    let out = succeeded(&o);
    assert!(
        out.contains(
            "  1 x <engine> (Black) played an illegal move '1a1a': move '1a1a': the piece on 1a is not the side to move's\n"
        ),
        "{out}"
    );
    assert!(!out.contains("play<engine>d"), "{out}");
}

#[test]
fn hachu_is_sent_dai_positions_in_its_own_letters() {
    // An opening given as a position needs `setboard`. An engine that calls itself HaChu gets
    // the placement only, in HaChu's Dai letters (lion `L!`, violent ox `X'`, knight `N`), not
    // QBoard's (lion `N`, violent ox `V'`, knight `Y`, which HaChu does not know); any other
    // CECP engine gets QBoard's FEN with the side field.
    let start = "ln(sg)icsgkgsci(sg)nl/(rv)1(cs)1(fl)1(bt)(de)(bt)1(fl)1(cs)1(rv)/\
                 1(vo)1(ab)1(ew)(ph)(ln)(kr)(ew)1(ab)1(vo)1/r(fd)(sm)(vm)b(dh)(dk)q(dk)(dh)b(vm)(sm)(fd)r/\
                 ppppppppppppppp/4(gb)5(gb)4/15/15/15/4(GB)5(GB)4/PPPPPPPPPPPPPPP/\
                 R(FD)(SM)(VM)B(DH)(DK)Q(DK)(DH)B(VM)(SM)(FD)R/1(VO)1(AB)1(EW)(KR)(LN)(PH)(EW)1(AB)1(VO)1/\
                 (RV)1(CS)1(FL)1(BT)(DE)(BT)1(FL)1(CS)1(RV)/LN(SG)ICSGKGSCI(SG)NL";
    // The start position with Black's pawn 7k on 7j and White's 7e on 7f: Black to move.
    let opening = start
        .replacen(
            "ppppppppppppppp/4(gb)5(gb)4",
            "pppppppp1pppppp/4(gb)3p1(gb)4",
            1,
        )
        .replacen(
            "4(GB)5(GB)4/PPPPPPPPPPPPPPP",
            "4(GB)3P1(GB)4/PPPPPPPP1PPPPPP",
            1,
        );
    let openings = Scratch::new("dai.openings");
    std::fs::write(openings.path(), format!("{opening} b - 3\n")).unwrap();
    let logs = [Scratch::new("dai-hachu.log"), Scratch::new("dai-cecp.log")];
    let o = run(&[
        "--variant",
        "dai",
        "--engine",
        &format!(
            "cmd={} arg={} arg={} name=hachu proto=cecp",
            faulty("hachu-named"),
            logs[0].arg(),
            taikyoku()
        ),
        "--engine",
        &format!(
            "cmd={} arg={} arg={} name=cecp proto=cecp",
            faulty("logged"),
            logs[1].arg(),
            taikyoku()
        ),
        "--depth",
        "1",
        "--games",
        "2",
        "--draw-after",
        "8",
        "--openings",
        openings.arg(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("Finished game"), "{out}");
    let setboards = |log: &Scratch| -> Vec<String> {
        std::fs::read_to_string(log.path())
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("setboard "))
            .map(str::to_string)
            .collect()
    };
    let hachu = setboards(&logs[0]);
    let qboard = setboards(&logs[1]);
    assert!(!hachu.is_empty() && !qboard.is_empty(), "{out}");
    let placement = "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/\
                     rf'mvbhdqdhbvmf'r/pppppppp1pppppp/4p'3p1p'4/15/15/15/4P'3P1P'4/\
                     PPPPPPPP1PPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/\
                     LNUICSGKGSCIUNL";
    assert!(
        hachu.iter().all(|l| *l == format!("setboard {placement}")),
        "{hachu:?}"
    );
    let fen = "setboard lyujcsgkgscjuyl/a1z1f1tet1f1z1a/1v'1a'1wxnow1a'1v'1/\
               rf'mvbhdqdhbvmf'r/pppppppp1pppppp/4i3p1i4/15/15/15/4I3P1I4/PPPPPPPP1PPPPPP/\
               RF'MVBHDQDHBVMF'R/1V'1A'1WONXW1A'1V'1/A1Z1F1TET1F1Z1A/LYUJCSGKGSCJUYL w";
    assert!(qboard.iter().all(|l| l == fen), "{qboard:?}");
}

#[test]
fn a_chu_hachu_match_names_the_variant_each_engine_knows() {
    // Refereed by HaChu's rules: our engine over USI is sent `chu-hachu`, over CECP too (it
    // announces the name), and an engine that announces only `chu` (as HaChu does) is sent that.
    let logs: Vec<_> = ["usi", "cecp", "chu-only"]
        .iter()
        .map(|n| Scratch::new(&format!("chu-hachu-{n}.log")))
        .collect();
    let spec = |script: &str, log: usize, keys: &str| {
        format!(
            "cmd={} arg={} arg={} {keys}",
            faulty(script),
            logs[log].arg(),
            taikyoku()
        )
    };
    for (first, second) in [
        (
            spec("logged", 1, "name=cecp proto=cecp"),
            spec("logged", 0, "name=usi"),
        ),
        (
            spec("chu-only", 2, "name=chu-only proto=cecp"),
            format!("cmd={} name=usi", taikyoku()),
        ),
    ] {
        let o = run(&[
            "--variant",
            "chu-hachu",
            "--engine",
            &first,
            "--engine",
            &second,
            "--depth",
            "1",
            "--games",
            "2",
            "--draw-after",
            "24",
        ]);
        let out = succeeded(&o);
        assert_eq!(out.matches("Finished game").count(), 2, "{out}");
        for bad in [
            "illegal", "refused", "protocol", "crashed", "on time", "failed",
        ] {
            assert!(!out.contains(bad), "{bad}: {out}");
        }
    }
    let sent: Vec<String> = logs
        .iter()
        .map(|l| std::fs::read_to_string(l.path()).unwrap())
        .collect();
    assert!(
        sent[0].contains("setoption name USI_Variant value chu-hachu\n"),
        "{}",
        sent[0]
    );
    for (log, name) in [(1, "chu-hachu"), (2, "chu")] {
        let variants: Vec<&str> = sent[log]
            .lines()
            .filter(|l| l.starts_with("variant "))
            .collect();
        assert!(
            !variants.is_empty() && variants.iter().all(|v| *v == format!("variant {name}")),
            "{}",
            sent[log]
        );
    }
    // A misspelt name is refused before any engine starts.
    let o = run(&[
        "--variant",
        "chu-hachuu",
        "--engine",
        "cmd=a",
        "--engine",
        "cmd=b",
    ]);
    assert!(!o.status.success());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("unknown variant 'chu-hachuu' (known: taikyoku, maka-dai-dai, dai-dai, ko, chu, taikyoku-atsa, dai, tai, chu-hachu)"),
        "{e}"
    );
}

#[test]
fn a_non_regression_sprt_takes_a_negative_lower_bound() {
    // `--sprt -5 5 ...`: the lower hypothesis of a non-regression test is negative, which the
    // argument parser must read as a number, not as an unknown option.
    let o = run(&[
        "--variant",
        "chu",
        "--engine",
        &format!("cmd={} name=a", taikyoku()),
        "--engine",
        &format!("cmd={} name=b", taikyoku()),
        "--depth",
        "1",
        "--games",
        "2",
        "--sprt",
        "-5",
        "5",
        "0.05",
        "0.05",
    ]);
    let out = succeeded(&o);
    assert!(out.contains("LLR:"), "{out}");
    assert!(out.contains("[-5.00, 5.00]"), "{out}");
}
