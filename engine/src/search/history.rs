//! What a search thread learns about quiet moves as it goes: killers (quiet moves that refuted
//! a sibling position at the same ply), a history score per (piece, destination) with bonuses
//! for moves that cut off and maluses for the quiet moves tried before them, and the
//! countermove that refuted each (piece, destination) of the opponent's last move.
//!
//! The history and countermove tables outlive a search: [`Memory`] keeps one set per thread
//! from move to move of a game and forgets it at a new game, as Stockfish keeps its histories
//! until `ucinewgame`. A short search (a few plies, a fast clock) orders its quiet moves by
//! what the game's earlier searches learned instead of by the generator's square order.

use taikyoku_movegen::{Move, Position};

use super::MAX_PLY;

/// History scores stay within this bound (each update moves a score part of the way toward
/// it: "gravity", so old knowledge fades).
pub const HISTORY_MAX: i32 = 16_384;

/// Bonus for a move that cut off at `depth` (its malus for the ones tried before it).
#[inline]
pub fn stat_bonus(depth: i32) -> i32 {
    (16 * depth * depth + 32 * depth).min(1_600)
}

/// One thread's tables.
pub struct History {
    /// Squares on the board (the tables' row length).
    squares: usize,
    /// By `piece index * squares + dense destination`.
    quiet: Vec<i32>,
    /// The reply that refuted a move, by the same index of that move.
    counter: Vec<Option<Move>>,
    /// Two killers per ply.
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
}

impl History {
    /// Empty tables for a variant with `programs` piece indices on `squares` squares.
    pub fn new(programs: usize, squares: usize) -> History {
        History {
            squares,
            quiet: vec![0; programs * squares],
            counter: vec![None; programs * squares],
            killers: [[None; 2]; MAX_PLY + 2],
        }
    }

    /// Whether these tables fit a variant with `programs` piece indices on `squares` squares.
    fn fits(&self, programs: usize, squares: usize) -> bool {
        self.squares == squares && self.quiet.len() == programs * squares
    }

    /// Forgets everything learned.
    fn clear(&mut self) {
        self.quiet.fill(0);
        self.counter.fill(None);
        self.forget_killers();
    }

    /// Forgets the killers of every ply (a new search's plies are other positions).
    fn forget_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
    }

    /// The table index of `m` in `pos` (before it is played).
    #[inline]
    pub fn index<const N: usize>(&self, pos: &Position<N>, m: Move) -> usize {
        let v = pos.variant();
        pos.piece_at(m.from()).index() * self.squares + v.geometry().dense(m.to()).index()
    }

    /// The history score of a quiet move.
    #[inline]
    pub fn score<const N: usize>(&self, pos: &Position<N>, m: Move) -> i32 {
        self.quiet[self.index(pos, m)]
    }

    /// Moves the score of `m` by `bonus` (negative for a malus), with gravity.
    #[inline]
    pub fn update<const N: usize>(&mut self, pos: &Position<N>, m: Move, bonus: i32) {
        let i = self.index(pos, m);
        let h = &mut self.quiet[i];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// The killers of a ply.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// Records a quiet cutoff move as the first killer of `ply`.
    #[inline]
    pub fn add_killer(&mut self, ply: usize, m: Move) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
    }

    /// Forgets the killers of the ply below (they refuted other positions).
    #[inline]
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply] = [None; 2];
    }

    /// Index of the opponent's last move in `pos`, as (piece now on its destination,
    /// destination), if there is one.
    #[inline]
    pub fn last_index<const N: usize>(&self, pos: &Position<N>) -> Option<usize> {
        let m = pos.last_move()?;
        let p = pos.piece_at(m.to());
        if !p.is_piece() || m.to() == m.from() {
            return None;
        }
        Some(p.index() * self.squares + pos.variant().geometry().dense(m.to()).index())
    }

    /// The countermove to the opponent's last move.
    #[inline]
    pub fn counter<const N: usize>(&self, pos: &Position<N>) -> Option<Move> {
        self.last_index(pos).and_then(|i| self.counter[i])
    }

    /// Records `m` as the refutation of the opponent's last move.
    #[inline]
    pub fn set_counter<const N: usize>(&mut self, pos: &Position<N>, m: Move) {
        if let Some(i) = self.last_index(pos) {
            self.counter[i] = Some(m);
        }
    }
}

/// The search threads' history tables, kept from one search of a game to the next.
#[derive(Default)]
pub struct Memory {
    tables: Vec<History>,
}

impl Memory {
    /// No tables yet (they are made at the first search).
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Forgets what earlier searches learned (a new game).
    pub fn clear(&mut self) {
        for t in &mut self.tables {
            t.clear();
        }
    }

    /// One table set per thread for a search of a variant with `programs` piece indices on
    /// `squares` squares: the kept ones where they fit (killers forgotten), empty ones
    /// otherwise (the first search, another variant, more threads).
    pub fn tables(&mut self, threads: usize, programs: usize, squares: usize) -> &mut [History] {
        if self
            .tables
            .first()
            .is_some_and(|t| !t.fits(programs, squares))
        {
            self.tables.clear();
        }
        for t in &mut self.tables {
            t.forget_killers();
        }
        while self.tables.len() < threads {
            self.tables.push(History::new(programs, squares));
        }
        &mut self.tables[..threads]
    }
}
