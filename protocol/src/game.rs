//! A game as the protocols and the referee keep it: the position in its main reading and, when
//! chu is played under a joint of two readings (`ChuRules` `both` or `either`, module
//! [`crate::joint`]), the same game in the other reading. Every question whose answer depends on
//! the joint (the result, reading a move, history, the moves to search, perft) is asked here,
//! so the callers never branch on it.

use std::sync::atomic::AtomicBool;

use taikyoku_movegen::{AnyPosition, GameResult, Move};

use crate::joint::{ChuPlay, Join, Joint};

/// A position with its history and, under a joint chu reading, the game in the other reading.
#[derive(Clone)]
pub struct Game {
    position: AnyPosition,
    joint: Option<Joint>,
}

impl Game {
    /// A game from `position` (with whatever history it has) under `play`: a joint when `play`
    /// joins two readings and the variant has them; else the position alone.
    pub fn new(play: ChuPlay, position: AnyPosition) -> Game {
        let joint = Joint::new(play, &position);
        Game { position, joint }
    }

    /// The position in the main reading.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// The joint, if the game is kept in two readings.
    pub fn joint(&self) -> Option<&Joint> {
        self.joint.as_ref()
    }

    /// Replaces the main reading's game by `position` (a game re-read); the other reading
    /// follows it.
    pub fn follow(&mut self, position: AnyPosition) {
        self.position = position;
        if let Some(j) = &mut self.joint {
            j.follow(&self.position);
        }
    }

    /// Plays `m` in both readings.
    pub fn make(&mut self, m: Move) {
        self.position.make(m);
        if let Some(j) = &mut self.joint {
            j.make(m);
        }
    }

    /// Whether the last move gave check (in the main reading).
    pub fn gave_check(&mut self) -> bool {
        self.position.gave_check()
    }

    /// Takes back the last move in both readings.
    pub fn take_back(&mut self) {
        self.position.take_back();
        if let Some(j) = &mut self.joint {
            j.take_back();
        }
    }

    /// The result, if the game is over by the rules (a joint's: [`Joint::game_result`]);
    /// `checks` says which moves gave check.
    pub fn result(&mut self, checks: &[bool]) -> Option<GameResult> {
        match &mut self.joint {
            Some(j) => j.game_result(&mut self.position, checks),
            None => self.position.game_result(checks),
        }
    }

    /// Reads an opponent's move with `parse`: in the main reading, or under a joint also in
    /// the other (a move either allows is accepted); the error is the main reading's.
    pub fn read<E>(&self, parse: impl Fn(&AnyPosition) -> Result<Move, E>) -> Result<Move, E> {
        match &self.joint {
            Some(j) => j.read(&self.position, parse),
            None => parse(&self.position),
        }
    }

    /// Plays the moves `texts` in our notation (a `position ... moves` list): each read as
    /// [`Game::read`] does, refused after the end of the game or where history forbids it; the
    /// error names the move by its number and text.
    pub fn play_texts(&mut self, texts: &[&str]) -> Result<(), String> {
        if self.joint.is_none() {
            return self.position.play_moves(texts);
        }
        for (i, text) in texts.iter().enumerate() {
            if let Some(r) = self.result(&[]) {
                return Err(format!(
                    "move {} '{text}': the game is already over ({})",
                    i + 1,
                    r.reason
                ));
            }
            let m = self
                .read(|p| p.parse_move(text))
                .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
            if self.forbidden_by_history(m) {
                return Err(format!(
                    "move {} '{text}': it repeats an earlier position",
                    i + 1
                ));
            }
            self.make(m);
        }
        Ok(())
    }

    /// Whether the game's history forbids `m` (under a joint, only if both readings forbid it).
    pub fn forbidden_by_history(&mut self, m: Move) -> bool {
        match &mut self.joint {
            Some(j) => j.forbidden_by_history(&mut self.position, m),
            None => self.position.is_forbidden_by_history(m),
        }
    }

    /// The legal moves of the main reading, history applied.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        self.position.legal_moves()
    }

    /// Under a joint that plays only what both readings allow: the moves both allow, history
    /// applied (possibly none). `None` otherwise.
    pub fn both_allow(&mut self) -> Option<Vec<Move>> {
        let j = self.joint.as_mut().filter(|j| j.join() == Join::Both)?;
        Some(j.legal_moves(&mut self.position))
    }

    /// The root moves to search when the engine moves: under a joint that plays only what
    /// both readings allow, the moves both allow, when they are fewer than the main reading's
    /// and not none (with none, the main reading's are searched: the rules the opponent plays
    /// by). `None`: search every legal move.
    pub fn root_moves(&mut self) -> Option<Vec<Move>> {
        let both = self.both_allow()?;
        (!both.is_empty() && both.len() < self.legal_moves().len()).then_some(both)
    }

    /// Per-root-move leaf counts at `depth` (>= 1), the game's history aside (a joint's moves
    /// under a joint); `None` as soon as `stop` is set.
    pub fn divide_until(&mut self, depth: u32, stop: &AtomicBool) -> Option<Vec<(Move, u64)>> {
        match &mut self.joint {
            Some(j) => j.divide_until(&mut self.position, depth, stop),
            None => self.position.divide_until(depth, stop),
        }
    }
}
