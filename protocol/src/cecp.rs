//! The CECP loop (the XBoard protocol, version 2), spoken to QBoard (Dai dai, Maka dai dai, Ko)
//! and XBoard (chu). The binary chooses it when the first command is `xboard`.
//!
//! The loop owns the game (dialect, position, the checks history that decides perpetual check)
//! and runs one event queue: lines from the GUI (read by a thread) and the final moves of the
//! searches it started (each tagged with an id, so an abandoned search's move is dropped). The
//! engine always searches through [`Engine`]; the GUI's notation is converted by [`dialect`].
//!
//! Two GUIs, two conventions. QBoard shows a blocking dialog for any output containing
//! `Illegal move`, `telluser`, `tellusererror`, `tellall`, `tellopponent` or `askuser`, and ends
//! games only on `bestmove resign`, `bestmove win` and `offer draw`. XBoard wants
//! `Illegal move (reason): m`, `Error (reason): cmd` and result lines (`1-0 {reason}`). Until the
//! GUI shows itself to be XBoard (by a command QBoard never sends: `accepted`, `level`, `ping`,
//! `post`, `time`, `memory`, ...), errors are `# ...` comment lines in QBoard-safe wording.
//!
//! [`dialect`]: crate::dialect

mod clock;
mod qboard;
mod report;

pub use clock::{Level, TimeControl, DEFAULT_MOVETIME};
pub use qboard::{Unconfirmed, RESULT_HOLD};
pub use report::{thinking_line, xboard_score, MATE_SCORE};

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

use crate::game::Game;
use crate::joint::ChuPlay;
use taikyoku_movegen::{AnyPosition, Colour, GameResult, Move, Outcome};

use crate::dialect::relay::QboardRelay;
use crate::dialect::{Dialect, EditBoard};
use crate::engine::{Engine, Go, Output, MAX_ERROR};
use crate::input::{clip, MAX_ECHO};
use report::CecpReporter;

/// What the loop waits for: a line from the GUI, the end of its input, or a search's move.
enum Event {
    Line(String),
    /// A line that is too long or not UTF-8 (reported, then skipped).
    Bad(crate::input::BadLine),
    Eof,
    Done {
        id: u64,
        best: Option<Move>,
    },
}

/// What the engine is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Search {
    Idle,
    /// Thinking about its own move; it will be played when it arrives.
    Thinking(u64),
    /// Analysing (`analyze`): thinking output only, no move.
    Analysing(u64),
}

/// Commands that QBoard never sends: seeing one means the GUI is XBoard (or another GUI that
/// follows the protocol's own conventions for errors and results).
const XBOARD_ONLY: &[&str] = &[
    "accepted", "rejected", "level", "ping", "post", "nopost", "time", "otim", "memory", "cores",
    "hard", "easy", "computer", "name", "rating", "random", "result", "analyze",
];

/// Commands accepted and ignored: they concern things this engine does not do (pondering, the
/// opponent's name, draw offers, ...).
const IGNORED: &[&str] = &[
    "easy", "hard", "random", "computer", "name", "rating", "ics", "hint", "bk", "draw", "white",
    "black", "accepted", "rejected", "egtpath", "nps", "option", "pause", "resume", "xboard",
];

/// What QBoard turns into a blocking dialog (matched without regard to case), and the harmless
/// wording used instead in our own text.
const QBOARD_TRIGGERS: &[(&str, &str)] = &[
    ("illegal move", "invalid move"),
    ("tellusererror", "tell user error"),
    ("telluser", "tell user"),
    ("tellall", "tell all"),
    ("tellopponent", "tell opponent"),
    ("askuser", "ask user"),
];

/// How chu is played under CECP: by the moves lishogi's and HaChu's rules both allow, accepting
/// the opponent's moves that either allows (XBoard referees chu with rules close to HaChu's, and
/// HaChu is the opponent there; docs/chu.md §12). The game is kept and searched in HaChu's
/// reading, with the other reading joined ([`crate::joint::Joint`]).
const CHU_PLAY: ChuPlay = ChuPlay::Both;

