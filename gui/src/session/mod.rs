//! One page's session: its game, its settings and its own engine process, driven by three
//! kinds of events (a message from the page, a line from the engine, a clock tick) and
//! answering with messages for the page. Everything is owned by the connection's task, so two
//! pages never share state.
//!
//! The engine is spoken to over USI. A search is asked for whenever the settings say the
//! engine should be thinking (its turn to play, or analysis of the shown position); when the
//! game changes under a running search, the search is stopped and its `bestmove` ignored
//! before the next `position`/`go` is sent, so each `go` is paired with its own `bestmove`.
//!
//! The game's clocks ([`crate::clock`]) are kept here, never by the page: they run for the side
//! to move while a game is played at its latest position, and a flag is checked on every tick
//! and before any move is accepted, so a flag falls even when nobody answers. An engine on a
//! clock is sent `go btime/wtime ...`; otherwise the per-move limit.
//!
//! In analysis the engine is asked for the settings' number of lines (`MultiPV`); every line
//! of the current search is kept and sent to the page with each `info` message.
//!
//! A page has at most one engine process: a replaced engine (another variant, a restart, a
//! crash) has ended before the next one starts, and starts are at least [`RESTART_GAP`] apart.

use std::sync::Arc;
use std::time::{Duration, Instant};

use taikyoku_movegen::Colour;
use tokio::sync::mpsc;

use crate::clock::Clocks;
use crate::config::Config;
use crate::engine::{EngineEvent, EngineRegistry};
use crate::game::Game;
use crate::messages::{
    ClientMsg, LastMove, Limit, Line, Mode, RecordMove, ServerMsg, Settings, State, VariantRef,
    FULL_SKILL, MAX_LINES, PROTOCOL,
};
use crate::{info, moves, pieces, record};

mod engine_link;
mod engine_output;

use engine_link::EngineLink;

/// Engine output is passed on at most this often (the rest is kept until the next tick).
const INFO_INTERVAL: Duration = Duration::from_millis(100);

/// The most moves of a principal variation translated into Hodges notation.
const MAX_PV: usize = 32;

/// The shortest time between two engine starts of one page (restarts are rate-limited).
pub const RESTART_GAP: Duration = Duration::from_secs(1);

/// Where the engine process is in its life.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Status {
    /// Not started (no mode has needed it yet, or the variant changed).
    Off,
    /// To start once the page's previous engine has ended and the restart gap has passed.
    Starting,
    /// Sent `usi`, waiting for `usiok` until the deadline.
    AwaitingUsiOk(Instant),
    /// Sent `isready`, waiting for `readyok` until the deadline.
    AwaitingReadyOk(Instant),
    /// Ready for searches.
    Ready,
    /// Crashed, stalled or could not start; waits for a restart.
    Failed(String),
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine's move in the game.
    Play,
    /// Analysis of the shown position (until stopped).
    Analyse,
}

/// A `go` that has not had its `bestmove` yet.
#[derive(Clone, Debug)]
struct Search {
    purpose: Purpose,
    /// The state version it was started for.
    version: u64,
    /// Stopped because the game changed: its answer is ignored.
    cancelled: bool,
    /// When the engine counts as stalled if it has not answered.
    deadline: Option<Instant>,
}

/// One page's session.
pub struct Session {
    cfg: Arc<Config>,
    choice: usize,
    game: Game,
    version: u64,
    settings: Settings,
    /// The engine process and what it does.
    engine: EngineLink,
    /// The state version last sent to the page (a stale message needs no second copy).
    sent_version: u64,
    /// The game's clocks (set from the settings when a game starts or they change).
    clocks: Clocks,
    /// The lines of the current search so far, by `multipv` (at most [`MAX_LINES`]).
    lines: Vec<Line>,
    /// The state version at which the engine's move was refused (it is not asked again).
    refused: Option<u64>,
    last_info: Option<Instant>,
    pending_info: Option<ServerMsg>,
    out: Vec<ServerMsg>,
}

