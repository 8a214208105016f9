//! `taikyoku match`: engine-vs-engine matches refereed by the project's move generator.

use std::sync::Arc;
use std::time::Duration;

use std::io::Write;

use clap::{Args, Subcommand};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use taikyoku_movegen::{AnyPosition, Variant};
use taikyoku_referee::clock::TimeControl;
use taikyoku_referee::play::GameConfig;
use taikyoku_referee::player::Player;
use taikyoku_referee::results::{self, file_sha256, EngineInfo, Header, Settings};
use taikyoku_referee::spec::{EngineSpec, Proto, StepOrder};
use taikyoku_referee::{print_report, run_match, MatchConfig, ReportInfo, Shard, Sprt};

use super::{CliError, VariantArgs};
use taikyoku_referee::player::USI_VARIANT;

/// Arguments of `match`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct MatchArgs {
    #[command(subcommand)]
    command: Option<MatchCommand>,
    #[command(flatten)]
    variant: VariantArgs,
    /// An engine, twice: "cmd=PATH [name=NAME] [arg=ARG]... [proto=usi|cecp|atsi]
    /// [steps=between|last] [memory=MB] [tc=BASE+INC | depth=N | nodes=N]
    /// [option.NAME=VALUE]..." (one quoted string; results are counted for the first).
    /// `tc=`/`depth=`/`nodes=` give this engine its own time control or fixed limit instead of
    /// the match's; `proto=cecp` speaks the XBoard protocol (HaChu), `memory=` is its hash
    /// size; `proto=atsi` the Taikyoku site's protocol (tomatene, which needs `steps=last`).
    /// `option.NAME=VALUE` is a USI `setoption` (CECP `option`, ATSI `setparam`); with
    /// `--variant-file`, a USI engine gets `USI_Variant` = the file's absolute path unless it
    /// is given here.
    #[arg(long = "engine", required = true, num_args = 1, action = clap::ArgAction::Append)]
    engines: Vec<String>,
    /// Number of games (each opening is played with both colours).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Fischer time control, seconds: BASE+INC (e.g. 10+0.1).
    #[arg(long, group = "time")]
    tc: Option<String>,
    /// Byoyomi time control, seconds: BASE+BYOYOMI (e.g. 0+0.2).
    #[arg(long, group = "time")]
    byoyomi: Option<String>,
    /// Fixed nodes per move.
    #[arg(long, group = "time")]
    nodes: Option<u64>,
    /// Fixed depth per move.
    #[arg(long, group = "time")]
    depth: Option<i32>,
    /// Milliseconds an engine may overrun its clock.
    #[arg(long, default_value_t = 100)]
    margin: u64,
    /// Seconds a nodes/depth move may take before the engine counts as stalled.
    #[arg(long, default_value_t = 60)]
    move_timeout: u64,
    /// Opening positions, one per line (notation or `startpos`, optionally followed by
    /// `moves ...`); default: the start position.
    #[arg(long)]
    openings: Option<String>,
    /// Shuffle the openings with this seed.
    #[arg(long)]
    seed: Option<u64>,
    /// Adjudicate a draw after this many plies (0: never; default: ten per square of the board,
    /// so that two engines that never repeat a position cannot play one game for hours).
    #[arg(long)]
    draw_after: Option<usize>,
    /// Adjudicate a loss when both engines agree: CP:MOVES (e.g. 2000:4).
    #[arg(long)]
    resign: Option<String>,
    /// Sequential probability ratio test: ELO0 ELO1 ALPHA BETA (ELO0 may be negative, as in a
    /// non-regression test: `--sprt -5 5 0.05 0.05`).
    #[arg(
        long,
        num_args = 4,
        value_names = ["ELO0", "ELO1", "ALPHA", "BETA"],
        allow_negative_numbers = true
    )]
    sprt: Option<Vec<f64>>,
    /// Write the game records here.
    #[arg(long)]
    records: Option<String>,
    /// Play only the K-th of N disjoint slices of the game pairs (K from 1 to N; Slurm's and
    /// Kubernetes' 0-based indices plus one): pairs K, K+N, K+2N, ... of the match's list, under
    /// their global game numbers. The N shards together play exactly the unsharded match. A
    /// shard never stops on `--sprt`: `taikyoku match merge` decides on the joined results.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// Write a results file (JSON lines): a header with the settings, the shard and the
    /// engines (`id name`, options, SHA-256 of the binary), then a line per game pair, flushed
    /// as the pair finishes. `taikyoku match merge` joins such files into one report.
    #[arg(long, value_name = "FILE")]
    results: Option<String>,
    /// Go on with an interrupted run: the pairs already in the `--results` file (which must be
    /// of the same match, engines and shard) are counted, not played again, and the records
    /// are appended to. Without the file (or with an empty one) the run starts afresh.
    #[arg(long, requires = "results")]
    resume: bool,
}

