//! What every protocol loop shares with the search: the [`Engine`] trait a loop drives, the
//! [`Go`] parameters of a search, the [`Reporter`] a search reports to with [`Thinking`] and
//! [`Score`] in protocol-neutral form, the engine's options, and the [`Output`] lines are written
//! to. The protocols (`usi`, `cecp`) format these their own way.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use taikyoku_movegen::{AnyPosition, Move, Variant};

/// The longest error message written, in characters (messages quote input).
pub const MAX_ERROR: usize = 400;

/// Where protocol output goes; shared with the search thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Output to any writer.
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(w)))
    }

    /// Writes one line and flushes (errors writing are ignored: the GUI has gone).
    pub fn line(&self, s: &str) {
        if let Ok(mut w) = self.0.lock() {
            let _ = writeln!(w, "{s}");
            let _ = w.flush();
        }
    }
}

/// The search parameters of a `go` command.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    /// `btime`, `wtime`: clocks of Black and White.
    pub time: [Option<Duration>; 2],
    /// `binc`, `winc`.
    pub inc: [Duration; 2],
    /// `byoyomi`.
    pub byoyomi: Duration,
    /// `movestogo`.
    pub moves_to_go: Option<u32>,
    /// `movetime`.
    pub movetime: Option<Duration>,
    /// `depth`.
    pub depth: Option<i32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `infinite`.
    pub infinite: bool,
    /// `ponder`.
    pub ponder: bool,
    /// How long the `position` command before this `go` took to read and replay (a long
    /// `moves` list of a giant game): the GUI's clock was already running, so the move's budget
    /// counts it.
    pub position_cost: Duration,
    /// `searchmoves`: only these moves at the root (empty: any).
    pub searchmoves: Vec<Move>,
    /// Only moves passing this test for the side to move, at the root and wherever it moves in
    /// the search (CECP under QBoard: the moves QBoard can relay).
    pub playable: Option<Playable>,
    /// Only moves passing this test for the opponent, wherever it moves in the search (CECP
    /// under QBoard: the moves that can reach the engine through QBoard; a Ko move-then-shoot
    /// cannot, so it is no threat).
    pub reachable: Option<Playable>,
}

/// A test of the moves the engine may play, shared with the search threads.
#[derive(Clone)]
pub struct Playable(pub Arc<dyn Fn(Move) -> bool + Send + Sync>);

impl Playable {
    /// Whether `m` passes the test.
    pub fn allows(&self, m: Move) -> bool {
        (self.0)(m)
    }
}

impl std::fmt::Debug for Playable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Playable(..)")
    }
}

/// Two tests are equal when they are the same closure.
impl PartialEq for Playable {
    fn eq(&self, other: &Playable) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// One option the engine offers (USI prints it as an `option` line, CECP as a feature).
#[derive(Clone, Debug)]
pub struct EngineOption {
    /// Option name.
    pub name: String,
    /// The rest of the `option` line after the name (`type spin default 1 min 1 max 64`).
    pub spec: String,
}

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves of the side to move; negative when it is being mated.
    Mate(i32),
}

/// What the search knows after one iteration, in protocol-neutral form: each protocol formats
/// it its own way (USI `info ...`, CECP `depth score time nodes pv`).
#[derive(Clone, Copy, Debug)]
pub struct Thinking<'a> {
    /// Completed depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// The score.
    pub score: Score,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table use, permille.
    pub hashfull: u32,
    /// Principal variation from the searched position (may end early in moves that are no
    /// longer pseudo-legal; formatters stop there).
    pub pv: &'a [Move],
    /// The score is a lower bound (an iteration stopped before it searched every root move).
    pub lower_bound: bool,
    /// Which line this is under MultiPV (1 the best); `None` when one line was asked for.
    pub multipv: Option<usize>,
}

/// Receives a search's reports; the protocol that started the search decides how they are
/// written. Called from the search thread, hence `Send`.
pub trait Reporter: Send {
    /// One iteration finished.
    fn thinking(&mut self, t: &Thinking);
    /// The search is over: its move (`None`: the side to move has none) and the expected reply.
    fn finished(&mut self, best: Option<Move>, ponder: Option<Move>);
}

/// The search side of every protocol: the USI and CECP loops drive an engine only through this.
pub trait Engine {
    /// `id name` and `id author`.
    fn id(&self) -> (String, String);
    /// The engine's options (the protocol adds `USI_Variant`).
    fn options(&self) -> Vec<EngineOption>;
    /// Sets an option; an error explains why not.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// The game's variant changed.
    fn set_variant(&mut self, variant: Arc<Variant>);
    /// `isready`: finish any preparation (hash allocation).
    fn ready(&mut self);
    /// `usinewgame`.
    fn new_game(&mut self);
    /// Starts searching `pos` (its history holds the game's earlier positions). Returns at once;
    /// the search reports each iteration and finally its move to `report`.
    fn go(&mut self, pos: &AnyPosition, go: &Go, report: Box<dyn Reporter>);
    /// Asks a running search to stop (it then reports its move).
    fn stop(&mut self);
    /// The opponent played the pondered move: the search goes on with its normal time.
    fn ponderhit(&mut self);
    /// Waits until no search is running.
    fn wait(&mut self);
    /// Whether a search is running.
    fn searching(&mut self) -> bool;
}