impl Session {
    /// A session with a new game of the configured variant; engine events are to be sent to
    /// `events`, its engines listed in `registry`. The first messages for the page are waiting
    /// in [`Session::take_messages`].
    pub fn new(
        cfg: Arc<Config>,
        events: mpsc::Sender<EngineEvent>,
        registry: Arc<EngineRegistry>,
    ) -> Session {
        let choice = cfg.initial.min(cfg.variants.len().saturating_sub(1));
        let variant = cfg.variants[choice].variant.clone();
        let game = Game::new(variant, "startpos").expect("the start position parses");
        let mut s = Session {
            cfg: cfg.clone(),
            choice,
            game,
            version: 1,
            settings: Settings {
                mode: Mode::HumanBlack,
                limit: Limit::Movetime { ms: 1000 },
                move_limit: 0,
                skill: FULL_SKILL,
                clocks: Default::default(),
                multipv: 1,
            },
            engine: EngineLink::new(registry, events),
            sent_version: 0,
            clocks: Clocks::new(Default::default()),
            lines: Vec::new(),
            refused: None,
            last_info: None,
            pending_info: None,
            out: Vec::new(),
        };
        s.out.push(ServerMsg::Welcome {
            protocol: PROTOCOL,
            variants: cfg
                .variants
                .iter()
                .map(|v| VariantRef {
                    key: v.key.clone(),
                    name: v.variant.name().to_string(),
                })
                .collect(),
            engine: program_name(&cfg.engine),
        });
        s.push_variant();
        s.push_state();
        s.push_engine();
        s.schedule();
        s
    }

    /// The messages for the page produced so far.
    pub fn take_messages(&mut self) -> Vec<ServerMsg> {
        std::mem::take(&mut self.out)
    }

    /// Ends the session: the engine is asked to quit, then killed.
    pub fn close(&mut self) {
        self.engine.retire(false);
    }

    // ----- messages for the page -----

    fn error(&mut self, message: impl Into<String>) {
        self.out.push(ServerMsg::Error {
            message: message.into(),
        });
    }

    fn push_variant(&mut self) {
        let c = &self.cfg.variants[self.choice];
        self.out
            .push(ServerMsg::Variant(pieces::variant_info(&c.key, &c.variant)));
    }

    fn push_state(&mut self) {
        let g = &self.game;
        let shown = g.shown();
        let board = shown
            .cells()
            .iter()
            .map(|c| match c {
                None => 0,
                Some(p) => {
                    (p.kind.index() as u32) * 4
                        + (p.promoted as u32) * 2
                        + p.colour.index() as u32
                        + 1
                }
            })
            .collect();
        let last = g.cursor().checked_sub(1).map(|i| {
            let sq = &g.moves()[i].squares;
            LastMove {
                path: sq.path.clone(),
                captured: sq.captured.clone(),
                shots: sq.shots.clone(),
            }
        });
        let ending = g.ending().map(|e| e.describe());
        let now = Instant::now();
        let state = State {
            version: self.version,
            variant: self.cfg.variants[self.choice].key.clone(),
            position: shown.to_notation(),
            tsfen: shown.to_tsfen(),
            start: g.start_text().to_string(),
            side: match g.side_to_move() {
                Colour::Black => "b".into(),
                Colour::White => "w".into(),
            },
            ply: g.cursor(),
            board,
            last,
            moves: if ending.is_none() {
                moves::list(shown)
            } else {
                Vec::new()
            },
            record: g
                .moves()
                .iter()
                .map(|p| RecordMove {
                    text: p.text.clone(),
                    hodges: p.hodges.clone(),
                })
                .collect(),
            result: ending,
            settings: self.settings,
            human_to_move: self.human_to_move(),
            clocks: [
                self.clocks.view(Colour::Black, now),
                self.clocks.view(Colour::White, now),
            ],
        };
        self.sent_version = self.version;
        self.out.push(ServerMsg::State(Box::new(state)));
    }

