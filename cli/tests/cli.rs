//! The binary's commands, run as a user would: right output for good input, a clear error
//! (and a failure exit code, never a panic) for bad input.

use std::io::Write;
use std::process::{Command, Output};

mod scratch;
use scratch::Scratch;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_taikyoku"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_clean_failure(o: &Output, needle: &str) {
    assert!(!o.status.success(), "expected failure");
    let e = stderr(o);
    assert!(e.contains(needle), "stderr lacks '{needle}': {e}");
    assert!(!e.contains("panicked"), "panic: {e}");
}

#[test]
fn perft_divide_prints_every_root_move_and_the_total() {
    let o = run(&["perft", "--variant", "dai-dai", "--depth", "2", "--divide"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // 59 root moves (the start position's perft(1)), then the total.
    assert_eq!(lines.len(), 60, "{out}");
    let sum: u64 = lines[..59]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(lines[59], format!("Nodes searched: {sum}"));
    assert_eq!(sum, 3463);
}

#[test]
fn perft_default_variant_is_taikyoku_and_threads_agree() {
    let one = run(&["perft", "--depth", "2"]);
    let two = run(&["perft", "--depth", "2", "--threads", "2"]);
    assert_eq!(stdout(&one), "Nodes searched: 71815\n");
    assert_eq!(stdout(&two), stdout(&one));
}

#[test]
fn pieces_lists_every_kind() {
    let o = run(&["pieces", "--variant", "taikyoku"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 301);
    assert!(out
        .lines()
        .any(|l| l.starts_with("GG ") && l.contains("xQ") && l.contains("rank=3")));
    assert!(out
        .lines()
        .any(|l| l.starts_with("FL ") && l.contains("Ferocious leopard")));
}

#[test]
fn show_draws_the_board_and_its_position_string() {
    let o = run(&["show", "--variant", "maka-dai-dai"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with(" 19 18 17"), "{out}");
    assert!(out.contains("position le(st)ticsg(ds)k(dv)"), "{out}");
    let k = run(&["show", "--variant", "dai-dai", "--kanji"]);
    assert!(stdout(&k).contains("v玉将") && stdout(&k).contains("玉将"));
}

/// `bench` on one thread is deterministic (the same count twice); on two threads it reaches
/// the same depths with helpers, and both report the time to depth. A variant without bench
/// positions, a thread count or a hash size out of range, are refused, not run as nothing.
#[test]
fn tsfen_in_and_out_for_modern_taikyoku() {
    // The site's start position, written by `show --tsfen` and read back by `--position`.
    let o = run(&["show", "--variant", "taikyoku-atsa", "--tsfen"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let tsfen = stdout(&o).trim().to_string();
    assert!(tsfen.starts_with("IC,WT,RR,W,FD,RME,T,"), "{tsfen}");
    assert!(tsfen.ends_with(",ic 0"), "{tsfen}");
    let perft = |pos: &str| {
        let o = run(&[
            "perft",
            "--variant",
            "taikyoku-atsa",
            "--position",
            pos,
            "--depth",
            "1",
            "--paths",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(perft(&tsfen), "Nodes searched: 488\n");
    assert_eq!(perft("startpos"), "Nodes searched: 488\n");
    // After a move: the counter says White is to move.
    let o = run(&[
        "show",
        "--variant",
        "taikyoku-atsa",
        "--position",
        "startpos moves 19gg19b",
        "--tsfen",
    ]);
    assert!(stdout(&o).trim().ends_with(" 1"), "{}", stdout(&o));
    // A bad TSFEN says what and where.
    let bad = tsfen.replacen("IC,", "IC,ZZZ,", 1);
    assert_clean_failure(
        &run(&["show", "--variant", "taikyoku-atsa", "--position", &bad]),
        "rank a, cell 2 'ZZZ': 'ZZZ' is not a piece of taikyoku-atsa",
    );
}

#[test]
fn bench_counts_alike_on_one_thread_and_runs_on_two() {
    let args = [
        "bench",
        "--variant",
        "dai-dai",
        "--depth-offset",
        "-3",
        "--verbose",
    ];
    let one = run(&args);
    assert!(one.status.success(), "{}", stderr(&one));
    let out = stdout(&one);
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("dai-dai depth 2"))
            .count(),
        4,
        "{out}"
    );
    assert!(out.contains("time to depth: "), "{out}");
    let count = |o: &Output| -> u64 {
        let out = stdout(o);
        let last = out.lines().last().unwrap_or_default();
        last.split(" nodes").next().unwrap().parse().unwrap()
    };
    assert!(count(&one) > 0);
    assert_eq!(count(&run(&args)), count(&one));
    let mut two_args = args.to_vec();
    two_args.extend(["--threads", "2", "--hash", "4"]);
    let two = run(&two_args);
    assert!(two.status.success(), "{}", stderr(&two));
    assert!(count(&two) > 0);
    assert_clean_failure(
        &run(&["bench", "--variant", "chu"]),
        "bench has no positions of variant 'chu'",
    );
    assert_clean_failure(&run(&["bench", "--threads", "0"]), "--threads");
    assert_clean_failure(&run(&["bench", "--hash", "0"]), "--hash");
}

#[test]
fn bad_input_gets_clear_errors() {
    assert_clean_failure(
        &run(&["perft", "--variant", "chess"]),
        "unknown variant 'chess'",
    );
    assert_clean_failure(
        &run(&["perft", "--variant", "dai-dai", "--position", "17/17 b - 1"]),
        "17 ranks",
    );
    assert_clean_failure(&run(&["show", "--position", "x"]), "4 fields");
    assert_clean_failure(&run(&["perft", "--threads", "0"]), "--threads");
    assert_clean_failure(
        &run(&["perft", "--variant-file", "/nonexistent.var"]),
        "cannot read",
    );
    let o = run(&["perft", "--depth", "x"]);
    assert!(!o.status.success());
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn a_broken_variant_file_is_rejected_with_file_and_line() {
    let scratch = Scratch::new("cli");
    let dir = scratch.path();
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("broken.var");
    let mut f = std::fs::File::create(&path).unwrap();
    write!(
        f,
        "[variant]\nid = broken\nname = Broken\nboard = 3x3\npromotion = capture\nrepetition = fourfold\n[pieces]\nK | King | - | - | K | royal\nP | Pawn | - | - | fQ7x |\n[setup]\n1: . K .\n"
    )
    .unwrap();
    let o = run(&["perft", "--variant-file", path.to_str().unwrap()]);
    assert_clean_failure(&o, "broken.var:9: P: movement");
    // A good file loads and plays.
    let good = dir.join("good.var");
    std::fs::write(
        &good,
        "[variant]\nid = tiny\nname = Tiny\nboard = 3x3\npromotion = capture\nrepetition = fourfold\n[pieces]\nK | King | - | - | K | royal\n[setup]\n1: . K .\n",
    )
    .unwrap();
    let o = run(&[
        "perft",
        "--variant-file",
        good.to_str().unwrap(),
        "--depth",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Black king on 2c: 5 moves (a, b files of ranks b and c, ...): 1c, 3c, 1b, 2b, 3b.
    assert_eq!(stdout(&o), "Nodes searched: 5\n");
}

/// `openings` gives the asked number of distinct, playable lines within the plies asked, and
/// the same lines for the same seed.
#[test]
fn openings_are_distinct_playable_and_reproducible() {
    let args = [
        "openings",
        "--variant",
        "dai-dai",
        "--count",
        "4",
        "--min-plies",
        "2",
        "--max-plies",
        "5",
        "--depth",
        "1",
        "--seed",
        "11",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    let distinct: std::collections::HashSet<&&str> = lines.iter().collect();
    assert_eq!(distinct.len(), 4, "{out}");
    for l in &lines {
        let moves = l.strip_prefix("startpos moves ").expect(l);
        let n = moves.split_whitespace().count();
        assert!((2..=5).contains(&n), "{l}");
        // Every line replays: perft accepts it only if each move is legal.
        let p = run(&[
            "perft",
            "--variant",
            "dai-dai",
            "--depth",
            "1",
            "--position",
            l,
        ]);
        assert!(p.status.success(), "{l}: {}", stderr(&p));
    }
    assert_eq!(stdout(&run(&args)), out, "same seed, same lines");
}

/// `openings --settle-plies N`: after the random plies, each line goes on with the N moves the
/// engine itself plays (`go depth D` from the line so far), and the lines stay reproducible.
#[test]
fn openings_settle_with_the_engines_own_moves() {
    let line = "openings --variant dai-dai --count 2 --min-plies 2 --max-plies 3 \
                --settle-plies 3 --depth 1 --seed 12";
    let args: Vec<&str> = line.split_whitespace().collect();
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(stdout(&run(&args)), out, "same seed, same lines");
    let lines: Vec<Vec<&str>> = out
        .lines()
        .map(|l| {
            l.strip_prefix("startpos moves ")
                .expect(l)
                .split_whitespace()
                .collect()
        })
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    let mut usi = std::process::Command::new(env!("CARGO_BIN_EXE_taikyoku"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = usi.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(usi.stdout.take().unwrap());
    writeln!(input, "setoption name USI_Variant value dai-dai").unwrap();
    for moves in &lines {
        assert!((5..=6).contains(&moves.len()), "{moves:?}");
        let random = moves.len() - 3;
        writeln!(input, "usinewgame").unwrap();
        for k in random..moves.len() {
            let before = moves[..k].join(" ");
            writeln!(input, "position startpos moves {before}\ngo depth 1").unwrap();
            let best = loop {
                let mut l = String::new();
                assert!(
                    std::io::BufRead::read_line(&mut output, &mut l).unwrap() > 0,
                    "the engine stopped"
                );
                if let Some(rest) = l.strip_prefix("bestmove ") {
                    break rest.split_whitespace().next().unwrap().to_string();
                }
            };
            assert_eq!(best, moves[k], "after {before}");
        }
    }
    writeln!(input, "quit").unwrap();
    assert!(usi.wait().unwrap().success());
}

#[test]
fn openings_refuse_an_impossible_request() {
    let o = run(&[
        "openings",
        "--variant",
        "chu",
        "--min-plies",
        "9",
        "--max-plies",
        "3",
    ]);
    assert_clean_failure(&o, "plies");
}

#[test]
fn chu_hachu_is_chu_with_hachus_rules() {
    // A black lion takes the go-between that guards White's lion, then the lion: HaChu allows
    // it, lishogi does not (docs/chu.md §11).
    let bridge = "kgs9/12/12/12/12/6(ln)5/6(gb)5/6(LN)5/12/12/12/9SGK b - 1";
    let divide = |args: &[&str]| {
        let mut all = vec!["perft", "--position", bridge, "--depth", "1", "--divide"];
        all.extend_from_slice(args);
        let o = run(&all);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    let hachu = divide(&["--variant", "chu-hachu"]);
    assert!(hachu.contains("\n6h6g6f: 1\n"), "{hachu}");
    let lishogi = divide(&["--variant", "chu"]);
    assert!(!lishogi.contains("6h6g6f"), "{lishogi}");
    assert_eq!(divide(&["--variant", "chu", "--chu-rules", "hachu"]), hachu);
    // chu-hachu's own keys are HaChu's: every reading of it is HaChu's.
    for rules in ["hachu", "both", "either"] {
        assert_eq!(
            divide(&["--variant", "chu-hachu", "--chu-rules", rules]),
            hachu,
            "{rules}"
        );
    }
    assert_clean_failure(
        &run(&["perft", "--variant", "chu-hachuu"]),
        "unknown variant 'chu-hachuu' (known: taikyoku, maka-dai-dai, dai-dai, ko, chu, taikyoku-atsa, dai, tai, chu-hachu)",
    );
}

#[test]
fn xboard_starts_in_chu_hachu_when_asked() {
    // `taikyoku xboard --variant chu-hachu`: `new` starts chu with HaChu's rules, which refuse
    // lishogi's recapture of a kirin that took a lion and promoted (docs/chu.md §11).
    // The moves in XBoard's notation, which chu-hachu shares with chu (where both are legal).
    use taikyoku_movegen::{with_position, AnyPosition};
    let d = taikyoku_protocol::dialect::Dialect::for_cecp_variant("chu").unwrap();
    let text = "kgs9/12/12/r5(ln)5/12/6(KR)5/12/12/12/12/12/9SGK b - 1";
    let mut pos = AnyPosition::parse(d.variant.clone(), text).unwrap();
    let fen = d.to_fen(&pos);
    let mut texts = Vec::new();
    for ours in ["6f6d+", "12d6d"] {
        let m = with_position!(&pos, p => p.parse_move(ours).unwrap());
        texts.push(d.move_text(&pos, m));
        pos.play_moves(&[ours]).unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_taikyoku"))
        .args(["xboard", "--variant", "chu-hachu"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let script = format!(
        "xboard\nprotover 2\naccepted done\nnew\nforce\nsetboard {fen}\nusermove {}\n\
         usermove {}\nping 1\nquit\n",
        texts[0], texts[1]
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let after = text.split("feature done=1").nth(1).unwrap_or_default();
    let lines: Vec<&str> = after.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("Illegal move ("), "{text}");
    assert!(lines[0].ends_with(&texts[1]), "{text}");
    assert_eq!(lines[1], "pong 1");
}
