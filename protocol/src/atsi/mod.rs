//! ATSI v0, the protocol of the Taikyoku site (taikyoku-shogi.github.io; docs/atsa.md, "ATSI"):
//! the site's page is the game host and talks to each engine over a WebSocket, one command per
//! message. [`Session`] is the engine side: it keeps the game (modern Taikyoku, `taikyoku-atsa`),
//! answers the host's commands, searches when it is to move, and writes `move` and `eval`.
//!
//! Messages are lines here: on standard input and output (`taikyoku atsi`, behind websocketd as
//! the site's README suggests for engines), or one per WebSocket message ([`ws`]). Malformed or
//! out-of-turn input gets a `log error: ...` line and the session goes on; a move of the
//! opponent that cannot be followed ends the game with `resign` (the boards would differ).
//!
//! The host departs from the rules in a few places ([`host`]): the engine plays only moves on
//! which the host and the rules agree, and applies the opponent's moves as the host did.

pub mod host;
pub mod ws;

use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use taikyoku_movegen::{AnyPosition, Colour, Move, Variant};

use crate::engine::{Engine, Go, Output, Reporter, Score, Thinking, MAX_ERROR};
use crate::input::{clip, LineReader};

/// The protocol versions the host may announce: the site sends `v0`, its spec writes `v00`.
const VERSIONS: &[&str] = &["v0", "v00"];

/// The variant ATSI plays: Taikyoku as the site plays it.
pub const VARIANT: &str = "taikyoku-atsa";

/// How the session plays its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostReading {
    /// Plays only moves the site's host accepts and plays as the rules do, and applies the
    /// opponent's moves as the host did (the default: the host is the referee).
    Site,
    /// Plays by the rules alone (a host that referees by them, such as our match runner).
    Rules,
}

/// Which player the host said the engine is (`player 0` / `player 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// Moves first from the position `startgame` gives.
    First,
    /// Moves second.
    Second,
}

/// What the session is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Before `atsiinit`.
    Uninitialised,
    /// Initialised, no game running.
    Ready,
    /// A game is running.
    Playing,
    /// The game is over (by the rules, or `win`/`loss`/`draw`).
    Over,
}

/// The clocks as the host last gave them, in seconds.
#[derive(Clone, Copy, Debug)]
struct Clocks {
    start: f64,
    inc: f64,
    /// By colour index: Black's, White's remaining time.
    left: [f64; 2],
}

impl Clocks {
    fn go(&self) -> Go {
        let dur = |s: f64| Duration::from_secs_f64(s.clamp(0.0, 1e7));
        Go {
            time: [Some(dur(self.left[0])), Some(dur(self.left[1]))],
            inc: [dur(self.inc), dur(self.inc)],
            ..Go::default()
        }
    }
}

/// What a search left for the session: its move and its last score (side to move's view).
#[derive(Default)]
struct Finished {
    best: Option<Option<Move>>,
    score: Option<Score>,
}

/// The reporter of a search: writes `move` and `eval` when it finishes, and leaves the move for
/// the session to play on its own board.
struct AtsiReporter {
    out: Output,
    pos: AnyPosition,
    reading: HostReading,
    /// The side that moved first in the game (player 0).
    first: Colour,
    last: Option<Score>,
    done: Arc<Mutex<Finished>>,
    wake: Sender<Event>,
}

impl Reporter for AtsiReporter {
    fn thinking(&mut self, t: &Thinking) {
        // The score of the best line (MultiPV's further lines score lower).
        if t.multipv.is_none_or(|k| k == 1) {
            self.last = Some(t.score);
        }
    }

    fn finished(&mut self, best: Option<Move>, _ponder: Option<Move>) {
        if let Ok(mut d) = self.done.lock() {
            d.best = Some(best);
            d.score = self.last;
        }
        match best {
            None => self.out.line("resign no move"),
            Some(m) => {
                let squares = match self.reading {
                    HostReading::Site => host::write_move(&self.pos, m),
                    HostReading::Rules => self.pos.move_path(m),
                };
                self.out
                    .line(&format!("move {}", host::squares_text(&self.pos, &squares)));
                if let Some(s) = self.last {
                    let us = self.pos.side_to_move();
                    self.out
                        .line(&format!("eval {}", absolute(s, us == self.first)));
                }
            }
        }
        let _ = self.wake.send(Event::Searched);
    }
}

