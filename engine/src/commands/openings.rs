//! `taikyoku openings`: random opening lines for matches (`startpos moves ...`, one per line),
//! each a few uniformly random legal moves from the start position, kept only when a short
//! search finds the position balanced. Matches play each line with both colours, so an
//! unbalanced line costs nothing but information; the filter keeps the information.

use std::collections::HashSet;
use std::io::Write;
use std::sync::Arc;

use clap::Args;
use rand::{Rng, SeedableRng};
use taikyoku_engine::search::{self, Control, Deadlines, Features, Limits};
use taikyoku_engine::tt::Tt;
use taikyoku_eval::Evaluator;
use taikyoku_movegen::{with_position, AnyPosition};
use taikyoku_protocol::joint::Joint;

use crate::{CliError, VariantArgs};

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
    /// Keep a line only if a search of this depth scores it within `--balance`.
    #[arg(long, default_value_t = 2)]
    depth: i32,
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
    for _ in 0..a.count.saturating_mul(ATTEMPTS_PER_LINE) {
        if made == a.count {
            break;
        }
        let plies = rng.gen_range(a.min_plies..=a.max_plies);
        let mut pos = AnyPosition::startpos(variant.clone());
        let mut joint = Joint::new(play, &pos);
        let line = random_line(&mut pos, joint.as_mut(), plies, &mut rng);
        let Some(line) = line else { continue };
        if !seen.insert(line.clone()) {
            continue;
        }
        let score = with_position!(&pos, p => {
            let control = Control::new(Deadlines::unlimited());
            let limits = Limits {
                depth: Some(a.depth.max(1)),
                ..Limits::default()
            };
            search::search(p, &eval, tt.clone(), 1, limits, &control, Features::default(), &mut |_| {})
                .info
                .map_or(0, |i| i.score)
        });
        if score.abs() > a.balance {
            continue;
        }
        writeln!(out, "startpos moves {}", line.join(" "))?;
        made += 1;
    }
    if made < a.count {
        return Err(CliError::Msg(format!(
            "found only {made} balanced lines of {} (raise --balance or lower --min-plies)",
            a.count
        )));
    }
    Ok(())
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
    let over = |p: &mut AnyPosition, joint: &mut Option<&mut Joint>| match joint {
        Some(j) => j.game_result(p, &[]).is_some(),
        None => p.game_result(&[]).is_some(),
    };
    for _ in 0..plies {
        if over(p, &mut joint) {
            return None;
        }
        let moves = match &mut joint {
            Some(j) => j.legal_moves(p),
            None => p.legal_moves(),
        };
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.gen_range(0..moves.len())];
        line.push(p.move_to_string(m));
        p.make(m);
        if let Some(j) = &mut joint {
            j.make(m);
        }
    }
    (!over(p, &mut joint)).then_some(line)
}
