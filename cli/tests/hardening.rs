//! Issue 10's regression tests through the binary: input that took the engine down or hung it
//! (invalid UTF-8, endless lines, a hash size it could not allocate, `go perft` that nothing
//! could stop, CECP `quit` in edit mode, wrapped numbers in positions, unbounded `--threads`,
//! devices and FIFOs as variant files). Each one gets a clear error, and the engine goes on.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

mod scratch;
use scratch::Scratch;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_taikyoku")
}

/// The engine on pipes; its output lines arrive on a channel (read as bytes, so that any output
/// is seen).
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        Engine::start_with(Command::new(bin()))
    }

    /// The engine with its address space limited to `kb` kilobytes (`ulimit -v`), so that a big
    /// allocation fails on any machine.
    fn start_limited(kb: u64) -> Engine {
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg(format!("ulimit -v {kb} && exec \"$0\""))
            .arg(bin());
        Engine::start_with(c)
    }

    fn start_with(mut c: Command) -> Engine {
        let mut child = c
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            while r.read_until(b'\n', &mut buf).is_ok_and(|n| n > 0) {
                let l = String::from_utf8_lossy(&buf).trim_end().to_string();
                buf.clear();
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send_bytes(&mut self, b: &[u8]) {
        self.stdin.write_all(b).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, s: &str) {
        self.send_bytes(format!("{s}\n").as_bytes());
    }

    /// Lines up to and including the first that starts with `prefix` (a minute at most: a
    /// guard against hanging, not a timing assertion).
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no '{prefix}' within a minute; got {out:?}"));
            let done = line.starts_with(prefix);
            out.push(line);
            if done {
                return out;
            }
        }
    }

    /// Waits for the process to end (with its input still open), a minute at most.
    fn exits(mut self) -> bool {
        for _ in 0..1200 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        panic!("the engine did not exit");
    }
}

