//! `taikyoku openings`: random opening lines for matches (`startpos moves ...`, one per line),
//! each a few uniformly random legal moves from the start position, kept only when a short
//! search finds the position balanced. Matches play each line with both colours, so an
//! unbalanced line costs nothing but information; the filter keeps the information.
//!
//! With `--settle-plies N` the engine then plays N plies itself (searches of `--depth`) before
//! the balance test. A few random moves leave Taikyoku's kings open to the ranging jumpers, and
//! a game from such a line ends within a dozen plies, won by whichever colour has the tactic,
//! whatever the engines: the pair of games tells nothing about them. Settling plays those
//! tactics out (a line whose game ends on the way is dropped), so the games start from a
//! middle game the engines have to play.

use std::cell::RefCell;
use std::collections::HashSet;
use std::io::Write;
use std::sync::Arc;

use clap::Args;
use rand::{Rng, SeedableRng};
use taikyoku_engine::backend::CONTEMPT;
use taikyoku_engine::search::{self, Control, Deadlines, Features, Limits, Memory};
use taikyoku_engine::tt::Tt;
use taikyoku_eval::Evaluator;
use taikyoku_movegen::{with_position, AnyPosition, Move};
use taikyoku_protocol::joint::Joint;

use super::{CliError, VariantArgs};

/// Arguments of `openings`.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// How many distinct lines.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// Fewest random plies of a line.
    #[arg(long, default_value_t = 4)]
    min_plies: usize,
    /// Most random plies of a line.
    #[arg(long, default_value_t = 8)]
    max_plies: usize,
    /// Keep a line only if a search of this depth scores it within `--balance` (and play the
    /// `--settle-plies` with searches of this depth).
    #[arg(long, default_value_t = 2)]
    depth: i32,
    /// Plies the engine plays itself after the random ones, before the balance test, so that
    /// the early tactics of the random moves are played out (lines whose game ends are dropped).
    #[arg(long, default_value_t = 0)]
    settle_plies: usize,
    /// Largest accepted score (centipawns, either side).
    #[arg(long, default_value_t = 200)]
    balance: i32,
    /// Seed of the random choices (the same seed gives the same lines).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Bound on attempts per requested line (unbalanced or repeated lines are retried).
const ATTEMPTS_PER_LINE: usize = 200;

/// Prints the lines.
pub fn run(a: &OpeningsArgs) -> Result<(), CliError> {
    if a.min_plies > a.max_plies {
        return Err(CliError::Msg(format!(
            "--min-plies {} is more than --max-plies {}",
            a.min_plies, a.max_plies
        )));
    }
    let variant = a.variant.load().map_err(|e| e.to_string())?;
    let play = a.variant.chu_play().map_err(|e| e.to_string())?;
    let eval = Evaluator::new(variant.clone());
    let tt = Arc::new(Tt::new(16));
    let mut rng = rand::rngs::StdRng::seed_from_u64(a.seed);
    let mut seen = HashSet::new();
    let mut out = std::io::stdout().lock();
    let mut made = 0;
    let mut dropped = Dropped::default();
    let searcher = Searcher {
        eval: &eval,
        tt: &tt,
        depth: a.depth.max(1),
        memory: RefCell::new(Memory::new()),
    };
    for _ in 0..a.count.saturating_mul(ATTEMPTS_PER_LINE) {
        if made == a.count {
            break;
        }
        let plies = rng.gen_range(a.min_plies..=a.max_plies);
        let mut pos = AnyPosition::startpos(variant.clone());
        let mut joint = Joint::new(play, &pos);
        let line = random_line(&mut pos, joint.as_mut(), plies, &mut rng);
        let Some(mut line) = line else {
            dropped.ended += 1;
            continue;
        };
        if !seen.insert(line.clone()) {
            dropped.repeated += 1;
            continue;
        }
        // Each line's searches start from empty tables, so that a line is the engine's play
        // from its random moves whatever was tried before it (a new game).
        searcher.new_line();
        if !settle(
            &mut pos,
            joint.as_mut(),
            a.settle_plies,
            &searcher,
            &mut line,
        ) {
            dropped.settling += 1;
            continue;
        }
        let score = searcher.search(&pos).1;
        if score.abs() > a.balance {
            dropped.unbalanced += 1;
            continue;
        }
        writeln!(out, "startpos moves {}", line.join(" "))?;
        made += 1;
    }
    eprintln!("openings: {made} lines kept; dropped: {dropped}");
    if made < a.count {
        return Err(CliError::Msg(format!(
            "found only {made} balanced lines of {} (raise --balance, or lower --min-plies or \
             --settle-plies)",
            a.count
        )));
    }
    Ok(())
}

