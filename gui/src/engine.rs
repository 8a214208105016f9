//! One USI engine as a child process: its standard input fed from a bounded queue, its output
//! read line by line (each line bounded in length) into the owning session's event channel.
//!
//! The session owns the [`EngineProcess`]; every event carries the process's generation so
//! that lines or an exit from a process that was already replaced are recognised and dropped.
//! Each engine runs in a process group of its own, which is killed when the engine ends (with
//! whatever it started: a wrapper script's engine), and is listed in the server's
//! [`EngineRegistry`] until it has been reaped, so that the server can count its engines and end
//! them all when it stops.

use std::collections::HashSet;
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::{mpsc, watch};

/// The longest engine output line kept; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 64 * 1024;

/// Lines waiting to be written to the engine; a full queue means the engine stopped reading.
const INPUT_QUEUE: usize = 64;

/// How long an engine asked to `quit` has before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_secs(2);

/// What an engine process reports to its session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineEvent {
    /// One line of output.
    Line {
        /// The process generation.
        generation: u64,
        /// The line, without its end.
        text: String,
    },
    /// The engine closed its output (it exited, or is about to).
    Closed {
        /// The process generation.
        generation: u64,
    },
}

/// The engine processes (their process groups) a server has started and not yet reaped.
#[derive(Debug, Default)]
pub struct EngineRegistry {
    live: Mutex<HashSet<u32>>,
}

impl EngineRegistry {
    /// How many engine processes are alive (started and not yet reaped).
    pub fn live(&self) -> usize {
        self.lock().len()
    }

    /// Kills every engine's process group at once (the server is stopping).
    pub fn kill_all(&self) {
        for &pid in self.lock().iter() {
            kill_group(pid);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<u32>> {
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// How a running engine is to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// Not asked to end.
    Run,
    /// Asked to `quit`: killed after [`QUIT_GRACE`].
    Quit,
    /// Killed at once.
    Kill,
}

/// A running engine process.
pub struct EngineProcess {
    generation: u64,
    input: mpsc::Sender<String>,
    ending: watch::Sender<Ending>,
    /// The exit status once the process has been reaped.
    ended: watch::Receiver<Option<String>>,
}

impl EngineProcess {
    /// Starts `command` (program and arguments) as generation `generation` in a process group
    /// of its own, reporting its output to `events` and listing it in `registry` until it has
    /// been reaped. Must be called inside a Tokio runtime.
    pub fn spawn(
        command: &[String],
        generation: u64,
        events: mpsc::Sender<EngineEvent>,
        registry: &Arc<EngineRegistry>,
    ) -> Result<EngineProcess, String> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| "no engine command".to_string())?;
        let name = std::path::Path::new(program)
            .file_name()
            .map_or_else(|| program.clone(), |n| n.to_string_lossy().into_owned());
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start the engine '{name}': {e}"))?;
        let pid = child.id().unwrap_or(0);
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(pid);
            return Err("the engine process has no pipes".into());
        };
        registry.lock().insert(pid);
        let (input, mut lines) = mpsc::channel::<String>(INPUT_QUEUE);
        tokio::spawn(async move {
            while let Some(line) = lines.recv().await {
                let mut bytes = line.into_bytes();
                bytes.push(b'\n');
                if stdin.write_all(&bytes).await.is_err() || stdin.flush().await.is_err() {
                    break;
                }
            }
        });
        tokio::spawn(async move {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(text)) = read_line_bounded(&mut reader, MAX_LINE).await {
                if events
                    .send(EngineEvent::Line { generation, text })
                    .await
                    .is_err()
                {
                    return;
                }
            }
            let _ = events.send(EngineEvent::Closed { generation }).await;
        });
        let (ending, ending_rx) = watch::channel(Ending::Run);
        let (ended_tx, ended) = watch::channel(None);
        let registry = registry.clone();
        tokio::spawn(async move {
            let status = reap(&mut child, pid, ending_rx).await;
            // Whatever the engine started goes with it.
            kill_group(pid);
            registry.lock().remove(&pid);
            let _ = ended_tx.send(Some(status));
        });
        Ok(EngineProcess {
            generation,
            input,
            ending,
            ended,
        })
    }

    /// The generation this process was started as.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Queues one line for the engine; an error when the engine has stopped reading its input
    /// (the queue is full) or has gone.
    pub fn send(&self, line: &str) -> Result<(), String> {
        self.input.try_send(line.to_string()).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => "the engine stopped reading its input".into(),
            mpsc::error::TrySendError::Closed(_) => "the engine's input is closed".into(),
        })
    }

    /// How the process ended, once it has been reaped: `exit status: 3`, `signal: 9`.
    pub fn exit_status(&self) -> Option<String> {
        self.ended.borrow().clone()
    }

    /// Whether the process has ended and been reaped.
    pub fn has_ended(&self) -> bool {
        self.ended.borrow().is_some()
    }

    /// Asks the engine to quit, and kills it after [`QUIT_GRACE`] if it has not (a
    /// well-behaved engine has had its `quit`; one that ignores it must not outlive its page).
    pub fn quit(&self) {
        let _ = self.send("quit");
        self.ending.send_if_modified(|e| {
            let ask = *e == Ending::Run;
            if ask {
                *e = Ending::Quit;
            }
            ask
        });
    }

    /// Kills the process (and its group) at once.
    pub fn kill(&self) {
        let _ = self.ending.send(Ending::Kill);
    }
}

impl Drop for EngineProcess {
    /// An engine nobody holds is killed.
    fn drop(&mut self) {
        if !self.has_ended() && *self.ending.borrow() == Ending::Run {
            self.kill();
        }
    }
}