/// What `match` does besides playing.
#[derive(Subcommand, Debug)]
enum MatchCommand {
    /// Join results files (`--results`) of one match's shards into the report `match` prints:
    /// refuses files whose settings or engines differ, or two files of one shard; names the
    /// shards missing or incomplete.
    Merge(MergeArgs),
}

/// Arguments of `match merge`.
#[derive(Args, Debug)]
struct MergeArgs {
    /// The results files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
}

/// `match merge`: the notes (shards merged, missing, incomplete), then the report.
fn merge(m: &MergeArgs) -> Result<(), CliError> {
    let files = m
        .files
        .iter()
        .map(|f| results::read(f))
        .collect::<Result<Vec<_>, _>>()?;
    let merged = results::merge(&files)?;
    let mut out = std::io::stdout().lock();
    for n in &merged.notes {
        writeln!(out, "{n}")?;
    }
    print_report(&merged.report_info(), &merged.report, &mut out)?;
    Ok(())
}

/// The longest `--margin` and `--move-timeout`, in seconds (a day).
const MAX_WAIT_SECS: u64 = 86_400;

fn secs(s: &str) -> Result<Duration, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !(0.0..=1e7).contains(&v) {
        return Err(format!("'{s}' is not a number of seconds"));
    }
    Ok(Duration::from_secs_f64(v))
}

fn pair(s: &str, what: &str) -> Result<(Duration, Duration), String> {
    let (a, b) = s
        .split_once('+')
        .ok_or_else(|| format!("--{what} '{s}' is not BASE+SECONDS"))?;
    Ok((secs(a)?, secs(b)?))
}

/// Parses an engine description.
pub fn parse_engine(spec: &str, index: usize) -> Result<EngineSpec, String> {
    let mut e = EngineSpec::new("", "");
    for tok in spec.split_whitespace() {
        let (k, v) = tok
            .split_once('=')
            .ok_or_else(|| format!("engine {index}: '{tok}' is not key=value"))?;
        match k {
            "cmd" => e.cmd = v.to_string(),
            "name" => e.name = v.to_string(),
            "arg" => e.args.push(v.to_string()),
            "proto" => {
                e.proto = match v {
                    "usi" => Proto::Usi,
                    "cecp" | "xboard" => Proto::Cecp,
                    "atsi" => Proto::Atsi,
                    _ => {
                        return Err(format!(
                            "engine {index}: proto '{v}' is not usi, cecp or atsi"
                        ))
                    }
                }
            }
            "steps" => {
                e.steps = match v {
                    "between" => StepOrder::Between,
                    "last" => StepOrder::Last,
                    _ => {
                        return Err(format!(
                            "engine {index}: steps '{v}' is not between or last"
                        ))
                    }
                }
            }
            "tc" => {
                let (base, inc) = pair(v, "tc").map_err(|m| format!("engine {index}: {m}"))?;
                e.limit = Some(TimeControl::Fischer { base, inc });
            }
            "memory" => {
                e.memory = v
                    .parse::<u32>()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| format!("engine {index}: memory '{v}' is not a size in MB"))?;
            }
            "depth" => {
                let d = v
                    .parse::<i32>()
                    .ok()
                    .filter(|d| (1..=200).contains(d))
                    .ok_or_else(|| format!("engine {index}: depth '{v}' is not 1..200"))?;
                e.limit = Some(TimeControl::Depth(d));
            }
            "nodes" => {
                let n = v
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("engine {index}: nodes '{v}' is not a positive count"))?;
                e.limit = Some(TimeControl::Nodes(n));
            }
            _ => match k.strip_prefix("option.") {
                Some(name) if !name.is_empty() => e.options.push((name.to_string(), v.to_string())),
                _ => {
                    return Err(format!(
                        "engine {index}: unknown key '{k}' (cmd, name, arg, proto, steps, memory, tc, depth, nodes, option.NAME)"
                    ))
                }
            },
        }
    }
    if e.cmd.is_empty() {
        return Err(format!("engine {index}: no cmd=PATH"));
    }
    if e.name.is_empty() {
        e.name = format!("engine{index}");
    }
    Ok(e)
}