    fn push_engine(&mut self) {
        let (status, message) = match &self.engine.status {
            Status::Off => ("off", String::new()),
            Status::Starting | Status::AwaitingUsiOk(_) | Status::AwaitingReadyOk(_) => {
                ("starting", String::new())
            }
            Status::Ready if self.engine.active().is_some() => ("thinking", String::new()),
            Status::Ready => ("ready", String::new()),
            Status::Failed(m) => ("failed", m.clone()),
        };
        self.out.push(ServerMsg::Engine {
            status: status.into(),
            name: self.engine.name.clone(),
            message,
        });
    }

    // ----- who moves -----

    fn engine_plays(&self, side: Colour) -> bool {
        match self.settings.mode {
            Mode::HumanBlack => side == Colour::White,
            Mode::HumanWhite => side == Colour::Black,
            Mode::EngineEngine => true,
            Mode::HumanHuman | Mode::Analysis => false,
        }
    }

    fn human_to_move(&self) -> bool {
        self.game.ending().is_none()
            && match self.settings.mode {
                Mode::HumanHuman | Mode::Analysis => true,
                Mode::EngineEngine => false,
                _ => !self.engine_plays(self.game.side_to_move()),
            }
    }

    /// The search the engine should be running now, if any.
    fn wanted(&self) -> Option<(Purpose, u64)> {
        if self.game.ending().is_some() || self.refused == Some(self.version) {
            return None;
        }
        match self.settings.mode {
            Mode::Analysis => Some((Purpose::Analyse, self.version)),
            Mode::HumanHuman => None,
            _ if self.game.at_end() && self.engine_plays(self.game.side_to_move()) => {
                Some((Purpose::Play, self.version))
            }
            _ => None,
        }
    }

    // ----- the engine -----

    fn send(&mut self, line: &str) {
        if let Err(e) = self.engine.send(line) {
            self.fail(e);
        }
    }

    fn fail(&mut self, message: String) {
        self.engine.retire(true);
        self.engine.searches.clear();
        self.pending_info = None;
        self.lines.clear();
        self.engine.status = Status::Failed(message);
        self.push_engine();
    }

    /// Replaces the engine: the current one is killed, and a new one starts when it has ended
    /// and the restart gap has passed ([`Session::start_when_free`]).
    fn start_engine(&mut self) {
        self.engine.reset(true, Status::Starting);
        self.pending_info = None;
        self.lines.clear();
        self.push_engine();
        self.start_when_free(Instant::now());
    }

    /// Starts the engine that is [`Status::Starting`] once the page's previous engine has
    /// ended and the restart gap has passed.
    fn start_when_free(&mut self, now: Instant) {
        if !self.engine.may_start(now) {
            return;
        }
        match self.engine.spawn(&self.cfg.engine, now) {
            Ok(()) => {
                self.engine.status =
                    Status::AwaitingUsiOk(Instant::now() + self.cfg.engine_timeout);
                self.push_engine();
                self.send("usi");
            }
            Err(e) => self.fail(e),
        }
    }

