//! One engine spoken to over USI, CECP (the XBoard protocol, [`super::cecp`]) or ATSI
//! ([`super::atsi`]): the handshake, a new game, a move asked for and read; every wait through
//! [`super::conn`], with a deadline, so that a broken engine can never hang the match runner.

use std::sync::Arc;
use std::time::{Duration, Instant};

use taikyoku_movegen::{Outcome, Variant};
use taikyoku_protocol::input::clip;

use super::atsi::Atsi;
use super::cecp::Cecp;
use super::clock::TimeControl;
use super::conn::{Conn, Failure, HANDSHAKE_TIMEOUT};
use super::spec::{EngineSpec, Proto};
use super::turn::{Reply, Turn};

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