/// Runs the match and prints progress and the final report.
pub fn run(a: &MatchArgs) -> Result<(), CliError> {
    if let Some(MatchCommand::Merge(m)) = &a.command {
        return merge(m);
    }
    let variant: Arc<Variant> = a.variant.load().map_err(|e| e.to_string())?;
    if a.engines.len() != 2 {
        return Err(CliError::Msg(format!(
            "give exactly two --engine, found {}",
            a.engines.len()
        )));
    }
    let mut e1 = parse_engine(&a.engines[0], 1)?;
    let mut e2 = parse_engine(&a.engines[1], 2)?;
    if e2.name == e1.name {
        e2.name.push_str("-2");
    }
    if let Some(path) = &a.variant.variant_file {
        let file = variant_file_option(path)?;
        for e in [&mut e1, &mut e2] {
            give_variant_file(e, &file);
        }
    }
    let tc = if let Some(s) = &a.tc {
        let (base, inc) = pair(s, "tc")?;
        TimeControl::Fischer { base, inc }
    } else if let Some(s) = &a.byoyomi {
        let (base, byoyomi) = pair(s, "byoyomi")?;
        TimeControl::Byoyomi { base, byoyomi }
    } else if let Some(n) = a.nodes {
        TimeControl::Nodes(n)
    } else if let Some(d) = a.depth {
        TimeControl::Depth(d)
    } else if let (Some(l), Some(_)) = (e1.limit, e2.limit) {
        l // both engines have their own limits: the match's is never used
    } else {
        return Err(CliError::Msg(
            "give a time control: --tc, --byoyomi, --nodes or --depth".into(),
        ));
    };
    for e in [&e1, &e2] {
        if e.proto == Proto::Cecp && matches!(e.limit.unwrap_or(tc), TimeControl::Nodes(_)) {
            return Err(CliError::Msg(format!(
                "{}: CECP has no node limit; give it depth= or a time control",
                e.name
            )));
        }
    }
    let resign = match &a.resign {
        None => None,
        Some(s) => {
            let (cp, n) = s
                .split_once(':')
                .and_then(|(c, n)| Some((c.parse::<i32>().ok()?, n.parse::<usize>().ok()?)))
                .ok_or_else(|| format!("--resign '{s}' is not CP:MOVES"))?;
            Some((cp, n.max(1)))
        }
    };
    let mut openings = match &a.openings {
        None => vec!["startpos".to_string()],
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let mut v = Vec::new();
            for (i, l) in text.lines().enumerate() {
                let l = l.trim();
                if l.is_empty() || l.starts_with('#') {
                    continue;
                }
                // Checked here; openings reached by moves are sent to the engines as the
                // position and those moves.
                AnyPosition::parse_with_moves(variant.clone(), l)
                    .map_err(|e| format!("{path}:{}: {e}", i + 1))?;
                v.push(l.split_whitespace().collect::<Vec<_>>().join(" "));
            }
            if v.is_empty() {
                return Err(CliError::Msg(format!("{path}: no positions")));
            }
            v
        }
    };
    if let Some(seed) = a.seed {
        openings.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
    }
    let sprt = a.sprt.as_ref().map(|v| Sprt {
        elo0: v[0],
        elo1: v[1],
        alpha: v[2],
        beta: v[3],
    });
    if let Some(s) = &sprt {
        if !(0.0 < s.alpha && s.alpha < 0.5 && 0.0 < s.beta && s.beta < 0.5 && s.elo0 < s.elo1) {
            return Err(CliError::Msg(
                "--sprt needs ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5".into(),
            ));
        }
    }
    // Deadlines are instants: a margin or timeout of centuries would overflow them.
    if a.margin > MAX_WAIT_SECS * 1000 || a.move_timeout > MAX_WAIT_SECS {
        return Err(CliError::Msg(format!(
            "--margin and --move-timeout may be at most one day ({} ms, {MAX_WAIT_SECS} s)",
            MAX_WAIT_SECS * 1000
        )));
    }
    if a.games == 0 || a.concurrency == 0 {
        return Err(CliError::Msg(
            "--games and --concurrency must be at least 1".into(),
        ));
    }
    let shard = a.shard.as_deref().map(Shard::parse).transpose()?;
    let max_plies = move_limit(a.draw_after, &variant);
    let cfg = MatchConfig {
        engines: [e1, e2],
        game: GameConfig {
            variant,
            chu_play: a.variant.chu_play().map_err(|e| e.to_string())?,
            tc,
            margin: Duration::from_millis(a.margin),
            max_plies,
            resign,
            move_timeout: Duration::from_secs(a.move_timeout.max(1)),
        },
        games: a.games,
        concurrency: a.concurrency,
        openings,
        sprt,
        records: a.records.clone(),
        shard,
        results: None,
        resumed: Vec::new(),
    };
    let results = match &a.results {
        None => None,
        Some(path) => Some((path.clone(), results_header(a, &cfg)?)),
    };
    let resumed = match &results {
        Some((path, header)) if a.resume && resumable_file(path) => {
            let file = results::read(path)?;
            results::resumable(&file, header)?
        }
        _ => Vec::new(),
    };
    let cfg = MatchConfig {
        results,
        resumed,
        ..cfg
    };
    let mut out = std::io::stdout().lock();
    let report = run_match(&cfg, &mut out)?;
    print_report(&ReportInfo::of(&cfg), &report, &mut out)?;
    Ok(())
}

