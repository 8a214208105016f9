//! Protocol input read safely: lines of bounded length, and bytes that are not UTF-8 reported as
//! an error instead of ending the loop. Both protocol loops (USI and CECP) read through
//! [`LineReader`], and every error that echoes input clips it with [`clip`].
//!
//! Why: a GUI's line is read whole before it is parsed, so an endless line would take memory
//! without bound (about four times the line: the bytes, the string, the split words), and one
//! Latin-1 byte (a file name in `setoption`) used to end the engine silently.

use std::io::{BufRead, ErrorKind};

/// The longest input line accepted, in bytes (1 MiB: a `position ... moves` line of a
/// 10,000-ply Taikyoku game is about 100 KB). Longer lines are reported and ignored.
pub const MAX_LINE: usize = 1 << 20;

/// How many characters of a line an error message repeats.
pub const MAX_ECHO: usize = 120;

/// What is wrong with a [`BadLine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadKind {
    /// Longer than the reader's bound.
    TooLong,
    /// Not UTF-8.
    NotUtf8,
}

/// A line that cannot be used: what is wrong with it, and (the start of) its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// What is wrong.
    pub kind: BadKind,
    /// What is wrong, in words, with the line's number (`line 3 is not UTF-8 ...`).
    pub reason: String,
    /// The line's text (invalid bytes replaced), clipped to [`MAX_ECHO`] characters.
    pub text: String,
    /// The whole line with invalid bytes replaced (for a line that is too long: its start, as
    /// `text`).
    pub lossy: String,
}

/// `text` cut to at most `max` characters, with `...` when something was cut.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((at, _)) => format!("{}...", &text[..at]),
    }
}

/// Reads lines of at most [`MAX_LINE`] bytes (or another bound) from a byte stream. Memory use
/// stays within the bound whatever the input: the part of a longer line past the bound is
/// read and dropped.
pub struct LineReader<R> {
    input: R,
    max: usize,
    number: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of lines of at most [`MAX_LINE`] bytes.
    pub fn new(input: R) -> LineReader<R> {
        LineReader::with_max(input, MAX_LINE)
    }

    /// A reader of lines of at most `max` bytes.
    pub fn with_max(input: R, max: usize) -> LineReader<R> {
        LineReader {
            input,
            max,
            number: 0,
            buf: Vec::new(),
        }
    }

    /// The next line without its line ending (`\n` or `\r\n`), a [`BadLine`] for a line that
    /// is too long or not UTF-8, or `None` at the end of input (or when reading fails: the GUI
    /// has gone).
    pub fn next_line(&mut self) -> Option<Result<String, BadLine>> {
        self.buf.clear();
        let mut length = 0usize;
        let mut ended = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            if chunk.is_empty() {
                break;
            }
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = (self.max + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            length = length.saturating_add(take);
            self.input.consume(if done { take + 1 } else { take });
            if done {
                ended = true;
                break;
            }
        }
        if !ended && length == 0 {
            return None;
        }
        self.number += 1;
        if self.buf.last() == Some(&b'\r') && length <= self.max {
            self.buf.pop();
            length -= 1;
        }
        if length > self.max {
            self.buf.truncate(self.max);
            let text = clip(&String::from_utf8_lossy(&self.buf), MAX_ECHO);
            let bad = BadLine {
                kind: BadKind::TooLong,
                reason: format!(
                    "line {} is longer than {} bytes ({length} bytes): ignored",
                    self.number, self.max
                ),
                lossy: text.clone(),
                text,
            };
            self.buf = Vec::new(); // give the memory back
            return Some(Err(bad));
        }
        match std::str::from_utf8(&self.buf) {
            Ok(s) => Some(Ok(s.to_string())),
            Err(e) => {
                let at = e.valid_up_to();
                let lossy = String::from_utf8_lossy(&self.buf).into_owned();
                Some(Err(BadLine {
                    kind: BadKind::NotUtf8,
                    reason: format!(
                        "line {} is not UTF-8 (byte 0x{:02x} at column {}): ignored",
                        self.number,
                        self.buf[at],
                        at + 1
                    ),
                    text: clip(&lossy, MAX_ECHO),
                    lossy,
                }))
            }
        }
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = Result<String, BadLine>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_line()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Read};

    fn lines(input: &[u8], max: usize) -> Vec<Result<String, BadLine>> {
        LineReader::with_max(Cursor::new(input.to_vec()), max).collect()
    }

    #[test]
    fn ordinary_lines_and_endings() {
        let got = lines(b"usi\r\nisready\n\nquit", 100);
        let got: Vec<String> = got.into_iter().map(Result::unwrap).collect();
        assert_eq!(got, ["usi", "isready", "", "quit"]);
        assert!(lines(b"", 100).is_empty());
        assert_eq!(lines(b"\n", 100), vec![Ok(String::new())]);
    }

    #[test]
    fn invalid_utf8_is_an_error_and_reading_goes_on() {
        let got = lines(b"isready\n\xe9t\xe9\nisready\n", 100);
        assert_eq!(got[0], Ok("isready".into()));
        let bad = got[1].clone().unwrap_err();
        assert!(bad.reason.contains("line 2 is not UTF-8"), "{bad:?}");
        assert!(bad.reason.contains("0xe9 at column 1"), "{bad:?}");
        assert_eq!(got[2], Ok("isready".into()));
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn long_lines_are_cut_reported_and_skipped() {
        let mut input = vec![b'x'; 10_000];
        input.extend_from_slice(b"\nisready\n");
        let got = lines(&input, 1000);
        let bad = got[0].clone().unwrap_err();
        assert!(bad.reason.contains("longer than 1000 bytes (10000 bytes)"));
        assert_eq!(bad.text.chars().count(), MAX_ECHO + 3);
        assert_eq!(got[1], Ok("isready".into()));
        // Exactly at the bound is fine, one more byte is not.
        assert!(lines(&[b'y'; 1000], 1000)[0].is_ok());
        assert!(lines(&[b'y'; 1001], 1000)[0].is_err());
    }

    /// A line far longer than the bound is read through to its end (in bounded memory: the
    /// reader keeps at most the bound) and counted.
    #[test]
    fn an_endless_line_takes_bounded_memory() {
        let endless = std::io::repeat(b'z').take(50_000_000);
        let mut r = LineReader::with_max(BufReader::with_capacity(1 << 16, endless), 4096);
        let bad = r.next_line().unwrap().unwrap_err();
        assert!(bad.reason.contains("(50000000 bytes)"), "{bad:?}");
        assert!(r.next_line().is_none());
    }

    #[test]
    fn clip_counts_characters() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("abcdef", 3), "abc...");
        assert_eq!(clip("ééé", 2), "éé...");
    }
}
