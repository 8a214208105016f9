//! Playing through QBoard, which loses parts of some moves on the way between engines
//! ([`crate::dialect::relay`]) and reads engine output in chunks:
//! - the engine plays only moves QBoard relays intact ([`playable`]: the search's test of its
//!   own moves, at the root and in the tree), and expects from the opponent only moves that can
//!   reach it ([`reachable`]: no Ko move-then-shoot, whose shots QBoard cuts off);
//! - a move from QBoard that could have been a promotion QBoard did not pass on is remembered
//!   ([`Unconfirmed`]); if the opponent's next move is legal only had it promoted, the game is
//!   re-read that way;
//! - a result after the engine's own move is held back ([`RESULT_HOLD`]) so that the move
//!   arrives in a read of its own: QBoard looks for `bestmove win` in what it has read before it
//!   looks for a move, and drops the move when both arrive together.

use std::sync::Arc;
use std::time::Duration;

use taikyoku_movegen::{AnyPosition, Move, Promotion};

use crate::dialect::relay::QboardRelay;
use crate::dialect::Dialect;
use crate::engine::Playable;

/// How long a result (`bestmove win`, `bestmove resign`, `offer draw`) waits after the engine's
/// own move. QBoard reads everything that has arrived when it gets to its event loop; the relay
/// harness (`cli/tests/qboard/`), reading as QBoard does, measured what this must exceed
/// (docs/cecp.md, "QBoard's relay"), and a GUI busy painting may take longer, so the margin is
/// wide: a game ends once, and the wait costs nothing else.
pub const RESULT_HOLD: Duration = Duration::from_millis(1000);

/// The test the search applies to the engine's own moves when QBoard relays them.
pub fn playable(relay: QboardRelay) -> Playable {
    Playable(Arc::new(move |m| relay.carries(m)))
}

/// The test the search applies to the opponent's moves when QBoard relays them: those that can
/// reach the engine ([`QboardRelay::reaches`]).
pub fn reachable(relay: QboardRelay) -> Playable {
    Playable(Arc::new(move |m| relay.reaches(m)))
}

/// A move read from QBoard without promotion although the same text with `+` was a legal
/// promotion: QBoard drops the `+` of multi-leg moves it relays, and sends a human's lion-type
/// moves before it asks whether to promote. Where promotion is compulsory the bare text already
/// reads as promoting, so only optional promotions are left unconfirmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unconfirmed {
    /// The game's ply before the move.
    ply: usize,
    /// The move as read (not promoting).
    read: Move,
    /// The promoting reading of the same text.
    promoted: Move,
    /// The text QBoard sent.
    text: String,
}

/// The game re-read with an unconfirmed move promoting: the new position, whether each replayed
/// move gave check, and the move that could not be read before.
pub struct Reread {
    /// The game with the promoting reading and every later move replayed.
    pub position: AnyPosition,
    /// Whether each replayed move gave check, in order (the game's record from the
    /// unconfirmed move on).
    pub checks: Vec<bool>,
    /// The opponent's move, legal in the re-read game.
    pub next: Move,
    /// A `#` line saying what was done.
    pub note: String,
}

impl Unconfirmed {
    /// `read`, just read from `text` in `pos` (before it is played), if `text + "+"` is a
    /// different, legal, promoting move.
    pub fn of(dialect: &Dialect, pos: &AnyPosition, text: &str, read: Move) -> Option<Unconfirmed> {
        let text = text.trim();
        if read.promotion() == Promotion::Promote || text.ends_with('+') || text.starts_with('@') {
            return None;
        }
        let promoted = dialect.parse_move(pos, &format!("{text}+")).ok()?;
        (promoted != read && promoted.promotion() == Promotion::Promote).then(|| Unconfirmed {
            ply: pos.ply(),
            read,
            promoted,
            text: text.to_string(),
        })
    }

    /// Whether the move played at `ply` is by the side that played the unconfirmed move (its
    /// next move, which either confirms the reading or shows it wrong, and so ends the doubt).
    pub fn same_side_at(&self, ply: usize) -> bool {
        ply > self.ply && (ply - self.ply).is_multiple_of(2)
    }

    /// The game `game` (in which the unconfirmed move and the moves after it were played)
    /// re-read with the move promoting, if the opponent's move `next`, which cannot be read in
    /// `game`, is legal there. None when the game does not reach back to the move, a later
    /// move is not legal in the re-read game, or `next` is not legal there either.
    pub fn reread(&self, dialect: &Dialect, game: &AnyPosition, next: &str) -> Option<Reread> {
        let mut q = game.clone();
        let now = q.ply();
        if now <= self.ply {
            return None;
        }
        let mut later = Vec::with_capacity(now - self.ply - 1);
        for _ in self.ply + 1..now {
            later.push(q.take_back()?);
        }
        if q.take_back() != Some(self.read) {
            return None;
        }
        let mut checks = Vec::with_capacity(later.len() + 1);
        for &m in std::iter::once(&self.promoted).chain(later.iter().rev()) {
            if !q.legal_moves().contains(&m) {
                return None;
            }
            q.make(m);
            checks.push(q.gave_check());
        }
        let next_move = dialect.parse_move(&q, next).ok()?;
        let note = format!(
            "# QBoard sent '{}' without its promotion: read as '{}+', the only reading in which \
             '{}' is legal",
            self.text,
            self.text,
            next.trim()
        );
        Some(Reread {
            position: q,
            checks,
            next: next_move,
            note,
        })
    }
}

#[cfg(test)]
mod tests;
