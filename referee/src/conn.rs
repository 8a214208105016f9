//! One engine process and its pipes: lines in and out through threads, every wait with a
//! deadline, and the failures a wait can end in, so that a broken engine can never hang the
//! match runner.

use std::io::{BufReader, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};

use taikyoku_protocol::input::{BadKind, LineReader};

use super::spec::EngineSpec;

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

/// How long the handshake and `isready` may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

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
    pub(crate) fn spawn(spec: &EngineSpec) -> Result<Conn, Failure> {
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

    pub(crate) fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Kills the engine's process group, and on Linux what escaped it ([`super::orphans`]).
    pub(crate) fn kill(&mut self) {
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
