//! `taikyoku perft`: leaf counts of the move tree, optionally per root move.

use std::time::Instant;

use clap::Args;
use std::sync::atomic::AtomicBool;
use taikyoku_movegen::AnyPosition;
use taikyoku_protocol::joint::Joint;

use std::io::Write;

use super::{CliError, VariantArgs};

/// Arguments of `perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// Position in notation, or `startpos`, optionally followed by `moves <move>...`.
    #[arg(long, default_value = "startpos")]
    position: String,
    /// Depth in plies (at most 64).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// Print the count of each root move.
    #[arg(long)]
    divide: bool,
    /// Count lishogi's move strings instead of distinct moves (chu shogi: each path of a
    /// lion-power move counts, and a pass once per empty square it can step out to).
    #[arg(long)]
    paths: bool,
    /// Worker threads (the root moves are shared among them), 1 to 256.
    #[arg(long, default_value_t = 1, value_parser = threads)]
    threads: usize,
}

/// The most `--threads` accepted (the engine's `Threads` option has the same bound).
pub const MAX_THREADS: usize = 256;

/// Parses `--threads`: 1 to [`MAX_THREADS`].
pub(crate) fn threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

/// Runs `perft`: prints per-move counts (with `--divide`) and `Nodes searched: N` on stdout,
/// time and speed on stderr.
pub fn run(a: &PerftArgs) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let variant = a.variant.load().map_err(|e| e.to_string())?;
    let mut pos = AnyPosition::parse_with_moves(variant, &a.position)?;
    // Under `--chu-rules both` or `either`, the joint's moves (one thread).
    let mut joint = Joint::new(a.variant.chu_play().map_err(|e| e.to_string())?, &pos);
    if joint.is_some() && a.paths {
        return Err(CliError::Msg(
            "--paths counts one reading's moves: not with --chu-rules both or either".into(),
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let (lines, total) = pool.install(|| {
        if a.depth == 0 {
            (Vec::new(), 1)
        } else {
            let counts = match &mut joint {
                Some(j) => j
                    .divide_until(&mut pos, a.depth, &AtomicBool::new(false))
                    .unwrap_or_default(),
                None if a.paths => pos.divide_paths(a.depth),
                None => pos.divide(a.depth),
            };
            let total: u64 = counts.iter().map(|&(_, n)| n).sum();
            let lines: Vec<String> = counts
                .iter()
                .map(|&(m, n)| format!("{}: {}", pos.move_to_string(m), n))
                .collect();
            (lines, total)
        }
    });
    let secs = start.elapsed().as_secs_f64();
    if a.divide {
        for l in &lines {
            writeln!(out, "{l}")?;
        }
    }
    writeln!(out, "Nodes searched: {total}")?;
    eprintln!(
        "time {:.3} s, {:.0} nodes/s ({} thread{})",
        secs,
        total as f64 / secs.max(1e-9),
        a.threads,
        if a.threads == 1 { "" } else { "s" }
    );
    Ok(())
}
