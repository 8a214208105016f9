//! One USI engine as a child process: its standard input fed from a bounded queue, its output
//! read line by line (each line bounded in length) into the owning session's event channel.
//!
//! The session owns the [`EngineProcess`]; every event carries the process's generation so
//! that lines or an exit from a process that was already replaced are recognised and dropped.

use std::process::Stdio;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::mpsc;

/// The longest engine output line kept; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 64 * 1024;

/// Lines waiting to be written to the engine; a full queue means the engine stopped reading.
const INPUT_QUEUE: usize = 64;

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

/// A running engine process.
pub struct EngineProcess {
    generation: u64,
    child: Child,
    input: mpsc::Sender<String>,
}

impl EngineProcess {
    /// Starts `command` (program and arguments) as generation `generation`, reporting its
    /// output to `events`. Must be called inside a Tokio runtime.
    pub fn spawn(
        command: &[String],
        generation: u64,
        events: mpsc::Sender<EngineEvent>,
    ) -> Result<EngineProcess, String> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| "no engine command".to_string())?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start the engine '{program}': {e}"))?;
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("the engine process has no pipes".into());
        };
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
        Ok(EngineProcess {
            generation,
            child,
            input,
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

    /// How the process ended, if it has: `exit status 3`, `signal 9`.
    pub fn exit_status(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// Asks the engine to quit, then kills it (a well-behaved engine has had its `quit`; one
    /// that ignores it must not outlive its page).
    pub fn shut_down(mut self) {
        let _ = self.send("quit");
        tokio::spawn(async move {
            let wait = tokio::time::timeout(std::time::Duration::from_secs(2), self.child.wait());
            if wait.await.is_err() {
                let _ = self.child.start_kill();
                let _ = self.child.wait().await;
            }
        });
    }

    /// Kills the process at once.
    pub fn kill(mut self) {
        let _ = self.child.start_kill();
        tokio::spawn(async move {
            let _ = self.child.wait().await;
        });
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
        let (tx, _rx) = mpsc::channel(4);
        let e = EngineProcess::spawn(&["/nonexistent/engine".into()], 1, tx)
            .err()
            .unwrap();
        assert!(e.contains("cannot start the engine"), "{e}");
        let (tx, _rx) = mpsc::channel(4);
        assert!(EngineProcess::spawn(&[], 1, tx).is_err());
    }
}