/// The dialect as the engine plays it: chu in [`CHU_PLAY`]'s main reading.
fn for_play(mut d: Dialect) -> Dialect {
    if let Ok(v) = CHU_PLAY.variant(&d.variant) {
        d.variant = v;
    }
    d
}

/// `text` with every QBoard dialog trigger reworded.
pub fn qboard_safe(text: &str) -> String {
    let mut s = text.to_string();
    for (bad, good) in QBOARD_TRIGGERS {
        while let Some(at) = s.to_ascii_lowercase().find(bad) {
            s.replace_range(at..at + bad.len(), good);
        }
    }
    s
}

/// Whether a word looks like a move rather than a command (`a6a7`, `f5xf15`, `@@@@`).
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.first() == Some(&b'@') || (b.len() >= 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit())
}

/// The CECP protocol state and the engine behind it.
pub struct Session<E: Engine> {
    engine: E,
    out: Output,
    tx: Sender<Event>,
    rx: Receiver<Event>,
    /// The dialect `new` goes back to (the command line's variant).
    default: Dialect,
    dialect: Dialect,
    /// The CECP name of the variant the engine was last given.
    engine_variant: Option<String>,
    /// The game; chu's in both readings ([`CHU_PLAY`]).
    game: Game,
    /// Whether each move of the game so far gave check (for perpetual check).
    checks: Vec<bool>,
    force: bool,
    analyse: bool,
    search: Search,
    next_id: u64,
    post: Arc<AtomicBool>,
    xboard: bool,
    time: TimeControl,
    edit: Option<EditBoard>,
    /// `ping`s that arrived while the engine was thinking: answered after its move.
    pongs: Vec<String>,
    /// The last move from QBoard, if it could have been a promotion QBoard did not pass on.
    unconfirmed: Option<Unconfirmed>,
    /// How long a result waits after the engine's own move under QBoard ([`RESULT_HOLD`]).
    result_hold: Duration,
}

impl<E: Engine> Session<E> {
    /// A session whose `new` starts `default`'s game.
    pub fn new(engine: E, out: Output, default: Dialect) -> Session<E> {
        let default = for_play(default);
        let (tx, rx) = channel();
        Session {
            engine,
            out,
            tx,
            rx,
            game: Game::new(CHU_PLAY, default.start_position()),
            dialect: default.clone(),
            default,
            engine_variant: None,
            checks: Vec::new(),
            force: false,
            analyse: false,
            search: Search::Idle,
            next_id: 0,
            post: Arc::new(AtomicBool::new(false)),
            xboard: false,
            time: TimeControl::default(),
            edit: None,
            pongs: Vec::new(),
            unconfirmed: None,
            result_hold: RESULT_HOLD,
        }
    }

    /// Changes how long a result waits after the engine's own move under QBoard (for measuring
    /// what QBoard needs; [`RESULT_HOLD`] by default).
    pub fn set_result_hold(&mut self, hold: Duration) {
        self.result_hold = hold;
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        self.game.position()
    }

    /// Runs the loop until `quit` or the end of input (a search for a move still running at the
    /// end of input is stopped and its move written).
    pub fn run(&mut self, input: impl BufRead + Send + 'static) {
        let tx = self.tx.clone();
        std::thread::spawn(move || {
            for line in crate::input::LineReader::new(input) {
                let event = match line {
                    Ok(line) => Event::Line(line),
                    Err(bad) => Event::Bad(bad),
                };
                if tx.send(event).is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::Eof);
        });
        while let Ok(event) = self.rx.recv() {
            match event {
                Event::Line(line) => {
                    if !self.command(&line) {
                        self.halt();
                        return;
                    }
                }
                Event::Bad(bad) => self.error(&bad.reason, &bad.text),
                Event::Eof => break,
                Event::Done { id, best } => self.search_done(id, best),
            }
        }
        // End of input: finish what is running.
        if self.search != Search::Idle {
            self.engine.stop();
            self.engine.wait();
            while let Ok(event) = self.rx.try_recv() {
                if let Event::Done { id, best } = event {
                    self.search_done(id, best);
                }
            }
        }
    }