/// Why lines were dropped (printed on standard error, so that a slow or failing run says
/// which filter to relax).
#[derive(Default)]
struct Dropped {
    ended: usize,
    repeated: usize,
    settling: usize,
    unbalanced: usize,
}

impl std::fmt::Display for Dropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ended during the random plies, {} repeated, {} ended or left the rules while \
             settling, {} unbalanced",
            self.ended, self.repeated, self.settling, self.unbalanced
        )
    }
}

/// The fixed-depth search that settles and judges the lines.
struct Searcher<'a> {
    eval: &'a Evaluator,
    tt: &'a Arc<Tt>,
    depth: i32,
    /// What the line's searches learned, kept from ply to ply as a game keeps it.
    memory: RefCell<Memory>,
}

impl Searcher<'_> {
    /// Forgets the previous line: its hash table entries and its move-ordering tables.
    fn new_line(&self) {
        self.tt.clear();
        self.memory.borrow_mut().clear();
    }

    /// The best move (None when there is none) and its score, for the side to move.
    fn search(&self, pos: &AnyPosition) -> (Option<Move>, i32) {
        with_position!(pos, p => {
            let control = Control::new(Deadlines::unlimited());
            // The engine's own defaults, so that settled plies are the moves `go depth D` plays
            // in an engine that searched every ply of the line since `usinewgame`.
            let limits = Limits {
                depth: Some(self.depth),
                contempt: CONTEMPT,
                ..Limits::default()
            };
            let r = search::search(p, self.eval, self.tt.clone(), 1, limits, &control, Features::default(), &mut self.memory.borrow_mut(), &mut |_| {});
            (r.best, r.info.map_or(0, |i| i.score))
        })
    }
}

/// Whether the game of `p` is over (under the `joint`'s reading, if any).
fn over(p: &mut AnyPosition, joint: &mut Option<&mut Joint>) -> bool {
    match joint {
        Some(j) => j.game_result(p, &[]).is_some(),
        None => p.game_result(&[]).is_some(),
    }
}

/// The legal moves of `p` (under the `joint`'s reading, if any).
fn legal(p: &mut AnyPosition, joint: &mut Option<&mut Joint>) -> Vec<Move> {
    match joint {
        Some(j) => j.legal_moves(p),
        None => p.legal_moves(),
    }
}

/// Plays `m` on `p` (and the `joint`), noting it in `line`.
fn play(p: &mut AnyPosition, joint: &mut Option<&mut Joint>, m: Move, line: &mut Vec<String>) {
    line.push(p.move_to_string(m));
    p.make(m);
    if let Some(j) = joint {
        j.make(m);
    }
}

/// Plays `plies` random legal moves (under `--chu-rules both` or `either`, of the `joint`); the
/// moves as text, or None if the game ended on the way.
fn random_line(
    p: &mut AnyPosition,
    mut joint: Option<&mut Joint>,
    plies: usize,
    rng: &mut impl Rng,
) -> Option<Vec<String>> {
    let mut line = Vec::with_capacity(plies);
    for _ in 0..plies {
        if over(p, &mut joint) {
            return None;
        }
        let moves = legal(p, &mut joint);
        if moves.is_empty() {
            return None;
        }
        play(
            p,
            &mut joint,
            moves[rng.gen_range(0..moves.len())],
            &mut line,
        );
    }
    (!over(p, &mut joint)).then_some(line)
}

/// Plays `plies` moves of the `searcher` onto `p` and `line`; false if the game ended on the
/// way or the search chose a move the `joint`'s reading does not allow.
fn settle(
    p: &mut AnyPosition,
    mut joint: Option<&mut Joint>,
    plies: usize,
    searcher: &Searcher,
    line: &mut Vec<String>,
) -> bool {
    for _ in 0..plies {
        if over(p, &mut joint) {
            return false;
        }
        let Some(m) = searcher.search(p).0 else {
            return false;
        };
        if joint.is_some() && !legal(p, &mut joint).contains(&m) {
            return false;
        }
        play(p, &mut joint, m, line);
    }
    !over(p, &mut joint)
}
