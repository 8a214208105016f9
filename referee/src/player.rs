//! One engine process spoken to over USI or CECP (the XBoard protocol, see [`super::cecp`]), with
//! a timeout on every wait so that a broken engine can never hang the match runner.

use std::io::{BufReader, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use taikyoku_movegen::{Outcome, Variant};
use taikyoku_protocol::input::{clip, BadKind, LineReader};

use super::atsi::{Atsi, StepOrder};
use super::cecp::Cecp;
use super::play::TimeControl;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// USI (the default).
    Usi,
    /// CECP, the XBoard protocol (HaChu, QBoard engines).
    Cecp,
    /// ATSI, the Taikyoku site's protocol (tomatene; modern Taikyoku only).
    Atsi,
}

/// How to start an engine and set it up.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Name in reports.
    pub name: String,
    /// Program to run.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Engine options sent after the handshake (`name`, `value`): USI `setoption`, CECP
    /// `option NAME=VALUE`.
    pub options: Vec<(String, String)>,
    /// A fixed depth or node count for this engine alone, instead of the match's time
    /// control (as cutechess's per-engine `depth=` and `nodes=`).
    pub limit: Option<TimeControl>,
    /// The protocol it speaks.
    pub proto: Proto,
    /// Hash size in MB sent by CECP's `memory` command when the engine announces `memory=1`.
    pub memory: u32,
    /// ATSI: where a multi-step move's intermediate squares go (tomatene writes them last).
    pub steps: StepOrder,
}

impl EngineSpec {
    /// A USI engine with no options, named `name`, run as `cmd`.
    pub fn new(name: &str, cmd: &str) -> EngineSpec {
        EngineSpec {
            name: name.to_string(),
            cmd: cmd.to_string(),
            args: Vec::new(),
            options: Vec::new(),
            limit: None,
            proto: Proto::Usi,
            memory: 64,
            steps: StepOrder::Between,
        }
    }
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
    /// It refused a move of its opponent that the referee accepted (CECP `Illegal move`): the
    /// two disagree about the rules.
    Refused(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout(s) => write!(f, "timeout: {s}"),
            Failure::Crash(s) => write!(f, "crash: {s}"),
            Failure::Protocol(s) => write!(f, "protocol error: {s}"),
            Failure::Refused(s) => write!(f, "refused a move: {s}"),
        }
    }
}

/// The answer to a `go`.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The move in the project's notation (`resign` for a resignation). For a CECP move that
    /// could not be read, the engine's own text.
    pub bestmove: String,
    /// The last reported score (centipawns from the mover's side; mates as +-30000).
    pub score: Option<i32>,
    /// Time from sending `go` to receiving the move.
    pub elapsed: Duration,
    /// Why the move is not a legal move of the position, when the protocol layer already
    /// found out (a CECP move text that names no legal move).
    pub illegal: Option<String>,
}

/// What an engine is asked on its turn: the whole game so far and the clocks.
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The game's first position: `startpos` or a position in our notation.
    pub opening: &'a str,
    /// The moves played since, in our notation.
    pub moves: &'a [String],
    /// Time left on each clock, indexed by colour (Black = 0).
    pub clock: [Duration; 2],
    /// The time control this engine plays under (its own limit, or the match's).
    pub tc: TimeControl,
    /// How long to wait for the move.
    pub timeout: Duration,
    /// Index of the side to move (Black = 0).
    pub side: usize,
}

/// One line from the engine, or the end of its output.
pub(crate) enum Line {
    Text(String),
    /// A line longer than [`MAX_ENGINE_LINE`] (its start): the engine broke the protocol.
    TooLong(String),
    Eof,
}

/// The longest line accepted from an engine, in bytes (an `info ... pv` line of a long
/// Taikyoku variation is a few hundred bytes).
pub const MAX_ENGINE_LINE: usize = 16 << 10;

/// How many lines from an engine may wait to be read. When the queue is full the reader stops
/// reading, so the engine blocks on its output: an engine that floods its output cannot take
/// the runner's memory (at most this many lines of [`MAX_ENGINE_LINE`] bytes per engine).
pub const LINE_QUEUE: usize = 256;

