//! What an engine is asked on its turn and what it answers, whatever its protocol.

use std::time::Duration;

use super::clock::TimeControl;

/// The answer to a `go`.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The move in the project's notation (`resign` for a resignation). For a CECP move that
    /// could not be read, the engine's own text.
    pub bestmove: String,
    /// The last reported score (centipawns from the mover's side; mates as +-30000).
    pub score: Option<i32>,
    /// Time from sending `go` to receiving the move.
    pub elapsed: Duration,
    /// Why the move is not a legal move of the position, when the protocol layer already
    /// found out (a CECP move text that names no legal move).
    pub illegal: Option<String>,
}

/// What an engine is asked on its turn: the whole game so far and the clocks.
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The game's first position: `startpos` or a position in our notation.
    pub opening: &'a str,
    /// The moves played since, in our notation.
    pub moves: &'a [String],
    /// Time left on each clock, indexed by colour (Black = 0).
    pub clock: [Duration; 2],
    /// The time control this engine plays under (its own limit, or the match's).
    pub tc: TimeControl,
    /// How long to wait for the move.
    pub timeout: Duration,
    /// Index of the side to move (Black = 0).
    pub side: usize,
}