/// A score from the side to move's view as the host wants it: positive good for player 0
/// (the side that moved first; `first` says whether that is the side to move), in
/// centipawns, below 100000; a mate as ±100000 less the moves to it.
fn absolute(s: Score, first: bool) -> i64 {
    let own = match s {
        Score::Cp(c) => c.clamp(-99_999, 99_999) as i64,
        Score::Mate(m) if m > 0 => 100_000 - m as i64,
        Score::Mate(m) => -100_000 - m as i64,
    };
    if first {
        own
    } else {
        -own
    }
}

/// What the session's loop reacts to.
enum Event {
    /// A line of input.
    Line(String),
    /// A line that could not be read (too long, not UTF-8).
    Bad(String),
    /// The end of input.
    Eof,
    /// A search finished.
    Searched,
}

/// The engine side of ATSI.
pub struct Session<E: Engine> {
    engine: E,
    out: Output,
    variant: Arc<Variant>,
    position: AnyPosition,
    phase: Phase,
    /// Our turn order, as `player` said: first (0) or second (1) to move from the position
    /// `startgame` gives.
    order: Option<Order>,
    /// Our side, once a game started.
    me: Option<Colour>,
    /// The side that moved first in the game (`eval` is good for it when positive).
    first: Colour,
    clocks: Clocks,
    reading: HostReading,
    done: Arc<Mutex<Finished>>,
    events: (Sender<Event>, Receiver<Event>),
}

impl<E: Engine> Session<E> {
    /// A session playing modern Taikyoku with `engine`, writing to `out`.
    pub fn new(mut engine: E, out: Output, reading: HostReading) -> Session<E> {
        let variant = Variant::builtin(VARIANT).expect("the built-in modern Taikyoku");
        engine.set_variant(variant.clone());
        Session {
            position: AnyPosition::startpos(variant.clone()),
            variant,
            engine,
            out,
            phase: Phase::Uninitialised,
            order: None,
            me: None,
            first: Colour::Black,
            clocks: Clocks {
                start: 900.0,
                inc: 0.0,
                left: [900.0, 900.0],
            },
            reading,
            done: Arc::new(Mutex::new(Finished::default())),
            events: channel(),
        }
    }

    /// The game's position.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Reads commands from `input` until `quit` or its end, reacting to finished searches as
    /// they come. Lines too long or not UTF-8 get an error and are skipped.
    pub fn run(&mut self, input: impl BufRead + Send + 'static) {
        let tx = self.events.0.clone();
        std::thread::spawn(move || {
            for line in LineReader::new(input) {
                let ev = match line {
                    Ok(l) => Event::Line(l),
                    Err(bad) => Event::Bad(format!("{}: '{}'", bad.reason, bad.text)),
                };
                if tx.send(ev).is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::Eof);
        });
        while let Ok(ev) = self.events.1.recv() {
            match ev {
                Event::Line(l) => {
                    if !self.command(&l) {
                        break;
                    }
                }
                Event::Bad(why) => self.error(&why),
                Event::Searched => self.collect(),
                Event::Eof => break,
            }
        }
        self.engine.stop();
        self.engine.wait();
    }

    fn error(&self, s: &str) {
        self.out.line(&format!("log error: {}", clip(s, MAX_ERROR)));
    }