/// How often a wait for a line looks whether the engine's process has exited: an engine that
/// exits while a process it started keeps its output open is a crash found within this, not a
/// loss on time after the whole move timeout (issue 66).
const EXIT_POLL: Duration = Duration::from_millis(100);

/// Once the engine's process has exited, how long a wait still waits for lines it wrote before
/// (the reader thread may not have passed them on yet) before calling it a crash.
const EXIT_GRACE: Duration = Duration::from_millis(300);

/// The process and its pipes. The engine runs in a process group of its own, so that killing
/// it also kills whatever it started (a wrapper script's engine); on Linux, what escapes the
/// group is ended too ([`super::orphans`]).
pub(crate) struct Conn {
    child: Child,
    /// How the engine's process ended, once a wait found out.
    exit: Option<ExitStatus>,
    /// Whether the engine is in the registry of [`super::orphans`] (until it is killed).
    #[cfg(target_os = "linux")]
    registered: bool,
    /// Lines to write: a writer thread sends them, so that an engine that stops reading its
    /// input cannot block the runner.
    tx: Sender<String>,
    rx: Receiver<Line>,
}

impl Conn {
    fn spawn(spec: &EngineSpec) -> Result<Conn, Failure> {
        let mut cmd = Command::new(&spec.cmd);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        #[cfg(target_os = "linux")]
        let started = super::orphans::spawn(&mut cmd);
        #[cfg(not(target_os = "linux"))]
        let started = cmd.spawn();
        let mut child =
            started.map_err(|e| Failure::Crash(format!("cannot start '{}': {e}", spec.cmd)))?;
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(&mut child);
            #[cfg(target_os = "linux")]
            reap_orphans(&child, &mut true);
            return Err(Failure::Crash("no pipes to the engine".into()));
        };
        let (line_tx, rx) = sync_channel(LINE_QUEUE);
        std::thread::spawn(move || {
            // Bounded lines; bytes that are not UTF-8 are replaced (the engine's text is only
            // ever compared with what the protocol allows).
            let reader = LineReader::with_max(BufReader::new(stdout), MAX_ENGINE_LINE);
            for line in reader {
                let line = match line {
                    Ok(l) => Line::Text(l),
                    Err(bad) if bad.kind == BadKind::NotUtf8 => Line::Text(bad.lossy),
                    Err(bad) => Line::TooLong(bad.text),
                };
                if line_tx.send(line).is_err() {
                    return;
                }
            }
            let _ = line_tx.send(Line::Eof);
        });
        let (tx, to_write) = channel::<String>();
        std::thread::spawn(move || {
            for line in to_write {
                if writeln!(stdin, "{line}")
                    .and_then(|_| stdin.flush())
                    .is_err()
                {
                    return;
                }
            }
        });
        Ok(Conn {
            child,
            exit: None,
            #[cfg(target_os = "linux")]
            registered: true,
            tx,
            rx,
        })
    }

    /// Sends one line (queued for the writer thread; an error once the engine's input is
    /// closed).
    pub(crate) fn send(&mut self, s: &str) -> Result<(), Failure> {
        self.tx
            .send(s.to_string())
            .map_err(|_| Failure::Crash("cannot write to the engine: its input is closed".into()))
    }

    /// The next line, waiting until `deadline`. The deadline holds even while lines keep
    /// arriving: an engine that talks without end still runs out of time. Every [`EXIT_POLL`]
    /// without a line, the engine's process is looked at: once it has exited, no line within
    /// [`EXIT_GRACE`] is a crash (its output may stay open in a process it started).
    pub(crate) fn next_line(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<String, Failure> {
        loop {
            let step = if self.exit.is_some() {
                EXIT_GRACE
            } else {
                EXIT_POLL
            };
            let until = deadline.min(Instant::now() + step);
            match recv_line(&self.rx, until, waiting_for) {
                Err(Failure::Timeout(_)) if until < deadline => {
                    if let Some(status) = self.exit {
                        return Err(Failure::Crash(format!(
                            "the engine exited ({status}) while we waited for {waiting_for}"
                        )));
                    }
                    if let Ok(Some(status)) = self.child.try_wait() {
                        self.exit = Some(status);
                    }
                }
                other => return other,
            }
        }
    }

    /// A line already received, if any (never waits); `Err` when the engine has exited or
    /// broke the protocol.
    pub(crate) fn pending_line(&mut self) -> Result<Option<String>, Failure> {
        match self.rx.try_recv() {
            Ok(line) => line_result(line, "a line").map(Some),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => line_result(Line::Eof, "a line").map(Some),
        }
    }

    fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Kills the engine's process group, and on Linux what escaped it ([`super::orphans`]).
    fn kill(&mut self) {
        kill_group(&mut self.child);
        #[cfg(target_os = "linux")]
        reap_orphans(&self.child, &mut self.registered);
    }
}

