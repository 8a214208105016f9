//! The game layer: the rules that depend on the game's history (repetition, perpetual check) and
//! how a game ends. Move generation itself ignores history; everything that plays or referees
//! games (search, protocols, the match runner) asks this module.
//!
//! - Dai dai (`repetition = forbidden`): a move may not recreate an earlier position with the
//!   same side to move.
//! - Taikyoku, Maka dai dai (`repetition = fourfold`): the fourth occurrence of a position with
//!   the same side to move ends the game as a draw, except that a side which gave check with
//!   every one of its moves in the cycle loses.
//! - Modern Taikyoku (`repetition = fivefold`, tomatene's rule): the fifth occurrence is a
//!   draw.
//! - A side whose royal pieces are all captured loses; a side with no move loses.

use std::fmt;

use crate::board::geometry::{Colour, Square};
use crate::board::moves::Move;
use crate::board::position::Position;
use crate::definition::variant_file::RepetitionRule;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The given side won.
    Win(Colour),
    /// Nobody won.
    Draw,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The loser's last royal piece was captured.
    ObjectiveCaptured,
    /// The side to move had no move (in Dai dai, none that avoids a repetition).
    NoMoves,
    /// The same position occurred for the fourth time.
    Repetition,
    /// The same position occurred for the fifth time (`repetition = fivefold`).
    FivefoldRepetition,
    /// The same position occurred for the fourth time and the loser checked with every move of
    /// the cycle.
    PerpetualCheck,
    /// Chu shogi: the loser had only its king left (dead pawns and lances aside).
    BareKing,
    /// Chu shogi: only the two kings are left.
    BareKings,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::ObjectiveCaptured => "objective captured",
            EndReason::NoMoves => "no legal move",
            EndReason::Repetition => "fourfold repetition",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::BareKing => "bare king",
            EndReason::BareKings => "bare kings",
        })
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub reason: EndReason,
}

impl<const N: usize> Position<N> {
    /// How many earlier positions of this game (as recorded by make) equal the current one with
    /// the same side to move.
    pub fn repetitions(&self) -> usize {
        let h = self.reversible_history();
        let len = h.len();
        (1..=len / 2)
            .filter(|k| h[len - 2 * k] == self.hash())
            .count()
    }

    /// Whether the current position occurred earlier in the game with the same side to move.
    pub fn is_repetition(&self) -> bool {
        self.repetition_distance().is_some()
    }

    /// How many plies back the current position last occurred with the same side to move
    /// (the length of the cycle that repeats it), if it did since the last irreversible move.
    pub fn repetition_distance(&self) -> Option<usize> {
        let h = self.reversible_history();
        (2..=h.len())
            .step_by(2)
            .find(|&k| h[h.len() - k] == self.hash())
    }

    /// Whether the rules forbid playing `m` here because of its history (Dai dai: it would
    /// recreate an earlier position with the same side to move).
    pub fn is_forbidden_by_history(&mut self, m: Move) -> bool {
        if self.variant().repetition() != RepetitionRule::Forbidden {
            return false;
        }
        self.make(m);
        let repeated = self.is_repetition();
        self.unmake();
        repeated
    }

