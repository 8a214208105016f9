//! Chu's two rule readings joined by their move sets (docs/chu.md §11).
//!
//! The core knows single readings only ([`ChuRules`]: lishogi's keys or HaChu's). Playing
//! against HaChu needs two more ways, and they live here, outside the core:
//! - **both**: play only moves legal under both readings (the intersection of their move
//!   sets), so that no game against HaChu is decided by a rules difference;
//! - **either**: accept every move one of them allows (the union), as a referee between
//!   the two must.
//!
//! A [`Joint`] keeps a second copy of the game, the same moves played in the other reading,
//! so that each reading keeps its own game state (the counter-strike square a capture
//! records depends on the reading). The protocols keep the game in the main reading
//! ([`ChuPlay::reading`]) and search it; the joint restricts the root moves, accepts the
//! opponent's moves and decides when the game ends.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use taikyoku_movegen::{AnyPosition, ChuRules, EndReason, GameResult, Move, Promotion, Variant};

/// How chu is played or judged: by one reading, or by two joined (the command line's
/// `--chu-rules`, the USI option `ChuRules`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChuPlay {
    /// lishogi's rules.
    #[default]
    Lishogi,
    /// HaChu's rules.
    Hachu,
    /// Play only moves both readings allow; accept the opponent's moves that either allows.
    Both,
    /// Allow every move one of the readings allows.
    Either,
}

impl ChuPlay {
    /// The names, in the order the USI option lists them.
    pub const NAMES: [&'static str; 4] = ["lishogi", "hachu", "both", "either"];

    /// Parses a name (`lishogi`, `hachu`, `both`, `either`).
    pub fn parse(s: &str) -> Result<ChuPlay, String> {
        match s {
            "lishogi" => Ok(ChuPlay::Lishogi),
            "hachu" => Ok(ChuPlay::Hachu),
            "both" => Ok(ChuPlay::Both),
            "either" => Ok(ChuPlay::Either),
            _ => Err(format!(
                "chu rules '{s}' is not lishogi, hachu, both or either"
            )),
        }
    }

    /// The reading the game is kept in and searched by: HaChu's under `both` (the rules
    /// HaChu and XBoard play by, repetition forbidden), lishogi's under `either` (whose
    /// game-end rules the joint then narrows, see [`Joint::game_result`]).
    pub fn reading(self) -> ChuRules {
        match self {
            ChuPlay::Lishogi | ChuPlay::Either => ChuRules::Lishogi,
            ChuPlay::Hachu | ChuPlay::Both => ChuRules::Hachu,
        }
    }

    /// How the two readings are joined, if they are.
    pub fn join(self) -> Option<Join> {
        match self {
            ChuPlay::Both => Some(Join::Both),
            ChuPlay::Either => Some(Join::Either),
            _ => None,
        }
    }

    /// The variant `v` read as this play's main reading (`v` itself if it has no readings).
    pub fn variant(self, v: &Arc<Variant>) -> Result<Arc<Variant>, String> {
        if !v.has_rule_readings() || v.rule_reading() == self.reading() {
            return Ok(v.clone());
        }
        v.with_chu_rules(self.reading()).map_err(|e| e.to_string())
    }
}

/// How two readings' move sets are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// The intersection: moves both readings allow.
    Both,
    /// The union: moves either reading allows.
    Either,
}

/// The other reading of a game kept in its main reading: the same moves, played by the other
/// reading's rules, and how the two move sets are joined.
#[derive(Clone)]
pub struct Joint {
    join: Join,
    other: AnyPosition,
}

/// A move with a declined promotion as the plain move: lishogi declines a pawn's promotion on
/// the last rank (`=`) where HaChu, unable to promote, makes the plain move; the same move.
fn plain(m: Move) -> Move {
    if m.promotion() == Promotion::Decline {
        m.with_promotion(Promotion::None)
    } else {
        m
    }
}

/// `pos`'s moves as they stand, the game's history aside; `None` when the reading's own
/// game-end rules have ended the game (it then has no say in a joint game).
fn generated(pos: &AnyPosition) -> Option<Vec<Move>> {
    let moves = pos.moves();
    (!moves.is_empty()).then_some(moves)
}

impl Joint {
    /// The joint of a game `main` kept in `play`'s main reading ([`ChuPlay::variant`]);
    /// `None` if `play` is a single reading or the variant has no readings.
    pub fn new(play: ChuPlay, main: &AnyPosition) -> Option<Joint> {
        let join = play.join()?;
        let v = main.variant();
        if !v.has_rule_readings() {
            return None;
        }
        let other = v.with_chu_rules(play.reading().other()).ok()?;
        Some(Joint {
            join,
            other: replayed(main, other)?,
        })
    }

    /// How the readings are joined.
    pub fn join(&self) -> Join {
        self.join
    }

    /// The game in the other reading.
    pub fn other(&self) -> &AnyPosition {
        &self.other
    }

    /// Follows `main` after it was replaced (a new game, a position set up, a game re-read).
    pub fn follow(&mut self, main: &AnyPosition) {
        if let Some(other) = replayed(main, self.other.variant().clone()) {
            self.other = other;
        }
    }

    /// Plays `m`, just played in the main reading, in the other.
    pub fn make(&mut self, m: Move) {
        self.other.make(m);
    }

    /// Takes back the other reading's last move.
    pub fn take_back(&mut self) {
        self.other.take_back();
    }