/// The next line from `rx`, waiting until `deadline`; past the deadline a timeout, even when
/// lines are waiting.
fn recv_line(rx: &Receiver<Line>, deadline: Instant, waiting_for: &str) -> Result<String, Failure> {
    let now = Instant::now();
    if now >= deadline {
        return Err(Failure::Timeout(format!("no {waiting_for}")));
    }
    match rx.recv_timeout(deadline - now) {
        Ok(line) => line_result(line, waiting_for),
        Err(RecvTimeoutError::Disconnected) => line_result(Line::Eof, waiting_for),
        Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout(format!("no {waiting_for}"))),
    }
}

/// A line as the protocol code sees it: its text, or the failure it means.
fn line_result(line: Line, waiting_for: &str) -> Result<String, Failure> {
    match line {
        Line::Text(l) => Ok(l),
        Line::TooLong(head) => Err(Failure::Protocol(format!(
            "a line longer than {MAX_ENGINE_LINE} bytes: '{head}'"
        ))),
        Line::Eof => Err(Failure::Crash(format!(
            "the engine exited while we waited for {waiting_for}"
        ))),
    }
}

/// Kills the engine's whole process group (the engine leads it: see [`Conn::spawn`]), then
/// the engine itself if that failed, and waits for it. (The group's id stays valid while any
/// member lives, also once the engine itself has been reaped.)
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals the process group; it touches no memory.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// After an engine has been killed and reaped: it leaves the registry (once: its pid may be a
/// new engine's next) and the orphans are ended.
#[cfg(target_os = "linux")]
fn reap_orphans(child: &Child, registered: &mut bool) {
    if std::mem::take(registered) {
        super::orphans::forget(child.id());
    }
    super::orphans::reap();
}

impl Drop for Conn {
    fn drop(&mut self) {
        // Also when the engine has exited: what it started may still run.
        self.kill();
    }
}

/// A running engine.
pub struct Player {
    /// Its setup.
    pub spec: EngineSpec,
    conn: Conn,
    cecp: Option<Cecp>,
    atsi: Option<Atsi>,
    /// USI: the `bestmove` line that answered the last `go`, if one was answered (to word the
    /// fault of a `bestmove` that arrives when no `go` is outstanding).
    last_bestmove: Option<String>,
    /// USI: what the engine called itself (`id name`) in the handshake.
    usi_id_name: Option<String>,
}

/// How much of a stray `bestmove` line a fault quotes.
const QUOTE: usize = 60;

/// The USI option that names the variant: the variant's id, or a file's path (`--variant-file`).
pub const USI_VARIANT: &str = "USI_Variant";

/// How long the handshake and `isready` may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