    /// Starts, stops or leaves the engine's search so that it does what the settings want.
    fn schedule(&mut self) {
        let want = if self.settings.mode == Mode::HumanHuman {
            None
        } else {
            match self.engine.status {
                Status::Off => {
                    self.start_engine();
                    return;
                }
                Status::Ready => self.wanted(),
                Status::Starting
                | Status::AwaitingUsiOk(_)
                | Status::AwaitingReadyOk(_)
                | Status::Failed(_) => return,
            }
        };
        let timeout = self.cfg.engine_timeout;
        let mut stop = false;
        if let Some(a) = self.engine.searches.iter_mut().find(|s| !s.cancelled) {
            if Some((a.purpose, a.version)) == want {
                return;
            }
            a.cancelled = true;
            a.deadline = Some(Instant::now() + timeout);
            stop = true;
        }
        if stop {
            self.pending_info = None;
            self.lines.clear();
            self.send("stop");
            self.push_engine();
        }
        if !self.engine.searches.is_empty() {
            return;
        }
        let Some((purpose, version)) = want else {
            return;
        };
        let now = Instant::now();
        let side = self.game.side_to_move();
        let clock_go = match purpose {
            Purpose::Play => self.clocks.go(side, now),
            Purpose::Analyse => None,
        };
        let go = match (purpose, &clock_go) {
            (Purpose::Play, Some(go)) => go.clone(),
            (Purpose::Play, None) => self.settings.limit.go(),
            (Purpose::Analyse, _) => "go infinite".to_string(),
        };
        // On its clock the engine is bounded by its flag; else by its time per move.
        let deadline = match (purpose, self.settings.limit) {
            _ if clock_go.is_some() => self.clocks.deadline(now).map(|d| d + timeout),
            (Purpose::Play, Limit::Movetime { ms }) => {
                Some(now + Duration::from_millis(ms) + timeout)
            }
            _ => None,
        };
        // The engine is idle here: the time to change its strength.
        if self.engine.offers.skill && self.engine.skill != self.settings.skill {
            self.send(&format!(
                "setoption name Skill Level value {}",
                self.settings.skill
            ));
            self.engine.skill = self.settings.skill;
        }
        // Several lines for analysis only: a move in the game needs one.
        let multipv = match purpose {
            Purpose::Analyse => self.settings.multipv,
            Purpose::Play => 1,
        };
        if self.engine.offers.multipv && self.engine.multipv != multipv {
            self.send(&format!("setoption name MultiPV value {multipv}"));
            self.engine.multipv = multipv;
        }
        self.lines.clear();
        let position = self.game.usi_position();
        self.send(&position);
        self.send(&go);
        if self.engine.process().is_some() {
            self.engine.searches.push_back(Search {
                purpose,
                version,
                cancelled: false,
                deadline,
            });
            self.push_engine();
        }
    }

    /// The clock tick: ends a game whose side to move ran out of time, reports withheld
    /// engine output and detects an engine that stalls.
    pub fn on_tick(&mut self, now: Instant) {
        self.start_when_free(now);
        self.flag_fell(now);
        if self
            .last_info
            .is_none_or(|t| now.duration_since(t) >= INFO_INTERVAL)
        {
            if let Some(m) = self.pending_info.take() {
                self.last_info = Some(now);
                self.out.push(m);
            }
        }
        let secs = self.cfg.engine_timeout.as_secs_f64();
        match self.engine.status {
            Status::AwaitingUsiOk(d) if now >= d => {
                self.fail(format!("the engine did not answer 'usi' within {secs} s"));
                return;
            }
            Status::AwaitingReadyOk(d) if now >= d => {
                self.fail(format!(
                    "the engine did not answer 'isready' within {secs} s"
                ));
                return;
            }
            _ => {}
        }
        if let Some(s) = self
            .engine
            .searches
            .iter()
            .find(|s| s.deadline.is_some_and(|d| now >= d))
        {
            let what = if s.cancelled {
                "did not stop when asked"
            } else {
                "did not move in its time"
            };
            self.fail(format!(
                "the engine stalled: it {what} (waited {secs} s more)"
            ));
        }
    }

    // ----- the game -----

    /// The game changed: a new version for the page, the clocks set going for the side to
    /// move (or stopped), and the engine told.
    fn changed(&mut self) {
        self.version += 1;
        self.sync_clocks(Instant::now());
        self.push_state();
        self.schedule();
    }

    // ----- the clocks -----

    /// Whether the clocks run: a side has one, a game is being played (not analysed), it is
    /// not over, and its latest position is shown.
    fn clocks_live(&self) -> bool {
        self.clocks.any()
            && self.settings.mode != Mode::Analysis
            && self.game.ending().is_none()
            && self.game.at_end()
    }

    /// Runs the side to move's clock while the clocks are live, else pauses them.
    fn sync_clocks(&mut self, now: Instant) {
        if self.clocks_live() {
            self.clocks.run(self.game.side_to_move(), now);
        } else {
            self.clocks.pause(now);
        }
    }

    /// Whether the side to move's flag has fallen by `now`; if so the game ends, that side
    /// losing on time (the record says so), and the page and engine are told.
    fn flag_fell(&mut self, now: Instant) -> bool {
        let Some(side) = self.clocks.check_flag(now) else {
            return false;
        };
        self.game
            .declare(Some(side.flip()), &format!("{side} lost on time"));
        self.changed();
        true
    }

