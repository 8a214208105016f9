//! The session's side of its engine process: the process (and the one before it, still
//! ending), where it is in its life, what it offered in its handshake, the options it has now,
//! and the searches that have not had their `bestmove`. What the page sees of it is the
//! session's business; this module knows nothing of the game.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::mpsc;

use super::{Search, Status, RESTART_GAP};
use crate::engine::{EngineEvent, EngineProcess, EngineRegistry};
use crate::messages::FULL_SKILL;

/// One page's engine, as the session drives it.
pub(super) struct EngineLink {
    process: Option<EngineProcess>,
    /// The previous engine, asked to end: the next one starts only when it has.
    retiring: Option<EngineProcess>,
    /// The earliest time the next engine may start.
    next_start: Instant,
    registry: Arc<EngineRegistry>,
    events: mpsc::Sender<EngineEvent>,
    /// Counts the processes started: events of an earlier one are ignored.
    pub generation: u64,
    pub status: Status,
    /// Its `id name`.
    pub name: String,
    /// What it offered in its handshake.
    pub offers: Offers,
    /// The `Skill Level` it has (full strength until the session sets another).
    pub skill: u8,
    /// The `MultiPV` it has (one line until the session sets another).
    pub multipv: u8,
    /// The `go`s that have not had their `bestmove` yet, oldest first.
    pub searches: VecDeque<Search>,
}

/// The options an engine offered that the session uses.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Offers {
    pub variant: bool,
    pub skill: bool,
    pub multipv: bool,
}

impl EngineLink {
    /// No engine yet; its events are to be sent to `events`, its processes listed in
    /// `registry`.
    pub fn new(registry: Arc<EngineRegistry>, events: mpsc::Sender<EngineEvent>) -> EngineLink {
        EngineLink {
            process: None,
            retiring: None,
            next_start: Instant::now(),
            registry,
            events,
            generation: 0,
            status: Status::Off,
            name: String::new(),
            offers: Offers::default(),
            skill: FULL_SKILL,
            multipv: 1,
            searches: VecDeque::new(),
        }
    }

    /// The process, if one runs.
    pub fn process(&self) -> Option<&EngineProcess> {
        self.process.as_ref()
    }

    /// The search that is running and wanted, if any.
    pub fn active(&self) -> Option<&Search> {
        self.searches.iter().find(|s| !s.cancelled)
    }

    /// Sends a line to the process (nothing without one).
    pub fn send(&self, line: &str) -> Result<(), String> {
        match &self.process {
            Some(p) => p.send(line),
            None => Ok(()),
        }
    }

    /// The process ends (asked to quit, or killed at once) and is kept until it has, so that
    /// the next one waits for it; a process still retiring from before is killed.
    pub fn retire(&mut self, kill: bool) {
        let Some(p) = self.process.take() else {
            return;
        };
        if kill {
            p.kill();
        } else {
            p.quit();
        }
        if let Some(old) = self.retiring.replace(p) {
            old.kill();
        }
    }

    /// Forgets the process's searches and ends it; its later events are ignored. The next
    /// one starts from `status` with what a new process has (no offers, full strength, one
    /// line).
    pub fn reset(&mut self, kill: bool, status: Status) {
        self.retire(kill);
        self.searches.clear();
        self.generation += 1;
        self.name.clear();
        self.offers = Offers::default();
        self.skill = FULL_SKILL;
        self.multipv = 1;
        self.status = status;
    }

    /// Whether a process [`Status::Starting`] may start now: the previous one has ended and
    /// the restart gap has passed.
    pub fn may_start(&mut self, now: Instant) -> bool {
        if self.status != Status::Starting || now < self.next_start {
            return false;
        }
        if self.retiring.as_ref().is_some_and(|p| !p.has_ended()) {
            return false;
        }
        self.retiring = None;
        true
    }

    /// Starts the process `command`; the next start is a restart gap away.
    pub fn spawn(&mut self, command: &[String], now: Instant) -> Result<(), String> {
        self.next_start = now + RESTART_GAP;
        let p = EngineProcess::spawn(
            command,
            self.generation,
            self.events.clone(),
            &self.registry,
        )?;
        self.process = Some(p);
        Ok(())
    }
}