    /// Handles one command; false on `quit`. A finished search's move is played first.
    pub fn command(&mut self, line: &str) -> bool {
        self.collect();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return true;
        };
        let args = &words[1..];
        if self.phase == Phase::Uninitialised && cmd != "atsiinit" && cmd != "quit" {
            self.error(&format!("'{cmd}' before 'atsiinit v0': ignored"));
            return true;
        }
        match cmd {
            "atsiinit" => match args.first() {
                Some(v) if VERSIONS.contains(v) => {
                    self.halt();
                    self.phase = Phase::Ready;
                    self.out.line("atsiok");
                }
                other => self.error(&format!(
                    "unsupported ATSI version {}: this engine speaks v0",
                    other.unwrap_or(&"(none)")
                )),
            },
            "identify" => {
                let (name, author) = self.engine.id();
                let version = env!("CARGO_PKG_VERSION");
                // The host splits on spaces and reads up to five fields; no quotes.
                self.out.line(&format!(
                    "info {} Giant-shogi-engine:-search-and-USI-for-Taikyoku {version} {}",
                    name.split_whitespace().next().unwrap_or("taikyoku"),
                    author.split_whitespace().collect::<Vec<_>>().join("-")
                ));
            }
            "player" => match args {
                ["0"] => self.order = Some(Order::First),
                ["1"] => self.order = Some(Order::Second),
                _ => self.error("'player' takes 0 (moves first) or 1"),
            },
            "time" => self.time(args),
            "startgame" => self.startgame(args),
            "opmove" => self.opmove(args),
            "win" | "loss" | "draw" => {
                self.halt();
                self.phase = Phase::Over;
            }
            "setparam" => self.setparam(args),
            "quit" => {
                self.halt();
                return false;
            }
            _ => self.error(&format!("unknown command '{}'", clip(cmd, 40))),
        }
        true
    }

    fn time(&mut self, args: &[&str]) {
        let num = |s: &str| s.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
        match args {
            [s] | [s, _] if num(s).is_some() => {
                let start = num(s).unwrap_or(0.0);
                let inc = match args.get(1) {
                    Some(i) => match num(i) {
                        Some(i) => i,
                        None => return self.error(&format!("time: bad increment '{i}'")),
                    },
                    None => 0.0,
                };
                self.clocks = Clocks {
                    start,
                    inc,
                    left: [start, start],
                };
            }
            _ => self.error("'time' takes the starting time and an optional increment, in seconds"),
        }
    }

    fn startgame(&mut self, args: &[&str]) {
        self.halt();
        let pos = match args {
            ["initial"] => Ok(AnyPosition::startpos(self.variant.clone())),
            [board, counter] => {
                AnyPosition::parse(self.variant.clone(), &format!("{board} {counter}"))
                    .map_err(|e| format!("startgame: {e}"))
            }
            _ => Err("'startgame' takes 'initial' or a TSFEN".to_string()),
        };
        match pos {
            Ok(p) => {
                self.position = p;
                self.engine.new_game();
                self.clocks.left = [self.clocks.start, self.clocks.start];
                self.phase = Phase::Playing;
                // Player 0 moves first from this position, whichever colour that is (from a
                // TSFEN with White to move, White), as the spec and tomatene read it.
                self.first = self.position.side_to_move();
                self.me = Some(match self.order {
                    Some(Order::First) => self.first,
                    Some(Order::Second) => self.first.flip(),
                    None => {
                        self.error("startgame before 'player': playing the side to move");
                        self.first
                    }
                });
                self.think_if_to_move();
            }
            Err(e) => self.error(&e),
        }
    }

    fn opmove(&mut self, args: &[&str]) {
        if self.phase != Phase::Playing {
            return self.error("opmove without a game running");
        }
        if Some(self.position.side_to_move()) == self.me {
            return self.error("opmove while it is this engine's turn");
        }
        // `opmove <start> [<step>...] <end> <my time> <opponent's time>`.
        let squares_end = args.len().saturating_sub(2);
        let geo = self.variant.geometry();
        let times: Vec<f64> = args[squares_end..]
            .iter()
            .filter_map(|t| t.parse::<f64>().ok().filter(|x| x.is_finite()))
            .collect();
        if args.len() < 4 || times.len() != 2 {
            return self.error("opmove takes the move's squares, then both times");
        }
        let mut squares = Vec::new();
        for s in &args[..squares_end] {
            match geo.parse_square(s) {
                Ok(sq) => squares.push(sq),
                Err(e) => return self.error(&format!("opmove: {e}")),
            }
        }
        let played = match self.reading {
            HostReading::Site => host::opponent_move(&self.position, &squares),
            HostReading::Rules => {
                let text: String = args[..squares_end].concat();
                self.position
                    .parse_move(&text)
                    .map(host::Played::Move)
                    .map_err(|e| e.to_string())
            }
        };
        match played {
            Ok(host::Played::Move(m)) => self.position.make(m),
            Ok(host::Played::Edited(p)) => {
                self.out.line(&format!(
                    "log the host played {} as no move of the rules does; following it",
                    args[..squares_end].join(" ")
                ));
                self.position = *p;
            }
            Err(e) => {
                self.error(&format!("opmove {}: {e}", args[..squares_end].join(" ")));
                self.out.line("resign the boards differ");
                self.phase = Phase::Over;
                return;
            }
        }
        if let Some(me) = self.me {
            self.clocks.left[me.index()] = times[0].max(0.0);
            self.clocks.left[me.flip().index()] = times[1].max(0.0);
        }
        self.think_if_to_move();
    }

    fn setparam(&mut self, args: &[&str]) {
        match args {
            [name, value @ ..] if !value.is_empty() => {
                if self.engine.searching() {
                    return self.error("setparam while searching: ignored");
                }
                if let Err(e) = self.engine.set_option(name, &value.join(" ")) {
                    self.error(&format!("setparam {name}: {e}"));
                }
            }
            _ => self.error("'setparam' takes a name and a value"),
        }
    }

    /// Starts a search when the game runs and it is our turn; ends the game when a side has
    /// lost its royal pieces (the host does not say so).
    fn think_if_to_move(&mut self) {
        if self
            .position
            .game_result(&[])
            .is_some_and(|r| matches!(r.outcome, taikyoku_movegen::Outcome::Win(_)))
        {
            self.phase = Phase::Over;
            self.out
                .line("log the game is over: a side has no royal piece left");
            return;
        }
        if self.phase != Phase::Playing || Some(self.position.side_to_move()) != self.me {
            return;
        }
        let mut go = self.clocks.go();
        if self.reading == HostReading::Site {
            let all = self.position.moves();
            let safe: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&m| host::host_agrees(&self.position, m))
                .collect();
            if safe.len() < all.len() && !safe.is_empty() {
                go.searchmoves = safe;
            }
        }
        if let Ok(mut d) = self.done.lock() {
            *d = Finished::default();
        }
        let report = AtsiReporter {
            out: self.out.clone(),
            pos: self.position.clone(),
            reading: self.reading,
            first: self.first,
            last: None,
            done: self.done.clone(),
            wake: self.events.0.clone(),
        };
        self.engine.go(&self.position, &go, Box::new(report));
    }

    /// Plays the move a finished search wrote (the host now has it).
    fn collect(&mut self) {
        if self.engine.searching() {
            return;
        }
        let best = self.done.lock().ok().and_then(|mut d| d.best.take());
        match best {
            Some(Some(m)) if self.phase == Phase::Playing && self.position.is_pseudo_legal(m) => {
                self.position.make(m);
                // The position after the move, for a host or a person to compare boards.
                self.out
                    .line(&format!("log tsfen {}", self.position.to_tsfen()));
                if self
                    .position
                    .game_result(&[])
                    .is_some_and(|r| matches!(r.outcome, taikyoku_movegen::Outcome::Win(_)))
                {
                    self.phase = Phase::Over;
                }
            }
            Some(None) => self.phase = Phase::Over,
            _ => {}
        }
    }

    /// Stops a running search; its move, already written, is played.
    fn halt(&mut self) {
        if self.engine.searching() {
            self.engine.stop();
            self.engine.wait();
        }
        self.collect();
    }
}

/// Runs an ATSI session on `input`, writing to `out`.
pub fn run<E: Engine>(
    engine: E,
    input: impl BufRead + Send + 'static,
    out: Output,
    reading: HostReading,
) {
    Session::new(engine, out, reading).run(input);
}