    /// Refuses a change of the game after a loss on time (outside analysis): the error, or
    /// `None` when the game may change.
    fn lost_on_time(&self) -> Option<String> {
        let side = self.clocks.flagged()?;
        (self.settings.mode != Mode::Analysis)
            .then(|| format!("{side} lost on time: start a new game (or analyse this one)"))
    }

    fn after_move(&mut self) {
        let limit = self.settings.move_limit as usize;
        if limit > 0 && self.game.moves().len() >= limit && self.game.ending().is_none() {
            self.game.declare(None, "move limit");
        }
        self.changed();
    }

    fn new_game(&mut self, game: Game) {
        self.game = game;
        self.refused = None;
        self.clocks = Clocks::new(self.settings.clocks);
        if self.engine.status == Status::Ready && self.engine.searches.is_empty() {
            self.send("usinewgame");
        }
        self.changed();
    }

    /// Switches to variant `i` with `game`; the engine is restarted for it.
    fn switch(&mut self, i: usize, game: Game) {
        if i != self.choice {
            self.choice = i;
            self.engine.retire(false);
            self.engine.searches.clear();
            self.pending_info = None;
            self.lines.clear();
            self.engine.status = Status::Off;
            self.engine.generation += 1;
            self.push_variant();
            self.push_engine();
        }
        self.new_game(game);
    }

    fn stale(&mut self, version: u64) -> bool {
        if version == self.version {
            return false;
        }
        self.error("this page was showing an older state of the game: nothing was changed");
        // The current state is already on its way unless it was never sent.
        if self.sent_version != self.version {
            self.push_state();
        }
        true
    }