impl Player {
    /// Starts the engine and completes the handshake (USI or CECP) for `variant`.
    pub fn start(spec: &EngineSpec, variant: &Arc<Variant>) -> Result<Player, Failure> {
        let conn = Conn::spawn(spec)?;
        let mut p = Player {
            spec: spec.clone(),
            conn,
            cecp: None,
            atsi: None,
            last_bestmove: None,
            usi_id_name: None,
        };
        match spec.proto {
            Proto::Usi => {
                p.send("usi")?;
                p.usi_wait_for("usiok")?;
                // The variant by its id, unless the options name it (a variant file's path:
                // no engine knows a file's id).
                let own = spec
                    .options
                    .iter()
                    .any(|(name, _)| name.eq_ignore_ascii_case(USI_VARIANT));
                if !own {
                    p.send(&format!(
                        "setoption name {USI_VARIANT} value {}",
                        variant.id()
                    ))?;
                }
                for (name, value) in &spec.options {
                    p.send(&format!("setoption name {name} value {value}"))?;
                }
                p.ready()?;
            }
            Proto::Cecp => {
                p.cecp = Some(Cecp::handshake(&mut p.conn, spec, variant)?);
            }
            Proto::Atsi => {
                p.atsi = Some(Atsi::handshake(&mut p.conn, spec, variant)?);
            }
        }
        Ok(p)
    }

