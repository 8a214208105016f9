//! One game as the GUI keeps it: the start position, the moves played (each checked by the
//! move generator), which of them the page shows (stepping through the record), and how the
//! game ended. Nothing here knows about engines or the page.

use std::sync::Arc;

use taikyoku_movegen::{AnyPosition, Colour, GameResult, Move, MoveSquares, Outcome, Variant};

/// One move of the game.
#[derive(Clone, Debug)]
pub struct Played {
    /// The move, valid in the position before it.
    pub mv: Move,
    /// In our notation.
    pub text: String,
    /// In Hodges notation.
    pub hodges: String,
    /// The squares it touched.
    pub squares: MoveSquares,
    /// Whether it gave check (for the perpetual-check rule).
    pub check: bool,
}

/// How a game ended, in words for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner, or `None` for a draw.
    pub winner: Option<Colour>,
    /// Why (`objective captured`, `White resigned`, `move limit`).
    pub reason: String,
}

impl Ending {
    fn from_result(r: GameResult) -> Ending {
        Ending {
            winner: match r.outcome {
                Outcome::Win(c) => Some(c),
                Outcome::Draw => None,
            },
            reason: r.reason.to_string(),
        }
    }

    /// `Black wins (objective captured)`, `Draw (fourfold repetition)`.
    pub fn describe(&self) -> String {
        match self.winner {
            Some(Colour::Black) => format!("Black wins ({})", self.reason),
            Some(Colour::White) => format!("White wins ({})", self.reason),
            None => format!("Draw ({})", self.reason),
        }
    }
}

/// A game: start position, moves, the shown ply and the result.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Arc<Variant>,
    start_text: String,
    start: AnyPosition,
    moves: Vec<Played>,
    cursor: usize,
    shown: AnyPosition,
    /// An ending the rules do not decide (resignation, move limit), valid at the last ply.
    declared: Option<Ending>,
    /// The result of the shown position by the rules, computed when it changes.
    ruled: Option<Ending>,
}