/// Whether `path` holds something to resume (a missing or empty file starts the run afresh).
fn resumable_file(path: &str) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() > 0)
}

/// The results file's header: the settings, the shard, and each engine as it describes itself
/// (each is started once for its `id name`, and its binary's SHA-256 taken).
fn results_header(a: &MatchArgs, cfg: &MatchConfig) -> Result<Header, CliError> {
    let sha = |path: &str| {
        file_sha256(std::path::Path::new(path)).map_err(|e| CliError::Msg(format!("{path}: {e}")))
    };
    let engines = cfg.engines.clone().map(|spec| {
        let id = match Player::start(&spec, &cfg.game.variant) {
            Ok(p) => {
                let id = p.id_name();
                p.quit();
                id
            }
            Err(e) => {
                eprintln!(
                    "warning: {}: no id name for the results file: {e}",
                    spec.name
                );
                None
            }
        };
        EngineInfo::of(&spec, id)
    });
    Ok(Header {
        format: results::FORMAT,
        shard: cfg.shard.into(),
        settings: Settings {
            variant: cfg.game.variant.id().to_string(),
            variant_file_sha256: a.variant.variant_file.as_deref().map(sha).transpose()?,
            chu_rules: a.variant.chu_rules.clone(),
            time_control: cfg.game.tc.to_string(),
            margin_ms: a.margin,
            move_timeout_s: cfg.game.move_timeout.as_secs(),
            openings_file: a.openings.clone(),
            openings_sha256: a.openings.as_deref().map(sha).transpose()?,
            openings: cfg.openings.len(),
            seed: a.seed,
            draw_after: cfg.game.max_plies,
            resign: cfg.game.resign,
            sprt: cfg.sprt,
            games: cfg.games,
        },
        engines,
    })
}