fn run(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn clean_failure(o: &Output, needle: &str) {
    assert!(!o.status.success(), "expected failure");
    let e = stderr(o);
    assert!(e.contains(needle), "stderr lacks '{needle}': {e}");
    assert!(!e.contains("panicked"), "panic: {e}");
}

#[test]
fn usi_invalid_utf8_gets_an_error_and_the_loop_goes_on() {
    let mut e = Engine::start();
    e.send("isready");
    e.until("readyok");
    // A Latin-1 file name, and a lone invalid byte.
    e.send_bytes(b"setoption name USI_Variant value /tmp/caf\xe9.var\n\xe9\n");
    e.send("isready");
    let lines = e.until("readyok");
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("not UTF-8")).collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(
        errors[0].starts_with("info string error: line 2 is not UTF-8 (byte 0xe9 at column 42)")
    );
    e.send("position startpos");
    e.send("go depth 1");
    e.until("bestmove");
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn an_invalid_first_line_still_chooses_usi() {
    let mut e = Engine::start();
    e.send_bytes(b"\xff\xfe\n");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(lines[0].contains("not UTF-8"), "{lines:?}");
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn usi_long_lines_are_refused_with_a_short_echo() {
    let mut e = Engine::start();
    // 2 MB in one word: the error used to repeat all of it.
    let long = format!("frobnicate{}\n", "x".repeat(2 << 20));
    e.send_bytes(long.as_bytes());
    e.send("isready");
    let lines = e.until("readyok");
    assert_eq!(
        lines.len(),
        2,
        "{:?}",
        lines.iter().map(|l| l.len()).collect::<Vec<_>>()
    );
    assert!(lines[0].starts_with("info string error: line 1 is longer than 1048576 bytes"));
    assert!(lines[0].len() < 400, "{}", lines[0].len());
    // A long word under the bound is answered with a clipped echo too.
    e.send(&format!("frobnicate{}", "y".repeat(100_000)));
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines[0].contains("unknown command 'frobnicateyyy"),
        "{}",
        lines[0]
    );
    assert!(lines[0].len() < 500, "{}", lines[0].len());
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn usi_go_perft_can_be_stopped_and_answers_isready() {
    let mut e = Engine::start();
    // Taikyoku perft(7) would take days.
    e.send("position startpos");
    e.send("go perft 7");
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().any(|l| l == "info string perft stopped"),
        "{lines:?}"
    );
    // It still counts, and quit ends a running count.
    e.send("go perft 1");
    let lines = e.until("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 268");
    e.send("go perft 7");
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn usi_a_hash_that_cannot_be_allocated_becomes_an_error_and_a_smaller_table() {
    // 8 GB of address space: 65536 MB cannot be had, whatever the machine.
    let mut e = Engine::start_limited(8 << 20);
    e.send("setoption name USI_Hash value 65536");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().any(|l| l.starts_with(
            "info string error: option USI_Hash: cannot allocate 65536 MB for the hash table; it has"
        )),
        "{lines:?}"
    );
    e.send("usinewgame");
    e.send("position startpos");
    e.send("go depth 2");
    e.until("bestmove");
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn usi_a_big_hash_and_a_new_game() {
    let mut e = Engine::start();
    e.send("setoption name USI_Hash value 4096");
    e.send("setoption name USI_Variant value dai-dai");
    e.send("isready");
    e.until("readyok");
    e.send("usinewgame");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    e.send("position startpos");
    e.send("go depth 2");
    e.until("bestmove");
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn cecp_quit_works_in_edit_mode() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until("feature");
    e.send("edit");
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn cecp_bad_input_is_reported() {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    e.until("feature");
    e.send("ping 1");
    e.until("pong 1");
    e.send("variant daidai");
    e.send("force");
    // Not a pass: `@@@` must be followed by `@` or QBoard's number.
    e.send("usermove @@@x");
    e.send_bytes(b"usermove \xe9\n");
    e.send(&format!("usermove {}", "@".repeat(5000)));
    e.send("ping 2");
    let lines = e.until("pong 2");
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0].contains("Illegal move") && lines[0].ends_with("@@@x"),
        "{lines:?}"
    );
    assert!(lines[1].contains("not UTF-8"), "{lines:?}");
    assert!(
        lines[2].contains("Illegal move") && lines[2].len() < 600,
        "{lines:?}"
    );
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn positions_with_counts_near_two_to_the_64_are_refused() {
    let o = run(&[
        "perft",
        "--variant",
        "chu",
        "--depth",
        "3",
        "--position",
        "k11/12/12/12/7p18446744073709551615p4/12/12/12/12/12/12/7R3K b - 1",
    ]);
    clean_failure(&o, "rank e has more than 12 squares");
    let o = run(&[
        "show",
        "--variant",
        "dai-dai",
        "--position",
        "17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/K15k b - 01",
    ]);
    clean_failure(&o, "move number '01'");
}

#[test]
fn perft_threads_are_bounded() {
    let o = run(&["perft", "--threads", "18446744073709551615", "--depth", "1"]);
    clean_failure(&o, "not a number of threads from 1 to 256");
    let o = run(&["perft", "--threads", "0", "--depth", "1"]);
    clean_failure(&o, "from 1 to 256");
    let o = run(&["perft", "--depth", "65"]);
    clean_failure(&o, "65");
}

#[test]
fn variant_files_that_are_not_regular_files_are_refused() {
    let o = run(&["perft", "--variant-file", "/dev/zero", "--depth", "1"]);
    clean_failure(&o, "/dev/zero: cannot read: not a regular file");
    let fifo = Scratch::new("fifo");
    assert!(Command::new("mkfifo")
        .arg(fifo.path())
        .status()
        .unwrap()
        .success());
    let o = run(&["pieces", "--variant-file", fifo.arg()]);
    clean_failure(&o, "not a regular file");
    // Too big.
    let big = Scratch::new("big.var");
    std::fs::write(big.path(), "#".repeat(2 << 20)).unwrap();
    let o = run(&["pieces", "--variant-file", big.arg()]);
    clean_failure(&o, "more than a variant file may have");
    // Through USI too.
    let mut e = Engine::start();
    e.send("setoption name USI_Variant value /dev/zero");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(lines[0].contains("not a regular file"), "{lines:?}");
    e.send("quit");
    assert!(e.exits());
}

#[test]
fn positions_may_be_given_with_moves() {
    let o = run(&[
        "perft",
        "--variant",
        "dai-dai",
        "--depth",
        "1",
        "--position",
        "startpos moves 1l1k",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let n = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(n.starts_with("Nodes searched: "), "{n}");
    let o = run(&[
        "show",
        "--variant",
        "dai-dai",
        "--position",
        "startpos moves 1l1k",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("White to move, move 2"));
    let o = run(&[
        "eval",
        "--variant",
        "dai-dai",
        "--position",
        "startpos moves 1l1k 1a1b",
    ]);
    clean_failure(&o, "move 2 '1a1b'");
}

#[test]
fn match_waits_are_bounded() {
    // A margin of 2^64-1 ms used to overflow the deadline (a panic in the game's thread).
    for (flag, value) in [
        ("--margin", "18446744073709551615"),
        ("--move-timeout", "86401"),
    ] {
        let o = run(&[
            "match", "--engine", "cmd=a", "--engine", "cmd=b", "--depth", "1", flag, value,
        ]);
        clean_failure(&o, "at most one day");
    }
}