/// Waits for the child to exit, ending it as `ending` asks; its exit status in words.
async fn reap(child: &mut Child, pid: u32, mut ending: watch::Receiver<Ending>) -> String {
    let describe = |s: std::io::Result<std::process::ExitStatus>| match s {
        Ok(s) => s.to_string(),
        Err(e) => format!("unknown end ({e})"),
    };
    // Running: until it exits, or is asked to end (an owner gone without a word kills it).
    loop {
        let now = *ending.borrow_and_update();
        if now != Ending::Run {
            break;
        }
        tokio::select! {
            s = child.wait() => return describe(s),
            changed = ending.changed() => {
                if changed.is_err() {
                    break;
                }
            }
        }
    }
    // Asked to quit: the grace time, unless told to kill meanwhile.
    if *ending.borrow() == Ending::Quit {
        let grace = tokio::time::sleep(QUIT_GRACE);
        tokio::pin!(grace);
        let mut open = true;
        loop {
            tokio::select! {
                s = child.wait() => return describe(s),
                _ = &mut grace => break,
                changed = ending.changed(), if open => match changed {
                    Err(_) => open = false,
                    Ok(()) if *ending.borrow() == Ending::Kill => break,
                    Ok(()) => {}
                },
            }
        }
    }
    kill_group(pid);
    describe(child.wait().await)
}

/// Sends SIGKILL to the process group `pid` leads (nothing for pid 0).
fn kill_group(pid: u32) {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return;
    };
    if pid > 0 {
        // SAFETY: kill(2) with a negative pid signals a process group; it touches no memory.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// Reads one line of at most `max` bytes (the rest of a longer line is skipped), decoded
/// lossily so that output that is not UTF-8 cannot stop the reader. `None` at the end.
pub async fn read_line_bounded<R: tokio::io::AsyncBufRead + Unpin>(
    reader: &mut R,
    max: usize,
) -> std::io::Result<Option<String>> {
    let mut line = Vec::new();
    let mut seen_any = false;
    loop {
        let buf = reader.fill_buf().await?;
        if buf.is_empty() {
            return Ok(seen_any.then(|| decode(&line)));
        }
        seen_any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = newline.map_or(buf.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            return Ok(Some(decode(&line)));
        }
    }
}

fn decode(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .trim_end_matches('\r')
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn lines(input: &[u8], max: usize) -> Vec<String> {
        let mut r = BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        while let Some(l) = read_line_bounded(&mut r, max).await.unwrap() {
            out.push(l);
        }
        out
    }

    #[tokio::test]
    async fn lines_are_split_bounded_and_decoded() {
        assert_eq!(
            lines(b"usiok\r\nreadyok\n", 100).await,
            ["usiok", "readyok"]
        );
        assert_eq!(lines(b"abcdefghij\nxy", 3).await, ["abc", "xy"]);
        assert_eq!(lines(b"\xff\xfeok\n", 100).await, ["\u{fffd}\u{fffd}ok"]);
        assert!(lines(b"", 10).await.is_empty());
        assert_eq!(lines(b"\n\n", 10).await, ["", ""]);
    }

    #[tokio::test]
    async fn a_missing_program_is_reported() {
        let registry = Arc::new(EngineRegistry::default());
        let (tx, _rx) = mpsc::channel(4);
        let e = EngineProcess::spawn(&["/nonexistent/engine".into()], 1, tx, &registry)
            .err()
            .unwrap();
        assert_eq!(
            e, "cannot start the engine 'engine': No such file or directory (os error 2)",
            "the page is told the program's name, not where it is"
        );
        let (tx, _rx) = mpsc::channel(4);
        assert!(EngineProcess::spawn(&[], 1, tx, &registry).is_err());
        assert_eq!(registry.live(), 0);
    }

    #[tokio::test]
    async fn an_engine_ends_with_everything_it_started() {
        let registry = Arc::new(EngineRegistry::default());
        let (tx, mut rx) = mpsc::channel(16);
        // A wrapper that starts a child in its group and ignores `quit`.
        let cmd = [
            "sh",
            "-c",
            "sleep 600 & echo started; while read l; do :; done; sleep 600",
        ];
        let cmd: Vec<String> = cmd.iter().map(|s| s.to_string()).collect();
        let p = EngineProcess::spawn(&cmd, 1, tx, &registry).unwrap();
        let first = rx.recv().await.unwrap();
        assert_eq!(
            first,
            EngineEvent::Line {
                generation: 1,
                text: "started".into()
            }
        );
        assert_eq!(registry.live(), 1);
        let pid = {
            let live = registry.lock();
            *live.iter().next().unwrap()
        };
        p.quit();
        let mut ended = p.ended.clone();
        tokio::time::timeout(QUIT_GRACE * 3, ended.wait_for(Option::is_some))
            .await
            .expect("killed after the grace time")
            .unwrap();
        assert_eq!(registry.live(), 0);
        // SIGKILL is delivered asynchronously: the child goes within moments.
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while !group_members(pid).is_empty() && std::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(
            group_members(pid).is_empty(),
            "the wrapper's child was killed with it"
        );
    }

    /// The processes of group `pgid` that are not zombies (an orphaned zombie waits for a
    /// reaper that a container may not have; it runs no more).
    fn group_members(pgid: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its ')'.
            let Some((head, rest)) = stat.rsplit_once(')') else {
                continue;
            };
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let pid = head.split_whitespace().next().and_then(|p| p.parse().ok());
            if let (Some(pid), Some(&state), Some(pgrp)) = (pid, fields.first(), fields.get(2)) {
                if state != "Z" && pgrp.parse() == Ok(pgid) {
                    out.push(pid);
                }
            }
        }
        out
    }
}