/// The `USI_Variant` value that names the variant file `path`: its absolute path, which a USI
/// engine started in another directory still finds (our engine reads a value containing `/` or
/// ending in `.var` as a file to load).
fn variant_file_option(path: &str) -> Result<String, String> {
    let abs = std::fs::canonicalize(path).map_err(|e| format!("{path}: {e}"))?;
    abs.to_str()
        .map(String::from)
        .ok_or_else(|| format!("{path}: the path is not UTF-8, so USI cannot carry it"))
}

/// With `--variant-file`, a USI engine is told the file (`setoption name USI_Variant value
/// <absolute path>`) rather than the variant's id, which no engine knows (issue 66: ours stayed
/// on Taikyoku and lost every game at ply 0), unless its spec sets `option.USI_Variant` itself.
/// CECP and ATSI engines are told the variant by name, as without a file.
fn give_variant_file(e: &mut EngineSpec, file: &str) {
    let own = e
        .options
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case(USI_VARIANT));
    if e.proto == Proto::Usi && !own {
        e.options
            .insert(0, (USI_VARIANT.to_string(), file.to_string()));
    }
}

/// Plies per square of the board after which a game is drawn when `--draw-after` is not given:
/// chu 1440, Dai dai 2890, Maka dai dai and Ko 3610, Taikyoku 12960. Every variant's rules end
/// a game that repeats, but not one in which both sides keep finding new positions (a chu game
/// between two engines at 20,000 nodes a move ran past 27 minutes).
const PLIES_PER_SQUARE: usize = 10;

/// The game length limit: `--draw-after` as given (0 for none), or `PLIES_PER_SQUARE` per
/// square of `variant`'s board.
fn move_limit(draw_after: Option<usize>, variant: &Variant) -> Option<usize> {
    match draw_after {
        Some(0) => None,
        Some(n) => Some(n),
        None => Some(PLIES_PER_SQUARE * variant.geometry().squares()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With `--variant-file`, a USI engine is given the file as `USI_Variant` first, unless its
    /// spec names that option itself; other protocols are left alone.
    #[test]
    fn usi_engines_are_given_the_variant_file() {
        let file = "/abs/mine.var";
        let mut e = parse_engine("cmd=x option.Threads=2", 1).unwrap();
        give_variant_file(&mut e, file);
        assert_eq!(e.options[0], (USI_VARIANT.to_string(), file.to_string()));
        assert_eq!(e.options[1], ("Threads".to_string(), "2".to_string()));
        let mut own = parse_engine("cmd=x option.usi_variant=/other.var", 1).unwrap();
        give_variant_file(&mut own, file);
        assert_eq!(own.options.len(), 1);
        let mut cecp = parse_engine("cmd=x proto=cecp", 1).unwrap();
        give_variant_file(&mut cecp, file);
        assert!(cecp.options.is_empty());
    }

    /// Without `--draw-after` the limit is ten plies per square; a given limit is kept, and 0
    /// means none.
    #[test]
    fn the_default_move_limit_grows_with_the_board() {
        let limit = |id: &str, given| move_limit(given, &Variant::builtin(id).unwrap());
        assert_eq!(limit("chu", None), Some(1440));
        assert_eq!(limit("dai-dai", None), Some(2890));
        assert_eq!(limit("taikyoku", None), Some(12960));
        assert_eq!(limit("chu", Some(400)), Some(400));
        assert_eq!(limit("taikyoku", Some(0)), None);
    }
}