    /// Whether the game's history forbids the opponent's move `m` (read by [`Joint::read`]):
    /// only if both readings forbid it, since a move one reading allows is accepted.
    pub fn forbidden_by_history(&mut self, main: &mut AnyPosition, m: Move) -> bool {
        main.is_forbidden_by_history(m) && self.other.is_forbidden_by_history(m)
    }

    /// Reads a move with `parse` in the main reading, or else in the other (a move only the
    /// other reading allows); the error is the main reading's.
    pub fn read<E>(
        &self,
        main: &AnyPosition,
        parse: impl Fn(&AnyPosition) -> Result<Move, E>,
    ) -> Result<Move, E> {
        parse(main).or_else(|e| parse(&self.other).map_err(|_| e))
    }

    /// The moves of the joint here, the game's history aside, in the main reading's form: the
    /// intersection (`both`) or the union (`either`) of the two readings' moves. A reading
    /// whose own game-end rule ended the game (lishogi's bare king) has no say, so a game ends
    /// only when both readings end it.
    ///
    /// In the union a declined promotion (lishogi's `=`) is HaChu's plain move, the same move.
    /// Not in the intersection: the only such move leaves a pawn or lance unpromoted on the
    /// last rank, which XBoard refuses (docs/chu.md §12), so what we play leaves it out.
    pub fn moves(&self, main: &AnyPosition) -> Vec<Move> {
        match (generated(main), generated(&self.other)) {
            (None, None) => Vec::new(),
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (Some(a), Some(b)) => match self.join {
                Join::Both => a.into_iter().filter(|m| b.contains(m)).collect(),
                Join::Either => {
                    let extra: Vec<Move> = b
                        .into_iter()
                        .filter(|&o| !a.iter().any(|&m| plain(m) == plain(o)))
                        .collect();
                    a.into_iter().chain(extra).collect()
                }
            },
        }
    }

    /// [`Joint::moves`] with the game's history applied: under `both` a move either reading
    /// forbids by history is left out, under `either` only one both forbid.
    pub fn legal_moves(&mut self, main: &mut AnyPosition) -> Vec<Move> {
        let join = self.join;
        self.moves(main)
            .into_iter()
            // The other copy is asked only when the main reading does not decide.
            .filter(|&m| match join {
                Join::Both => {
                    !main.is_forbidden_by_history(m) && !self.other.is_forbidden_by_history(m)
                }
                Join::Either => {
                    !main.is_forbidden_by_history(m) || !self.other.is_forbidden_by_history(m)
                }
            })
            .collect()
    }

    /// The game's result: the main reading's, except that an end by a rule only one reading
    /// has (lishogi's bare king) does not end a joint game, and a side with no move of its
    /// own reading but one of the other's (`either`) is not lost.
    pub fn game_result(&mut self, main: &mut AnyPosition, checks: &[bool]) -> Option<GameResult> {
        let r = main.game_result(checks)?;
        match r.reason {
            EndReason::BareKing | EndReason::BareKings => {
                self.other.game_result(checks).is_some().then_some(r)
            }
            EndReason::NoMoves if self.join == Join::Either => {
                self.other.legal_moves().is_empty().then_some(r)
            }
            _ => Some(r),
        }
    }

    /// Leaf count of the joint's moves ([`Joint::moves`]) at `depth`, both readings playing
    /// every move (as `perft` counts: the game's history aside).
    pub fn perft(&mut self, main: &mut AnyPosition, depth: u32) -> u64 {
        self.perft_until(main, depth, &AtomicBool::new(false))
            .unwrap_or(0)
    }

    /// [`Joint::perft`] that gives up (`None`) as soon as `stop` is set.
    fn perft_until(
        &mut self,
        main: &mut AnyPosition,
        depth: u32,
        stop: &AtomicBool,
    ) -> Option<u64> {
        let moves = self.moves(main);
        if depth <= 1 {
            return Some(if depth == 0 { 1 } else { moves.len() as u64 });
        }
        if stop.load(Relaxed) {
            return None;
        }
        let mut n = 0;
        for m in moves {
            n += self.below(main, m, |j, p| j.perft_until(p, depth - 1, stop))?;
        }
        Some(n)
    }

    /// `f` of the position after `m`, played in both copies and taken back after.
    fn below<R>(
        &mut self,
        main: &mut AnyPosition,
        m: Move,
        f: impl FnOnce(&mut Joint, &mut AnyPosition) -> R,
    ) -> R {
        main.make(m);
        self.other.make(m);
        let r = f(self, main);
        self.other.take_back();
        main.take_back();
        r
    }

    /// Per-root-move leaf counts at `depth` (>= 1), as [`Joint::perft`] counts; `None` as soon
    /// as `stop` is set (the protocol's `go perft`).
    pub fn divide_until(
        &mut self,
        main: &mut AnyPosition,
        depth: u32,
        stop: &AtomicBool,
    ) -> Option<Vec<(Move, u64)>> {
        let moves = self.moves(main);
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            let n = self.below(main, m, |j, p| j.perft_until(p, depth - 1, stop))?;
            out.push((m, n));
        }
        Some(out)
    }
}

/// `main`'s game (its set-up position and every move since) played again in `variant`, another
/// reading of the same game (`None` if `variant` is another game).
fn replayed(main: &AnyPosition, variant: Arc<Variant>) -> Option<AnyPosition> {
    let mut root = main.clone();
    let mut moves = Vec::with_capacity(root.ply());
    while let Some(m) = root.take_back() {
        moves.push(m);
    }
    let mut other = root.with_variant(variant).ok()?;
    for m in moves.into_iter().rev() {
        other.make(m);
    }
    Some(other)
}