    /// What the engine called itself in the handshake: USI `id name`, CECP `myname` (None
    /// if it did not say, and for ATSI).
    pub fn id_name(&self) -> Option<String> {
        match &self.cecp {
            Some(c) => c.features.myname.clone(),
            None => self.usi_id_name.clone(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, s: &str) -> Result<(), Failure> {
        self.conn.send(s)
    }

    /// `isready` / `readyok` (USI); `ping` / `pong` for a CECP engine that announced `ping=1`.
    pub fn ready(&mut self) -> Result<(), Failure> {
        if self.atsi.is_some() {
            return Ok(()); // ATSI has no ping
        }
        match &mut self.cecp {
            Some(c) => c.sync(&mut self.conn).map(|_| ()),
            None => {
                self.send("isready")?;
                self.usi_wait_for("readyok")
            }
        }
    }

    /// USI: waits for a line beginning with `word` (`usiok`, `readyok`), skipping others; a
    /// `bestmove` among them is a protocol fault ([`Player::stray_bestmove`]).
    fn usi_wait_for(&mut self, word: &str) -> Result<(), Failure> {
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let l = self.conn.next_line(deadline, word)?;
            self.stray_bestmove(&l)?;
            if let Some(name) = l.trim().strip_prefix("id name ") {
                self.usi_id_name = Some(name.trim().to_string());
            }
            if l.split_whitespace().next() == Some(word) {
                return Ok(());
            }
        }
    }

    /// USI: `line` arrived while no `go` was outstanding. A `bestmove` then is a protocol fault
    /// (issue 66): before, one sent early was played as the engine's move and its real answer
    /// taken as the reply to the next `go`, and a repeated one was scored as an illegal move.
    fn stray_bestmove(&self, line: &str) -> Result<(), Failure> {
        if line.split_whitespace().next() != Some("bestmove") {
            return Ok(());
        }
        let stray = clip(line.trim(), QUOTE);
        Err(Failure::Protocol(match &self.last_bestmove {
            Some(last) => format!(
                "a second bestmove: '{stray}' after '{}', the answer to the last go",
                clip(last, QUOTE)
            ),
            None => format!("bestmove before go: '{stray}'"),
        }))
    }

    /// Prepares a new game.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        if let Some(a) = &mut self.atsi {
            a.new_game();
            return Ok(());
        }
        match &mut self.cecp {
            Some(c) => {
                c.new_game();
                Ok(())
            }
            None => {
                self.send("usinewgame")?;
                self.ready()
            }
        }
    }

    /// Asks for a move on `turn` and waits up to `turn.timeout` for it.
    pub fn go(&mut self, turn: &Turn) -> Result<Reply, Failure> {
        if let Some(c) = &mut self.cecp {
            return c.go(&mut self.conn, turn);
        }
        if let Some(a) = &mut self.atsi {
            return a.go(&mut self.conn, turn);
        }
        let head = if turn.opening.trim() == "startpos" {
            "position startpos".to_string()
        } else {
            format!("position sfen {}", turn.opening.trim())
        };
        let position = if turn.moves.is_empty() {
            head
        } else {
            format!("{head} moves {}", turn.moves.join(" "))
        };
        let [b, w] = turn.clock.map(|c| c.as_millis());
        let go = match turn.tc {
            TimeControl::Fischer { inc, .. } => {
                let i = inc.as_millis();
                format!("go btime {b} wtime {w} binc {i} winc {i}")
            }
            TimeControl::Byoyomi { byoyomi, .. } => {
                format!("go btime {b} wtime {w} byoyomi {}", byoyomi.as_millis())
            }
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
        };
        self.usi_go(&position, &go, turn.timeout)
    }

    fn usi_go(&mut self, position: &str, go: &str, timeout: Duration) -> Result<Reply, Failure> {
        // A synchronisation point before each `go`: the engine answers `isready` after
        // everything it wrote before reading it, so a `bestmove` it wrote after its last move
        // (a second answer to the last `go`) arrives before `readyok`, however late the pipe
        // delivers it, and is a fault, never the answer to the `go` about to be sent. (Reading
        // only what had arrived lost that race on a loaded machine.)
        self.send("isready")?;
        self.usi_wait_for("readyok")?;
        self.send(position)?;
        let start = Instant::now();
        self.send(go)?;
        let deadline = start + timeout;
        let mut score = None;
        loop {
            let l = self.conn.next_line(deadline, "bestmove")?;
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
                                score = Some(if m > 0 {
                                    30_000i32.saturating_sub(m)
                                } else {
                                    (-30_000i32).saturating_sub(m)
                                })
                            }
                            _ => {}
                        }
                    }
                }
                Some(&"bestmove") => {
                    let Some(m) = words.get(1) else {
                        return Err(Failure::Protocol("'bestmove' without a move".into()));
                    };
                    self.last_bestmove = Some(l.trim().to_string());
                    return Ok(Reply {
                        bestmove: m.to_string(),
                        score,
                        elapsed: start.elapsed(),
                        illegal: None,
                    });
                }
                _ => {}
            }
        }
    }

    /// Tells the engine how the game ended (CECP `result`, ATSI `win`/`loss`/`draw`; nothing
    /// for USI).
    pub fn game_over(&mut self, outcome: &Outcome, reason: &str) {
        if let Some(c) = &mut self.cecp {
            c.game_over(&mut self.conn, outcome, reason);
        }
        if let Some(a) = &mut self.atsi {
            a.game_over(&mut self.conn, outcome);
        }
    }

    /// Ends the process (politely, then by force).
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if self.conn.exited() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Kills the process at once.
    pub fn kill(&mut self) {
        self.conn.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that keeps talking still runs out of time (issue 10: the deadline was checked
    /// only while waiting, so a queue that never ran dry never timed out).
    #[test]
    fn the_deadline_holds_while_lines_keep_arriving() {
        let (tx, rx) = sync_channel(LINE_QUEUE);
        for _ in 0..3 {
            tx.send(Line::Text("info depth 1".into())).unwrap();
        }
        let future = Instant::now() + Duration::from_secs(3600);
        assert_eq!(recv_line(&rx, future, "bestmove").unwrap(), "info depth 1");
        let past = Instant::now();
        match recv_line(&rx, past, "bestmove") {
            Err(Failure::Timeout(w)) => assert_eq!(w, "no bestmove"),
            other => panic!("{other:?}"),
        }
        // The lines are still there for a later wait with time left.
        assert_eq!(recv_line(&rx, future, "bestmove").unwrap(), "info depth 1");
    }

    /// A line over the bound is a protocol error; the end of output a crash.
    #[test]
    fn long_lines_and_the_end_of_output() {
        let (tx, rx) = sync_channel(LINE_QUEUE);
        let future = Instant::now() + Duration::from_secs(3600);
        tx.send(Line::TooLong("info x".into())).unwrap();
        assert!(matches!(
            recv_line(&rx, future, "bestmove"),
            Err(Failure::Protocol(e)) if e.contains("longer than")
        ));
        drop(tx);
        assert!(matches!(
            recv_line(&rx, future, "bestmove"),
            Err(Failure::Crash(_))
        ));
    }
}