    /// A message from the page (a JSON text); anything malformed or not allowed now is
    /// answered with an error and changes nothing.
    pub fn on_client(&mut self, text: &str) {
        let msg: ClientMsg = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => {
                self.error(format!(
                    "the server did not understand the page's message: {e}"
                ));
                return;
            }
        };
        match msg {
            ClientMsg::Move { text, version } => {
                if self.stale(version) {
                    return;
                }
                let now = Instant::now();
                self.flag_fell(now);
                if let Some(e) = self.lost_on_time() {
                    self.error(format!("{text}: {e}"));
                    return;
                }
                if !self.human_to_move() {
                    let why = match self.game.ending() {
                        Some(e) => format!("the game is over: {}", e.describe()),
                        None => "it is the engine's turn".into(),
                    };
                    self.error(format!("{text}: {why}"));
                    return;
                }
                let (side, live) = (self.game.side_to_move(), self.clocks_live());
                match self.game.play(&text) {
                    Ok(_) => {
                        if live {
                            // In time: the flag was checked at the same moment.
                            let _ = self.clocks.moved(side, now);
                        }
                        self.after_move();
                    }
                    Err(e) => self.error(e),
                }
            }
            ClientMsg::New {} => {
                let game = Game::new(self.game.variant().clone(), "startpos");
                self.new_game(game.expect("the start position parses"));
            }
            ClientMsg::Variant { key } => {
                let Some(i) = self.cfg.variants.iter().position(|v| v.key == key) else {
                    self.error(format!("there is no variant '{key}' here"));
                    return;
                };
                let v = self.cfg.variants[i].variant.clone();
                self.switch(
                    i,
                    Game::new(v, "startpos").expect("the start position parses"),
                );
            }
            ClientMsg::Undo { version } => {
                if self.stale(version) {
                    return;
                }
                if self.game.moves().is_empty() {
                    self.error("there is no move to take back");
                    return;
                }
                let now = Instant::now();
                self.flag_fell(now);
                if let Some(e) = self.lost_on_time() {
                    self.error(e);
                    return;
                }
                if self.clocks_live() {
                    // The move being thought about is not made: its time stays used.
                    self.clocks.charge(self.game.side_to_move(), now);
                }
                let vs_engine = matches!(self.settings.mode, Mode::HumanBlack | Mode::HumanWhite);
                loop {
                    self.game.undo(1);
                    let again = vs_engine
                        && !self.game.moves().is_empty()
                        && self.engine_plays(self.game.side_to_move());
                    if !again {
                        break;
                    }
                }
                self.refused = None;
                self.changed();
            }
            ClientMsg::Goto { ply, version } => {
                if self.stale(version) {
                    return;
                }
                if self.clocks_live() && ply != self.game.cursor() {
                    self.error(
                        "the clocks are running: step through the record when the game is over \
                         (or without clocks)",
                    );
                    return;
                }
                self.game.goto(ply);
                self.changed();
            }
            ClientMsg::Position { text } => match Game::new(self.game.variant().clone(), &text) {
                Ok(g) => self.new_game(g),
                Err(e) => self.error(format!("position: {e}")),
            },
            ClientMsg::Load { text } => self.load(&text),
            ClientMsg::Save {} => {
                let text = record::write(&self.game);
                self.out.push(ServerMsg::Record {
                    text,
                    filename: format!("{}-game.txt", self.game.variant().id()),
                });
            }
            ClientMsg::Settings(s) => {
                if let Err(e) = s.check() {
                    self.error(e);
                    return;
                }
                let now = Instant::now();
                self.flag_fell(now);
                if s.skill < FULL_SKILL
                    && !self.engine.offers.skill
                    && self.engine.status == Status::Ready
                {
                    self.out.push(ServerMsg::Notice {
                        message: "the engine has no Skill Level option: it plays at full strength"
                            .into(),
                    });
                }
                if s.multipv > 1
                    && !self.engine.offers.multipv
                    && self.engine.status == Status::Ready
                {
                    self.out.push(ServerMsg::Notice {
                        message: "the engine has no MultiPV option: analysis shows one line".into(),
                    });
                }
                if s.clocks != self.settings.clocks {
                    if self.clocks_live() && !self.game.moves().is_empty() {
                        // Not in the middle of a timed game: a changed control would refill
                        // a clock.
                        self.out.push(ServerMsg::Notice {
                            message: "the new time controls apply from the next game; this \
                                      game's clocks run on"
                                .into(),
                        });
                    } else {
                        // Both clocks start again from the new controls.
                        self.clocks = Clocks::new(s.clocks);
                    }
                }
                self.settings = s;
                self.refused = None;
                self.sync_clocks(now);
                self.push_state();
                self.schedule();
            }
            ClientMsg::MoveNow {} => {
                let timeout = self.cfg.engine_timeout;
                match self.engine.searches.iter_mut().find(|s| !s.cancelled) {
                    Some(s) if s.purpose == Purpose::Play => {
                        s.deadline = Some(Instant::now() + timeout);
                        self.send("stop");
                    }
                    _ => self.error("the engine is not thinking about a move"),
                }
            }
            ClientMsg::Restart {} => {
                self.refused = None;
                self.start_engine();
            }
            ClientMsg::Piece { kind, promoted } => {
                match pieces::movement(self.game.variant(), kind, promoted) {
                    Some(m) => self.out.push(ServerMsg::Piece(m)),
                    None => self.error(format!(
                        "there is no piece kind {kind} (promoted: {promoted})"
                    )),
                }
            }
        }
    }

    fn load(&mut self, text: &str) {
        let current = self.choice;
        let i = match record::header(text).variant {
            None => current,
            Some(id) => {
                let same = |i: &usize| self.cfg.variants[*i].variant.id() == id;
                match std::iter::once(current)
                    .chain(0..self.cfg.variants.len())
                    .find(same)
                {
                    Some(i) => i,
                    None => {
                        self.error(format!(
                            "the record is of '{id}', which is not offered here"
                        ));
                        return;
                    }
                }
            }
        };
        let variant = self.cfg.variants[i].variant.clone();
        match record::read(&variant, text) {
            Ok(game) => self.switch(i, game),
            Err(e) => self.error(format!("record: {e}")),
        }
    }
}

/// The engine's program name without its directories: the page is not told where files are.
fn program_name(command: &[String]) -> String {
    command.first().map_or_else(String::new, |p| {
        std::path::Path::new(p)
            .file_name()
            .map_or_else(|| p.clone(), |n| n.to_string_lossy().into_owned())
    })
}