    /// Handles one line from the GUI; returns false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        if line.is_empty() {
            return true;
        }
        if self.edit.is_some() {
            // `quit` ends the engine in any mode.
            if line == "quit" {
                self.edit = None;
                return false;
            }
            self.edit_line(line);
            return true;
        }
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let args: Vec<&str> = rest.split_whitespace().collect();
        if XBOARD_ONLY.contains(&cmd) {
            self.xboard = true;
        }
        match cmd {
            "protover" => self.features(),
            "new" => {
                self.halt();
                self.force = false;
                self.analyse = false;
                self.time.new_game();
                self.dialect = self.default.clone();
                self.set_position(self.dialect.start_position());
                self.engine.new_game();
            }
            "variant" => match args.as_slice() {
                [name] => match Dialect::for_cecp_variant(name).map(for_play) {
                    Ok(d) => {
                        self.halt();
                        self.set_position(d.start_position());
                        self.dialect = d;
                        self.changed();
                    }
                    Err(e) => self.error(&e, line),
                },
                _ => self.error("variant needs a name", line),
            },
            "force" => {
                self.halt();
                self.force = true;
            }
            "go" => {
                self.halt();
                self.force = false;
                self.analyse = false;
                match self.result() {
                    Some(r) => {
                        self.error(&format!("the game is over: {}", r.reason), line);
                        let side = self.side_to_move();
                        self.announce(r, side);
                    }
                    None => self.think(),
                }
            }
            "playother" => {
                self.halt();
                self.force = false;
            }
            "usermove" => {
                if rest.is_empty() {
                    self.error("usermove needs a move", line);
                } else {
                    self.usermove(rest);
                }
            }
            "setboard" => {
                if rest.is_empty() {
                    self.error("setboard needs a position", line);
                    return true;
                }
                match self.dialect.parse_fen(rest) {
                    Ok(p) => {
                        self.halt();
                        self.set_position(p);
                        self.changed();
                    }
                    Err(e) => self.error(&e, line),
                }
            }
            "edit" => {
                self.halt();
                self.edit = Some(self.dialect.edit(self.game.position()));
            }
            "level" => self.or_error(|s| s.time.level(&args), line),
            "st" => self.or_error(|s| s.time.st(&args), line),
            "sd" => self.or_error(|s| s.time.sd(&args), line),
            "time" => self.or_error(|s| s.time.time(&args), line),
            "otim" => self.or_error(|s| s.time.otim(&args), line),
            "memory" => self.option("USI_Hash", &args, line),
            "cores" => self.option("Threads", &args, line),
            "ping" => {
                let pong = format!("pong {rest}");
                if matches!(self.search, Search::Thinking(_)) {
                    self.pongs.push(pong);
                } else {
                    self.out.line(&pong);
                }
            }
            "post" => self.post.store(true, Relaxed),
            "nopost" => self.post.store(false, Relaxed),
            "analyze" => {
                self.halt();
                self.force = true;
                self.analyse = true;
                self.changed();
            }
            "exit" => {
                if self.analyse {
                    self.halt();
                    self.analyse = false;
                }
            }
            "." => {} // analysis status request: optional, not answered
            "result" => {
                self.halt();
                self.force = true;
                self.analyse = false;
            }
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "?" => {
                if matches!(self.search, Search::Thinking(_)) {
                    self.engine.stop();
                }
            }
            "quit" => return false,
            c if IGNORED.contains(&c) => {}
            c if looks_like_move(c) && args.is_empty() => self.usermove(c),
            _ => self.error("unknown command", line),
        }
        true
    }

    /// `protover N`: the features on one line, then `feature done=1` on its own (QBoard reads
    /// the flags by substring and waits for the text `feature done=1`).
    fn features(&mut self) {
        let (name, _) = self.engine.id();
        let variants = Dialect::announced_variants().join(",");
        self.out.line(&format!(
            "feature myname=\"{name}\" variants=\"{variants}\" usermove=1 setboard=1 ping=1 \
             memory=1 smp=1 sigint=0 sigterm=0 colors=0 analyze=1 draw=0"
        ));
        self.out.line("feature done=1");
    }

    /// What QBoard relays intact between engines, while the GUI is QBoard and plays this
    /// variant (none under XBoard).
    fn qboard_relay(&self) -> Option<QboardRelay> {
        if self.xboard {
            None
        } else {
            self.dialect.qboard_relay()
        }
    }

    /// Runs `f` on the session; an error is reported against `line`.
    fn or_error(&mut self, f: impl FnOnce(&mut Self) -> Result<(), String>, line: &str) {
        if let Err(e) = f(self) {
            self.error(&e, line);
        }
    }

    /// `memory N` / `cores N`: sets the engine option `name`.
    fn option(&mut self, name: &str, args: &[&str], line: &str) {
        let value = match args {
            [n] => match n.parse::<u64>() {
                Ok(n) => n.max(1).to_string(),
                Err(_) => return self.error("not a number", line),
            },
            _ => return self.error("needs one number", line),
        };
        if let Err(e) = self.engine.set_option(name, &value) {
            self.error(&e, line);
        }
    }

    /// A malformed or unexpected command (both clipped: they may repeat long input).
    fn error(&self, reason: &str, cmd: &str) {
        let reason = clip(reason, MAX_ERROR);
        let cmd = clip(cmd, MAX_ECHO);
        if self.xboard {
            self.out.line(&format!("Error ({reason}): {cmd}"));
        } else {
            self.out
                .line(&qboard_safe(&format!("# error ({reason}): {cmd}")));
        }
    }

    /// A move that cannot be played (both clipped: they may repeat long input).
    fn illegal(&self, reason: &str, mv: &str) {
        let reason = clip(reason, MAX_ERROR);
        let mv = clip(mv, MAX_ECHO);
        if self.xboard {
            self.out.line(&format!("Illegal move ({reason}): {mv}"));
        } else {
            self.out
                .line(&qboard_safe(&format!("# rejected move ({reason}): {mv}")));
        }
    }

    fn side_to_move(&self) -> Colour {
        self.game.position().side_to_move()
    }

    /// The result, if the game is over by the rules.
    fn result(&mut self) -> Option<GameResult> {
        let checks = &self.checks;
        self.game.result(checks)
    }

    /// Replaces the game: `pos` starts it (no history).
    fn set_position(&mut self, pos: AnyPosition) {
        self.game = Game::new(CHU_PLAY, pos);
        self.checks.clear();
        self.unconfirmed = None;
    }

    /// Plays `m` on the game's board, recording whether it gave check.
    fn play(&mut self, m: Move) {
        self.game.make(m);
        let check = self.game.gave_check();
        self.checks.push(check);
    }

    /// `undo` (1) / `remove` (2). With nothing to take back it is an error and a running
    /// search goes on (errors never stop the engine: it would never send its move).
    fn take_back(&mut self, plies: usize, line: &str) {
        let have = self.game.position().ply();
        if have < plies {
            self.error("no move to take back", line);
            return;
        }
        self.halt();
        for _ in 0..plies {
            self.game.take_back();
            self.checks.pop();
        }
        self.unconfirmed = None;
        self.changed();
    }

    /// A move from the GUI (`usermove m` or a bare move). The move is checked before a running
    /// search is stopped: a rejected move (unreadable, illegal, after the end of the game,
    /// forbidden by repetition) leaves the search running, so the engine still sends its move
    /// (errors never stop the engine).
    fn usermove(&mut self, text: &str) {
        // The dialect reads the pass `@@@@` and QBoard's garbled relay of it (`@@@64`); any
        // other text beginning `@` is no move.
        if let Some(r) = self.result() {
            self.illegal(&format!("the game is over: {}", r.reason), text);
            return;
        }
        let m = match self.dialect.parse_move(self.game.position(), text) {
            Ok(m) => m,
            Err(e) => match self.refereed_move(text) {
                Some(m) => m,
                None => {
                    // Re-reading QBoard's previous move changes the game: found first, applied
                    // only once the search is stopped.
                    let Some(r) = self
                        .unconfirmed
                        .as_ref()
                        .and_then(|u| u.reread(&self.dialect, self.game.position(), text))
                    else {
                        return self.illegal(&e, text);
                    };
                    self.halt();
                    self.apply_reread(r)
                }
            },
        };
        if self.game.forbidden_by_history(m) {
            self.illegal("it repeats an earlier position", text);
            return;
        }
        self.halt();
        self.note_unconfirmed(text, m);
        self.play(m);
        if self.analyse {
            self.changed();
        } else if !self.force {
            match self.result() {
                Some(r) => {
                    let side = self.side_to_move();
                    self.announce(r, side);
                }
                None => self.think(),
            }
        }
    }

    /// Under chu's joint play (we play only moves legal for lishogi and HaChu alike), an
    /// opponent's move that the main reading does not allow is read in the other.
    fn refereed_move(&self, text: &str) -> Option<Move> {
        let j = self.game.joint()?;
        self.dialect.parse_move(j.other(), text).ok()
    }

    /// Under QBoard, remembers `m` (read from `text`, about to be played) if it could have been
    /// a promotion QBoard did not pass on. A remembered move is forgotten when the same side's
    /// next move has been read (in force mode the other side's moves come in between).
    fn note_unconfirmed(&mut self, text: &str, m: Move) {
        if self.qboard_relay().is_none() {
            return;
        }
        let fresh = Unconfirmed::of(&self.dialect, self.game.position(), text, m);
        let ply = self.game.position().ply();
        let answered = self
            .unconfirmed
            .as_ref()
            .is_some_and(|u| u.same_side_at(ply));
        if fresh.is_some() || answered {
            self.unconfirmed = fresh;
        }
    }

    /// Under QBoard, a move that cannot be read may be legal had QBoard's previous move promoted
    /// (QBoard did not pass the promotion on, [`Unconfirmed::reread`] finds it): then the game
    /// is re-read that way, the GUI is told in a `#` line, and the move is returned.
    fn apply_reread(&mut self, r: qboard::Reread) -> Move {
        self.out.line(&qboard_safe(&r.note));
        let keep = self.checks.len().saturating_sub(r.checks.len());
        self.checks.truncate(keep);
        self.checks.extend(r.checks);
        self.game.follow(r.position);
        self.unconfirmed = None;
        r.next
    }

    /// The position changed outside a game's flow: analysis starts again on it.
    fn changed(&mut self) {
        if self.analyse && self.result().is_none() {
            let go = Go {
                infinite: true,
                ..Go::default()
            };
            self.start(go, true);
        }
    }

    /// Starts thinking about the engine's move.
    fn think(&mut self) {
        let (side, ply) = (
            self.game.position().side_to_move(),
            self.game.position().ply(),
        );
        let mut go = self.time.go(side, (ply / 2) as u32);
        go.playable = self.qboard_relay().map(qboard::playable);
        go.reachable = self.qboard_relay().map(qboard::reachable);
        // Under the joint, only moves both readings allow (if none, HaChu's reading's moves).
        if let Some(both) = self.game.root_moves() {
            go.searchmoves = both;
        }
        self.start(go, false);
    }

    fn start(&mut self, go: Go, analysis: bool) {
        if self.engine_variant.as_deref() != Some(&self.dialect.cecp_name) {
            self.engine.set_variant(self.dialect.variant.clone());
            self.engine_variant = Some(self.dialect.cecp_name.clone());
        }
        self.next_id += 1;
        let id = self.next_id;
        let report = CecpReporter {
            out: self.out.clone(),
            events: self.tx.clone(),
            id,
            dialect: self.dialect.clone(),
            pos: self.game.position().clone(),
            post: self.post.clone(),
            analysis,
        };
        self.engine.go(self.game.position(), &go, Box::new(report));
        self.search = if analysis {
            Search::Analysing(id)
        } else {
            Search::Thinking(id)
        };
    }

    /// Stops a running search and forgets it (its move will not be played); answers the `ping`s
    /// that waited for it.
    fn halt(&mut self) {
        if self.search != Search::Idle {
            self.engine.stop();
            self.engine.wait();
            self.search = Search::Idle;
        }
        self.answer_pings();
    }

    fn answer_pings(&mut self) {
        for pong in std::mem::take(&mut self.pongs) {
            self.out.line(&pong);
        }
    }

    /// A search finished: play its move if it is the current search for a move.
    fn search_done(&mut self, id: u64, best: Option<Move>) {
        match self.search {
            Search::Thinking(cur) if cur == id => {}
            Search::Analysing(cur) if cur == id => {
                self.search = Search::Idle;
                return;
            }
            _ => return,
        }
        self.search = Search::Idle;
        let side = self.side_to_move();
        match best {
            Some(m) => {
                if self.qboard_relay().is_some_and(|r| !r.carries(m)) {
                    self.out.line(
                        "# note: QBoard cannot relay this move intact, and no move it can relay \
                         is legal",
                    );
                }
                for leg in self.dialect.move_lines(self.game.position(), m) {
                    self.out.line(&format!("move {leg}"));
                }
                self.play(m);
                if let Some(r) = self.result() {
                    if !self.xboard {
                        // QBoard must read the move before the result (module `qboard`).
                        std::thread::sleep(self.result_hold);
                    }
                    self.announce(r, side);
                }
            }
            None => match self.result() {
                Some(r) => self.announce(r, side),
                None => self.out.line(if self.xboard {
                    "resign"
                } else {
                    "bestmove resign"
                }),
            },
        }
        self.answer_pings();
    }

    /// Tells the GUI the game is over, `engine` being the engine's side: XBoard gets a result
    /// line (its white is our first player), QBoard `bestmove win`, `bestmove resign` or
    /// `offer draw`.
    fn announce(&self, r: GameResult, engine: Colour) {
        if self.xboard {
            let score = match r.outcome {
                Outcome::Win(Colour::Black) => "1-0",
                Outcome::Win(Colour::White) => "0-1",
                Outcome::Draw => "1/2-1/2",
            };
            self.out.line(&format!("{score} {{{}}}", r.reason));
        } else {
            self.out.line(match r.outcome {
                Outcome::Win(c) if c == engine => "bestmove win",
                Outcome::Win(_) => "bestmove resign",
                Outcome::Draw => "offer draw",
            });
        }
    }

    /// A line in edit mode: `.` ends it, anything else edits the board.
    fn edit_line(&mut self, line: &str) {
        let first = self.side_to_move() == Colour::Black;
        let Some(board) = self.edit.as_mut() else {
            return;
        };
        if line == "." {
            let result = board.finish(first);
            self.edit = None;
            match result {
                Ok(p) => {
                    self.set_position(p);
                    self.changed();
                }
                Err(e) => self.error(&format!("edit: {e}"), "."),
            }
        } else if let Err(e) = board.command(line) {
            self.error(&e, line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qboard_triggers_are_reworded() {
        assert_eq!(
            qboard_safe("# error (Illegal Move here; telluser x): tellusererror"),
            "# error (invalid move here; tell user x): tell user error"
        );
        assert_eq!(qboard_safe("askUser TELLALL"), "ask user tell all");
    }

    #[test]
    fn moves_and_commands() {
        assert!(looks_like_move("a6a7"));
        assert!(looks_like_move("f5xf15+"));
        assert!(looks_like_move("@@@@"));
        assert!(!looks_like_move("frobnicate"));
        assert!(!looks_like_move("."));
    }
}
