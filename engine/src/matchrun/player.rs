//! One engine process spoken to over USI, with a timeout on every wait so that a broken engine
//! can never hang the match runner.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How to start an engine and set it up.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Name in reports.
    pub name: String,
    /// Program to run.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// USI options sent after the handshake (`name`, `value`).
    pub options: Vec<(String, String)>,
    /// A fixed depth or node count for this engine alone, instead of the match's time
    /// control (as cutechess's per-engine `depth=` and `nodes=`).
    pub limit: Option<super::play::TimeControl>,
}

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It did not answer in time.
    Timeout(String),
    /// Its process ended (or could not be started).
    Crash(String),
    /// It answered something the protocol does not allow.
    Protocol(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout(s) => write!(f, "timeout: {s}"),
            Failure::Crash(s) => write!(f, "crash: {s}"),
            Failure::Protocol(s) => write!(f, "protocol error: {s}"),
        }
    }
}

/// The answer to a `go`.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The move string after `bestmove`.
    pub bestmove: String,
    /// The last reported score (centipawns from the mover's side; mates as +-30000).
    pub score: Option<i32>,
    /// Time from sending `go` to receiving `bestmove`.
    pub elapsed: Duration,
}

enum Line {
    Text(String),
    Eof,
}

/// A running engine.
pub struct Player {
    /// Its setup.
    pub spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Line>,
}

/// How long the handshake and `isready` may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

impl Player {
    /// Starts the engine and completes the USI handshake for `variant`.
    pub fn start(spec: &EngineSpec, variant: &str) -> Result<Player, Failure> {
        let mut child = Command::new(&spec.cmd)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Crash(format!("cannot start '{}': {e}", spec.cmd)))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(Line::Text(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(Line::Eof);
        });
        let mut p = Player {
            spec: spec.clone(),
            child,
            stdin,
            rx,
        };
        p.send("usi")?;
        p.wait_for("usiok", HANDSHAKE_TIMEOUT)?;
        p.send(&format!("setoption name USI_Variant value {variant}"))?;
        for (name, value) in &spec.options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        p.ready()?;
        Ok(p)
    }

    /// Sends one line.
    pub fn send(&mut self, s: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{s}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| Failure::Crash(format!("cannot write to the engine: {e}")))
    }

    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Failure> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(left) {
            Ok(Line::Text(l)) => Ok(l),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => Err(Failure::Crash(format!(
                "the engine exited while we waited for {waiting_for}"
            ))),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout(format!("no {waiting_for}"))),
        }
    }

    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<(), Failure> {
        let deadline = Instant::now() + timeout;
        loop {
            let l = self.next_line(deadline, word)?;
            if l.split_whitespace().next() == Some(word) {
                return Ok(());
            }
        }
    }

    /// `isready` / `readyok`.
    pub fn ready(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_TIMEOUT)
    }

    /// Prepares a new game.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send("usinewgame")?;
        self.ready()
    }

    /// Sends the position and the `go` command and waits up to `timeout` for `bestmove`.
    pub fn go(&mut self, position: &str, go: &str, timeout: Duration) -> Result<Reply, Failure> {
        self.send(position)?;
        let start = Instant::now();
        self.send(go)?;
        let deadline = start + timeout;
        let mut score = None;
        loop {
            let l = self.next_line(deadline, "bestmove")?;
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.first() {
                Some(&"info") => {
                    if let Some(i) = words.iter().position(|&w| w == "score") {
                        match (
                            words.get(i + 1),
                            words.get(i + 2).and_then(|v| v.parse::<i32>().ok()),
                        ) {
                            (Some(&"cp"), Some(v)) => score = Some(v),
                            (Some(&"mate"), Some(m)) => {
                                score = Some(if m > 0 { 30_000 - m } else { -30_000 - m })
                            }
                            _ => {}
                        }
                    }
                }
                Some(&"bestmove") => {
                    let Some(m) = words.get(1) else {
                        return Err(Failure::Protocol("'bestmove' without a move".into()));
                    };
                    return Ok(Reply {
                        bestmove: m.to_string(),
                        score,
                        elapsed: start.elapsed(),
                    });
                }
                _ => {}
            }
        }
    }

    /// Ends the process (politely, then by force).
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Kills the process at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