impl Game {
    /// A game from `start` (`startpos` or a position in our notation); the error says what is
    /// wrong with the position.
    pub fn new(variant: Arc<Variant>, start: &str) -> Result<Game, String> {
        let start = start.trim();
        let pos = AnyPosition::parse(variant.clone(), start).map_err(|e| e.to_string())?;
        let start_text = if start == "startpos" {
            "startpos".to_string()
        } else {
            pos.to_notation()
        };
        let mut g = Game {
            variant,
            start_text,
            start: pos.clone(),
            moves: Vec::new(),
            cursor: 0,
            shown: pos,
            declared: None,
            ruled: None,
        };
        g.rule();
        Ok(g)
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// `startpos` or the start position in notation.
    pub fn start_text(&self) -> &str {
        &self.start_text
    }

    /// Every move of the game (also those after the shown ply).
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// How many moves lead to the shown position.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether the shown position is the game's latest.
    pub fn at_end(&self) -> bool {
        self.cursor == self.moves.len()
    }

    /// The shown position.
    pub fn shown(&self) -> &AnyPosition {
        &self.shown
    }

    /// The ending of the shown position, if the game is over there.
    pub fn ending(&self) -> Option<&Ending> {
        if self.at_end() {
            if let Some(d) = &self.declared {
                return Some(d);
            }
        }
        self.ruled.as_ref()
    }

    /// Plays a move given in our notation (or any path with the same effect) at the shown
    /// position; moves after it in the record are dropped first. On an error, which says why,
    /// nothing changes.
    pub fn play(&mut self, text: &str) -> Result<&Played, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("no move given".into());
        }
        if text.len() > 200 {
            return Err("a move is at most 200 characters".into());
        }
        if let Some(e) = self.ending() {
            return Err(format!("the game is over: {}", e.describe()));
        }
        let m = self
            .shown
            .parse_move(text)
            .map_err(|e| format!("{text}: {}", e.0))?;
        self.play_move(m).map_err(|e| format!("{text}: {e}"))?;
        Ok(self.moves.last().expect("just played"))
    }

    /// Plays a generated move of the shown position (see [`Game::play`]).
    pub fn play_move(&mut self, m: Move) -> Result<(), String> {
        let mut next = self.shown.clone();
        let text = next.move_to_string(m);
        let hodges = next.hodges(m);
        let squares = next.move_squares(m);
        next.play_move(m)?;
        let check = next.gave_check();
        self.moves.truncate(self.cursor);
        self.declared = None;
        self.moves.push(Played {
            mv: m,
            text,
            hodges,
            squares,
            check,
        });
        self.cursor += 1;
        self.shown = next;
        self.rule();
        Ok(())
    }

    /// Declares an ending the rules do not decide (resignation, move limit) at the last ply.
    pub fn declare(&mut self, winner: Option<Colour>, reason: &str) {
        self.declared = Some(Ending {
            winner,
            reason: reason.to_string(),
        });
    }

    /// Takes back the last `n` moves (at most all of them) and shows the new last position.
    pub fn undo(&mut self, n: usize) {
        let keep = self.moves.len().saturating_sub(n);
        self.moves.truncate(keep);
        self.declared = None;
        self.goto(keep);
    }

    /// Shows the position after `ply` moves (clamped to the game's length).
    pub fn goto(&mut self, ply: usize) {
        let ply = ply.min(self.moves.len());
        let mut pos = self.start.clone();
        for p in &self.moves[..ply] {
            // Replaying moves that were checked when played cannot fail.
            if pos.play_move(p.mv).is_err() {
                break;
            }
        }
        self.shown = pos;
        self.cursor = ply;
        self.rule();
    }

    /// The side to move in the shown position.
    pub fn side_to_move(&self) -> Colour {
        self.shown.side_to_move()
    }

    /// The `position` command that sets the shown position up for a USI engine, history
    /// included.
    pub fn usi_position(&self) -> String {
        let mut s = if self.start_text == "startpos" {
            "position startpos".to_string()
        } else {
            format!("position sfen {}", self.start_text)
        };
        if self.cursor > 0 {
            s.push_str(" moves");
            for p in &self.moves[..self.cursor] {
                s.push(' ');
                s.push_str(&p.text);
            }
        }
        s
    }

    fn rule(&mut self) {
        let checks: Vec<bool> = self.moves[..self.cursor].iter().map(|p| p.check).collect();
        let mut pos = self.shown.clone();
        self.ruled = pos.game_result(&checks).map(Ending::from_result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chu() -> Game {
        Game::new(Variant::builtin("chu").unwrap(), "startpos").unwrap()
    }

    #[test]
    fn moves_are_checked_and_bad_ones_change_nothing() {
        let mut g = chu();
        let before = g.shown().to_notation();
        for bad in ["", "3i", "3i3g", "zz", "3i3h3g3f", "1a1b", &"1".repeat(300)] {
            assert!(g.play(bad).is_err(), "{bad}");
            assert_eq!(g.shown().to_notation(), before);
            assert!(g.moves().is_empty());
        }
        let p = g.play("3i3h").unwrap();
        assert_eq!(p.hodges, "P-3h");
        assert_eq!(p.squares.path, ["3i", "3h"]);
        assert_eq!(g.cursor(), 1);
        assert_eq!(g.side_to_move(), Colour::White);
        assert_eq!(g.usi_position(), "position startpos moves 3i3h");
    }

    #[test]
    fn stepping_back_and_playing_drops_the_future() {
        let mut g = chu();
        g.play("3i3h").unwrap();
        g.play("3d3e").unwrap();
        g.goto(1);
        assert!(!g.at_end());
        assert_eq!(g.usi_position(), "position startpos moves 3i3h");
        g.goto(99);
        assert_eq!(g.cursor(), 2);
        g.goto(1);
        g.play("5d5e").unwrap();
        assert_eq!(g.moves().len(), 2);
        assert_eq!(g.moves()[1].text, "5d5e");
        g.undo(5);
        assert_eq!(g.cursor(), 0);
        assert!(g.moves().is_empty());
    }

    #[test]
    fn endings_by_rule_and_by_declaration() {
        let v = Variant::builtin("dai-dai").unwrap();
        // Black has no king left: White has won.
        let board = format!("16k{}", "/17".repeat(16));
        let mut g = Game::new(v, &format!("{board} b - 9")).unwrap();
        let e = g.ending().unwrap();
        assert_eq!(e.describe(), "White wins (objective captured)");
        assert!(g.play("1a1b").is_err());
        let mut g2 = chu();
        g2.declare(Some(Colour::White), "Black resigned");
        assert_eq!(
            g2.ending().unwrap().describe(),
            "White wins (Black resigned)"
        );
        assert!(g2.play("3i3h").is_err());
        g2.undo(1);
        assert!(g2.ending().is_none());
        g.goto(0);
        assert!(g.ending().is_some());
    }

    #[test]
    fn positions_are_parsed_or_refused() {
        let v = Variant::builtin("chu").unwrap();
        assert!(Game::new(v.clone(), "not a position").is_err());
        let g = Game::new(v.clone(), "11k/12/12/12/12/12/12/12/12/12/12/K11 w - 5").unwrap();
        assert!(g.usi_position().starts_with("position sfen 11k/"));
    }
}