    /// The moves the rules allow here, history included.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut moves = self.moves();
        if self.variant().repetition() == RepetitionRule::Forbidden {
            moves.retain(|&m| !self.is_forbidden_by_history(m));
        }
        moves
    }

    /// Whether the side that just moved could now capture a piece of the side to move whose
    /// loss alone would lose the game (its sole royal piece; in Ko shogi also the middle troop
    /// or banner of a side that lives by them): the move "gave check". Found by generating the
    /// mover's moves, so every way of capturing counts (shots and burns included).
    ///
    /// In chu shogi (`perpetual-chasing = yes`) an attacking move also counts: one after which the
    /// piece that moved attacks any enemy piece (perpetual chasing is punished too).
    pub fn gave_check(&mut self) -> bool {
        let victim = self.side_to_move();
        if self.last_move_chases() {
            return true;
        }
        let critical = self.critical_squares(victim);
        if critical.is_empty() {
            return false;
        }
        self.make_null();
        let mut moves = Vec::new();
        self.generate_captures(&mut moves);
        let mut hit = false;
        for m in moves {
            self.for_each_captured(m, |sq, _| hit |= critical.contains(&sq));
            if hit {
                break;
            }
        }
        self.unmake_null();
        hit
    }

    /// Whether the last move was an attacking move of perpetual chasing (`perpetual-chasing =
    /// yes`, chu shogi): the piece that moved attacks an enemy piece. Always false under other
    /// rules. No allocation: the search asks it at repeated positions.
    pub fn last_move_chases(&self) -> bool {
        if !self.variant().def.rules.perpetual_chasing {
            return false;
        }
        let Some(m) = self.last_move() else {
            return false;
        };
        let at = m.to();
        self.board[at.index()].is_piece()
            && self.plist[self.side_to_move().index()]
                .iter()
                .any(|&s| self.attacks_on(&self.board, at, Square(s)))
    }

    /// The squares of `side`'s pieces whose loss alone would lose it the game.
    pub(crate) fn critical_squares(&self, side: Colour) -> Vec<crate::board::geometry::Square> {
        let v = self.variant().clone();
        let mut out = Vec::new();
        for sq in self.pieces(side) {
            let p = self.piece_at(sq);
            let f = v.form(p);
            let in_group = v
                .zone_promotion
                .as_ref()
                .is_some_and(|ko| ko.commander_groups.iter().any(|g| g.contains(&f.kind)));
            if !f.royal && !in_group {
                continue;
            }
            if self.lost_without(side, p) {
                out.push(sq);
            }
        }
        out
    }

    /// The result if the game is over. `checks[i]` says whether the i-th move of the game (as
    /// recorded in this position's history) gave check; it decides perpetual check.
    pub fn game_result(&mut self, checks: &[bool]) -> Option<GameResult> {
        if let Some(w) = self.winner() {
            return Some(GameResult {
                outcome: Outcome::Win(w),
                reason: EndReason::ObjectiveCaptured,
            });
        }
        if let Some(r) = self.bare_king_result() {
            return Some(r);
        }
        let us = self.side_to_move();
        if self.variant().repetition() == RepetitionRule::Fivefold && self.repetitions() >= 4 {
            return Some(GameResult {
                outcome: Outcome::Draw,
                reason: EndReason::FivefoldRepetition,
            });
        }
        if self.variant().repetition() == RepetitionRule::Fourfold && self.repetitions() >= 3 {
            // The cycle: from the first of the repeated occurrences to now.
            let len = self.history().len();
            let h = self.reversible_history();
            let rlen = h.len();
            let first = (1..=rlen / 2)
                .rev()
                .find(|k| h[rlen - 2 * k] == self.hash())
                .map(|k| len - 2 * k)
                .unwrap_or(len);
            let cycle = first..len;
            // Moves in the cycle by each side: ply i was played by the side to move at ply i.
            let side_of = |i: usize| {
                if (len - i).is_multiple_of(2) {
                    us
                } else {
                    us.flip()
                }
            };
            let all_checks = |c: Colour| {
                cycle
                    .clone()
                    .filter(|&i| side_of(i) == c)
                    .all(|i| checks.get(i).copied().unwrap_or(false))
            };
            let (a, b) = (all_checks(us), all_checks(us.flip()));
            let outcome = match (a, b) {
                (true, false) => Outcome::Win(us.flip()),
                (false, true) => Outcome::Win(us),
                _ => Outcome::Draw,
            };
            return Some(GameResult {
                outcome,
                reason: if outcome == Outcome::Draw {
                    EndReason::Repetition
                } else {
                    EndReason::PerpetualCheck
                },
            });
        }
        if self.legal_moves().is_empty() {
            return Some(GameResult {
                outcome: Outcome::Win(us.flip()),
                reason: EndReason::NoMoves,
            });
        }
        None
    }
}
