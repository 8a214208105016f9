//! `taikyoku bench`: a fixed-depth search of fixed positions of the four giant variants, Dai
//! shogi and Tai shogi (chu has none); prints the node count (on one thread, the default, a deterministic
//! count: the search's signature, any change in search shows as a changed count), the speed and
//! the time to depth.
//! With `--threads` it measures Lazy SMP: the time to the same depths with helpers (their count
//! varies run to run); with `--multipv` the time to the same depths finding that many lines.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use taikyoku_engine::search::{self, Control, Deadlines, Features, Limits, Memory};
use taikyoku_engine::tt::Tt;
use taikyoku_eval::Evaluator;
use taikyoku_movegen::{with_position, AnyPosition, Variant};

use super::CliError;

/// The positions: `<variant> <depth> <position>` per line.
pub const POSITIONS: &str = include_str!("../bench_positions.txt");

/// Arguments of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search each position this many plies deeper (or shallower, negative) than listed.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    depth_offset: i32,
    /// Print each position's count.
    #[arg(long)]
    verbose: bool,
    /// Only the positions of this variant.
    #[arg(long)]
    variant: Option<String>,
    /// Search threads, 1 to 256 (more than one: the count is no longer deterministic; compare
    /// the time to depth with one thread's).
    #[arg(long, default_value_t = 1, value_parser = super::perft::threads)]
    threads: usize,
    /// Hash table size in MB, 1 to 65536 (a fresh table for each position).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash: u32,
    /// Lines to find at each position, 1 to 32 (MultiPV: compare the time to depth with one
    /// line's).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=32))]
    multipv: u16,
}

/// Runs the bench: `time to depth: <T> s` and then `<N> nodes <M> nps` on the last line.
pub fn run(a: &BenchArgs) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let mut total = 0u64;
    let mut total_q = 0u64;
    let mut searching = Duration::ZERO;
    let start = Instant::now();
    let mut found = false;
    for (i, line) in bench_lines().enumerate() {
        let mut parts = line.splitn(3, ' ');
        let (Some(id), Some(depth), Some(text)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(CliError::Msg(format!(
                "bench position {} is malformed",
                i + 1
            )));
        };
        if a.variant.as_deref().is_some_and(|v| v != id) {
            continue;
        }
        found = true;
        let variant = Variant::builtin(id).map_err(|e| e.to_string())?;
        let depth: i32 = depth
            .parse::<i32>()
            .map_err(|e| e.to_string())?
            .saturating_add(a.depth_offset);
        let pos = AnyPosition::parse(variant.clone(), text).map_err(|e| e.to_string())?;
        let eval = Evaluator::new(variant.clone());
        let tt = Arc::new(Tt::new(a.hash as usize));
        let control = Control::new(Deadlines::unlimited());
        let limits = Limits {
            depth: Some(depth.max(1)),
            multipv: usize::from(a.multipv),
            ..Limits::default()
        };
        let searched = Instant::now();
        let r = with_position!(&pos, p => search::search(
            p, &eval, tt, a.threads, limits, &control, Features::default(), &mut Memory::new(), &mut |_| {}
        ));
        let took = searched.elapsed();
        searching += took;
        let (nodes, qnodes) = r.info.map_or((0, 0), |i| (i.nodes, i.qnodes));
        total += nodes;
        total_q += qnodes;
        if a.verbose {
            writeln!(
                out,
                "{id} depth {depth} position {}: {nodes} nodes, {:.1}% quiescence, {} ms",
                i + 1,
                percent(qnodes, nodes),
                took.as_millis()
            )?;
        }
    }
    if let Some(v) = a.variant.as_deref() {
        if !found {
            let mut ids: Vec<&str> = bench_lines().filter_map(|l| l.split(' ').next()).collect();
            ids.dedup();
            return Err(CliError::Msg(format!(
                "bench has no positions of variant '{v}' (it has: {})",
                ids.join(", ")
            )));
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    if a.verbose {
        writeln!(out, "quiescence: {:.1}% of nodes", percent(total_q, total))?;
    }
    writeln!(out, "time to depth: {:.3} s", searching.as_secs_f64())?;
    writeln!(out, "{total} nodes {:.0} nps", total as f64 / secs)?;
    Ok(())
}

/// The position lines of [`POSITIONS`] (comments and blank lines left out).
fn bench_lines() -> impl Iterator<Item = &'static str> {
    POSITIONS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// `part` as a percentage of `whole` (0 when `whole` is 0).
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}
