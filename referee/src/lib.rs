//! The match runner: plays games between two engines (USI, CECP or ATSI) with the project's move
//! generator as referee, several at a time, and reports the score, Elo, LOS, pentanomial counts,
//! time left, the won games' lengths and SPRT. A match can be divided into shards ([`Shard`])
//! played anywhere, each writing a results file whose merge ([`results::merge`]) gives the
//! unsharded match's report. Its own crate: it needs the rules and the protocols' dialects,
//! never the search or the evaluation, so a referee cannot share a bug with the engines it
//! judges.

pub mod atsi;
pub mod cecp;
pub mod clock;
pub mod conn;
#[cfg(target_os = "linux")]
mod orphans;
pub mod play;
pub mod player;
pub mod results;
pub mod spec;
pub mod stats;
pub mod turn;

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use taikyoku_movegen::{Colour, Outcome};

use play::{play_game, GameConfig, GameRecord};
use player::Player;
use spec::EngineSpec;
use stats::{sprt_bounds, Tally, WinLengths};

/// A sequential probability ratio test to run.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines; results are counted for the first.
    pub engines: [EngineSpec; 2],
    /// Game rules (variant, time control, adjudication).
    pub game: GameConfig,
    /// Total number of games (each opening is played twice, colours swapped).
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Opening positions (`startpos` or notation).
    pub openings: Vec<String>,
    /// Stop early when the SPRT decides.
    pub sprt: Option<Sprt>,
    /// Where to write the game records.
    pub records: Option<String>,
    /// Play only this slice of the game pairs (`None`: all of them).
    pub shard: Option<Shard>,
    /// Where to write the results file (`--results`), and its header.
    pub results: Option<(String, results::Header)>,
    /// Pairs already played by an interrupted run of the same match (`--resume`): counted in
    /// the report and written to the results file again, not played.
    pub resumed: Vec<results::PairResult>,
}

/// The `index`-th (1-based) of `count` disjoint slices of a match's game pairs: the pairs
/// (1-based) `index`, `index + count`, `index + 2 * count`, ... Pair `p` holds games `2p - 1`
/// and `2p` (one opening, both colours; the opening is the `(p - 1) % openings`-th of the
/// shuffled list, as in an unsharded match), so the shards together play exactly the unsharded
/// match, each game under its global number. Pairs are dealt in turn rather than in blocks so
/// that every shard, and every batch of shards, samples the whole opening list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    /// Which slice, 1 to `count`.
    pub index: usize,
    /// How many slices.
    pub count: usize,
}

impl Shard {
    /// Reads `K/N` (1 <= K <= N).
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad = || format!("shard '{s}' is not K/N with 1 <= K <= N (e.g. 1/4)");
        let (k, n) = s.trim().split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether pair `pair` (0-based) is in this shard.
    pub fn has_pair(&self, pair: usize) -> bool {
        pair % self.count == self.index - 1
    }

    /// The number of pairs (and so of pair lines) this shard has in a match of `games` games.
    pub fn pairs(&self, games: usize) -> usize {
        let all = games.div_ceil(2);
        all / self.count + usize::from(all % self.count >= self.index)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl MatchConfig {
    /// The global game number (0-based) of this run's `i`-th game, or None past its last: all
    /// games in order, or the shard's pairs in order.
    pub fn game_number(&self, i: usize) -> Option<usize> {
        let number = match self.shard {
            None => i,
            Some(s) => 2 * (s.index - 1 + (i / 2) * s.count) + i % 2,
        };
        (number < self.games).then_some(number)
    }

    /// The numbers (0-based) of the games this run plays, in order: all, or its shard's, less
    /// the games of the pairs it resumes.
    pub fn schedule(&self) -> Vec<usize> {
        let done: std::collections::BTreeSet<usize> =
            self.resumed.iter().map(|p| p.pair - 1).collect();
        (0..)
            .map_while(|i| self.game_number(i))
            .filter(|n| !done.contains(&(n / 2)))
            .collect()
    }

    /// How many games this run plays (all, or its shard's, less those resumed).
    pub fn run_games(&self) -> usize {
        self.schedule().len()
    }
}

/// One finished game, for reports and records.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// Game number (1-based, in schedule order).
    pub number: usize,
    /// Opening.
    pub opening: String,
    /// Which engine had Black (0 or 1).
    pub black: usize,
    /// The referee's record.
    pub record: GameRecord,
}

impl FinishedGame {
    /// Points of the first engine: 1, 0.5 or 0.
    pub fn points_first(&self) -> f64 {
        match self.record.outcome {
            Outcome::Draw => 0.5,
            Outcome::Win(c) => {
                let winner = if c == Colour::Black {
                    self.black
                } else {
                    1 - self.black
                };
                if winner == 0 {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// The final figures.
#[derive(Clone, Debug, Default)]
pub struct MatchReport {
    /// Counts.
    pub tally: Tally,
    /// How the games ended: each distinct summary (reasons with the engines' names written
    /// `<engine>`) and how many games ended so, in order of first appearance.
    pub reasons: Vec<(String, usize)>,
    /// SPRT decision, if any: true = H1 accepted.
    pub sprt_result: Option<bool>,
    /// Time left on each engine's clock at the end of its games (by engine, as given).
    pub time_left: [TimeLeft; 2],
    /// The lengths of the games each engine won (by engine, as given).
    pub win_lengths: [WinLengths; 2],
}

impl MatchReport {
    /// Counts one game: the first engine's win, draw or loss, the winner's game length, the
    /// clocks, the reason.
    pub fn add_game(&mut self, g: &results::GameResult) {
        match g.points {
            x if x > 0.75 => {
                self.tally.wins += 1;
                self.win_lengths[0].add(g.plies);
            }
            x if x < 0.25 => {
                self.tally.losses += 1;
                self.win_lengths[1].add(g.plies);
            }
            _ => self.tally.draws += 1,
        }
        if let Some(t) = g.time_left() {
            self.time_left[0].add(t[0]);
            self.time_left[1].add(t[1]);
        }
        match self.reasons.iter_mut().find(|(k, _)| *k == g.summary) {
            Some((_, n)) => *n += 1,
            None => self.reasons.push((g.summary.clone(), 1)),
        }
    }

    /// Counts a pair in which the first engine scored `points` (0 to 2) in the pentanomial.
    pub fn add_pair(&mut self, points: f64) {
        self.tally.pentanomial[(points * 2.0).round() as usize] += 1;
    }
}

/// The SPRT's decision on `t`: Some(true) when the log-likelihood ratio is at or above the
/// upper bound (H1 accepted), Some(false) at or below the lower one, None between.
pub fn sprt_decision(t: &Tally, s: &Sprt) -> Option<bool> {
    let llr = t.llr(s.elo0, s.elo1);
    let (lo, hi) = sprt_bounds(s.alpha, s.beta);
    (llr <= lo || llr >= hi).then_some(llr >= hi)
}

/// What the report's heading and SPRT line need besides the figures: the engines' names, the
/// variant, the time control, the SPRT's parameters. From a match's configuration, or from a
/// results file's header (`results::report_info`).
#[derive(Clone, Debug)]
pub struct ReportInfo {
    /// The engines' names, the first one's results counted.
    pub names: [String; 2],
    /// The variant's id.
    pub variant: String,
    /// The time control as written.
    pub tc: String,
    /// The SPRT's parameters, if one was run.
    pub sprt: Option<Sprt>,
}

impl ReportInfo {
    /// From a match's configuration.
    pub fn of(cfg: &MatchConfig) -> ReportInfo {
        ReportInfo {
            names: [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()],
            variant: cfg.game.variant.id().to_string(),
            tc: cfg.game.tc.to_string(),
            sprt: cfg.sprt,
        }
    }
}

/// Time left on one engine's clock at the end of the games played on the clock: whether the
/// engine used its time well (a clock never touched, or one that always ends near zero, shows
/// in a long match).
#[derive(Clone, Copy, Debug, Default)]
pub struct TimeLeft {
    /// Games counted.
    pub games: usize,
    /// Sum over those games.
    pub total: Duration,
    /// The least left in any of them.
    pub least: Option<Duration>,
}

impl TimeLeft {
    fn add(&mut self, d: Duration) {
        self.games += 1;
        self.total += d;
        self.least = Some(self.least.map_or(d, |l| l.min(d)));
    }

    /// Mean time left, None without games on the clock.
    pub fn mean(&self) -> Option<Duration> {
        (self.games > 0).then(|| self.total / self.games as u32)
    }
}

/// Runs a match, printing a line per finished game to `out` (and its record to the records
/// file, as it finishes) and returning the report.
///
/// Memory does not grow with the match: games are handed out by number, each game's moves are
/// written out and dropped when it finishes, and only the tallies are kept (pair results wait
/// for their partner game).
pub fn run_match(cfg: &MatchConfig, out: &mut dyn Write) -> std::io::Result<MatchReport> {
    // A resumed run adds to the records of the interrupted one.
    let mut records = match &cfg.records {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::OpenOptions::new()
                .create(true)
                .write(true)
                .append(!cfg.resumed.is_empty())
                .truncate(cfg.resumed.is_empty())
                .open(path)?,
        )),
        None => None,
    };
    let mut results = match &cfg.results {
        Some((path, header)) => Some(results::ResultsWriter::create(path, header)?),
        None => None,
    };
    let mut report = MatchReport::default();
    for p in &cfg.resumed {
        for g in &p.games {
            report.add_game(g);
        }
        if let [a, b] = &p.games[..] {
            report.add_pair(a.points + b.points);
        }
        if let Some(w) = &mut results {
            w.pair(p)?;
        }
    }
    if !cfg.resumed.is_empty() {
        let games: usize = cfg.resumed.iter().map(|p| p.games.len()).sum();
        writeln!(
            out,
            "Resumed: {} pairs ({games} games) already played, {} games to play",
            cfg.resumed.len(),
            cfg.run_games()
        )?;
    }
    let schedule = &cfg.schedule();
    let queue = Arc::new(Mutex::new(0usize));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel::<FinishedGame>();
    // The first finished game of each pair still open, with its opening.
    let mut pending: HashMap<usize, (String, results::GameResult)> = HashMap::new();
    let names = [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()];
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..cfg.concurrency.max(1).min(schedule.len().max(1)) {
            let queue = queue.clone();
            let stop = stop.clone();
            let tx = tx.clone();
            scope.spawn(move || {
                let mut players: [Option<Player>; 2] = [None, None];
                loop {
                    if stop.load(Relaxed) {
                        break;
                    }
                    let number = {
                        let mut next = queue.lock().expect("queue");
                        let Some(&number) = schedule.get(*next) else {
                            break;
                        };
                        *next += 1;
                        number
                    };
                    let opening = cfg.openings[(number / 2) % cfg.openings.len()].clone();
                    let black = number % 2;
                    // (Re)start engines as needed.
                    let mut start_failure = None;
                    for (e, slot) in players.iter_mut().enumerate() {
                        if slot.is_none() {
                            match Player::start(&cfg.engines[e], &cfg.game.variant) {
                                Ok(p) => *slot = Some(p),
                                Err(f) => start_failure = Some((e, f)),
                            }
                        }
                    }
                    let record = if let Some((e, f)) = start_failure {
                        let side = if e == black {
                            Colour::Black
                        } else {
                            Colour::White
                        };
                        let why = |n: &str| format!("{n} ({side}) failed to start: {f}");
                        GameRecord {
                            outcome: Outcome::Win(side.flip()),
                            reason: why(&cfg.engines[e].name),
                            summary: why(play::ENGINE),
                            moves: Vec::new(),
                            hodges: Vec::new(),
                            broken: [false; 2],
                            clock_left: None,
                        }
                    } else {
                        let [a, b] = &mut players;
                        let (pa, pb) = (a.as_mut().expect("started"), b.as_mut().expect("started"));
                        let r = if black == 0 {
                            play_game([pa, pb], &opening, &cfg.game)
                        } else {
                            play_game([pb, pa], &opening, &cfg.game)
                        };
                        for side in 0..2 {
                            if r.broken[side] {
                                let e = if side == 0 { black } else { 1 - black };
                                players[e] = None;
                            }
                        }
                        r
                    };
                    let done = FinishedGame {
                        number: number + 1,
                        opening,
                        black,
                        record,
                    };
                    if tx.send(done).is_err() {
                        break;
                    }
                }
                for p in players.into_iter().flatten() {
                    p.quit();
                }
            });
        }
        drop(tx);
        for g in rx {
            let result = results::GameResult::of(&g);
            report.add_game(&result);
            let idx = g.number - 1;
            let pair = idx / 2;
            let line = format!(
                "Finished game {} ({} vs {}): {} {{{}}}",
                g.number,
                names[g.black],
                names[1 - g.black],
                result_string(&g.record.outcome),
                g.record.reason
            );
            // Pentanomial: when both games of a pair are in (a last game without a partner
            // counts only as a game). The results file gets the pair then.
            let finished = if pair * 2 + 1 < cfg.games {
                match pending.remove(&pair) {
                    Some((_, other)) => {
                        report.add_pair(other.points + result.points);
                        Some(vec![other, result])
                    }
                    None => {
                        pending.insert(pair, (g.opening.clone(), result));
                        None
                    }
                }
            } else {
                Some(vec![result])
            };
            if let (Some(w), Some(games)) = (&mut results, finished) {
                w.pair(&results::PairResult::new(pair, g.opening.clone(), games))?;
            }
            if let Some(f) = &mut records {
                write_record(f, cfg, &g)?;
                f.flush()?;
            }
            writeln!(out, "{line}")?;
            let tally = &report.tally;
            writeln!(
                out,
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
                names[0],
                names[1],
                tally.wins,
                tally.losses,
                tally.draws,
                tally.points() / tally.games() as f64,
                tally.games()
            )?;
            // A shard never stops on its own games: the SPRT is decided on the merged results
            // (`taikyoku match merge`).
            if let (Some(s), None) = (cfg.sprt, cfg.shard) {
                if report.sprt_result.is_none() {
                    report.sprt_result = sprt_decision(&report.tally, &s);
                    if report.sprt_result.is_some() {
                        stop.store(true, Relaxed);
                    }
                }
            }
        }
        Ok(())
    })?;
    // Pairs whose second game was never played (the SPRT stopped the match): their lone game,
    // counted in the report, goes to the results file too.
    if let Some(w) = &mut results {
        let mut open: Vec<_> = pending.into_iter().collect();
        open.sort_by_key(|(pair, _)| *pair);
        for (pair, (opening, game)) in open {
            w.pair(&results::PairResult::new(pair, opening, vec![game]))?;
        }
    }
    Ok(report)
}

/// `1-0` (Black won), `0-1` (White won) or `1/2-1/2`.
pub fn result_string(o: &Outcome) -> &'static str {
    match o {
        Outcome::Win(Colour::Black) => "1-0",
        Outcome::Win(Colour::White) => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

/// Writes one game's record (tags, moves in our notation, moves in Hodges-style notation).
fn write_record(f: &mut dyn Write, cfg: &MatchConfig, g: &FinishedGame) -> std::io::Result<()> {
    let (b, w) = (&cfg.engines[g.black].name, &cfg.engines[1 - g.black].name);
    writeln!(f, "[Game \"{}\"]", g.number)?;
    writeln!(f, "[Variant \"{}\"]", cfg.game.variant.id())?;
    writeln!(f, "[Black \"{b}\"]")?;
    writeln!(f, "[White \"{w}\"]")?;
    let limits: Vec<String> = cfg
        .engines
        .iter()
        .map(|e| format!("{}: {}", e.name, e.limit.unwrap_or(cfg.game.tc)))
        .collect();
    if cfg.engines.iter().any(|e| e.limit.is_some()) {
        writeln!(f, "[TimeControl \"{}\"]", limits.join(", "))?;
    } else {
        writeln!(f, "[TimeControl \"{}\"]", cfg.game.tc)?;
    }
    writeln!(f, "[Opening \"{}\"]", g.opening)?;
    writeln!(f, "[Result \"{}\"]", result_string(&g.record.outcome))?;
    writeln!(f, "[Termination \"{}\"]", g.record.reason)?;
    writeln!(f, "[Plies \"{}\"]", g.record.moves.len())?;
    if let Some([bl, wl]) = g.record.clock_left {
        writeln!(
            f,
            "[TimeLeft \"{b} {:.2} s, {w} {:.2} s\"]",
            bl.as_secs_f64(),
            wl.as_secs_f64()
        )?;
    }
    writeln!(f, "{}", g.record.moves.join(" "))?;
    let mut hodges = String::new();
    for (i, h) in g.record.hodges.iter().enumerate() {
        if i % 2 == 0 {
            hodges.push_str(&format!("{}. ", i / 2 + 1));
        }
        hodges.push_str(h);
        hodges.push(' ');
    }
    writeln!(f, "{}", hodges.trim_end())?;
    writeln!(f)?;
    Ok(())
}

/// The final report, in fastchess's layout: the one `taikyoku match` prints at its end and
/// `taikyoku match merge` prints for joined results files. The reasons come most frequent
/// first (then alphabetically), so the report does not depend on the order games finished in.
pub fn print_report(
    info: &ReportInfo,
    r: &MatchReport,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let t = &r.tally;
    let [a, b] = &info.names;
    writeln!(out, "--------------------------------------------------")?;
    writeln!(
        out,
        "Results of {a} vs {b} ({}, {}, {} games):",
        info.variant,
        info.tc,
        t.games()
    )?;
    match t.elo_interval() {
        Some((e, lo, hi)) if lo.is_finite() && hi.is_finite() => {
            writeln!(out, "Elo: {e:.1} +/- {:.1} (95%)", (hi - lo) / 2.0)?
        }
        // A near-perfect (or near-null) score: the interval is open on one side.
        Some((e, lo, _)) if lo.is_finite() => {
            writeln!(out, "Elo: {e:.1}, at least {lo:.1} (95%; no upper bound)")?
        }
        Some((e, _, hi)) if hi.is_finite() => {
            writeln!(out, "Elo: {e:.1}, at most {hi:.1} (95%; no lower bound)")?
        }
        _ => writeln!(out, "Elo: n/a (too few games or a perfect score)")?,
    }
    writeln!(
        out,
        "LOS: {:.1} %, DrawRatio: {:.1} %",
        t.los() * 100.0,
        if t.games() > 0 {
            t.draws as f64 * 100.0 / t.games() as f64
        } else {
            0.0
        }
    )?;
    writeln!(
        out,
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)",
        t.games(),
        t.wins,
        t.losses,
        t.draws,
        t.points(),
        if t.games() > 0 {
            t.points() * 100.0 / t.games() as f64
        } else {
            0.0
        }
    )?;
    writeln!(
        out,
        "Ptnml(0-2): [{}, {}, {}, {}, {}]",
        t.pentanomial[0], t.pentanomial[1], t.pentanomial[2], t.pentanomial[3], t.pentanomial[4]
    )?;
    if r.time_left.iter().any(|t| t.games > 0) {
        let show = |name: &str, t: &TimeLeft| match (t.mean(), t.least) {
            (Some(m), Some(l)) => {
                format!("{name} {:.2} s ({:.2} s)", m.as_secs_f64(), l.as_secs_f64())
            }
            _ => format!("{name} -"),
        };
        writeln!(
            out,
            "Time left at the end (mean, least): {}, {}",
            show(a, &r.time_left[0]),
            show(b, &r.time_left[1])
        )?;
    }
    if r.win_lengths.iter().any(|w| w.games() > 0) {
        writeln!(
            out,
            "Won games' lengths in plies: {a} {}, {b} {}",
            r.win_lengths[0], r.win_lengths[1]
        )?;
    }
    if let Some(s) = info.sprt {
        let (lo, hi) = sprt_bounds(s.alpha, s.beta);
        let decision = match r.sprt_result {
            Some(true) => " - H1 was accepted",
            Some(false) => " - H0 was accepted",
            None => "",
        };
        writeln!(
            out,
            "LLR: {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}]{decision}",
            t.llr(s.elo0, s.elo1),
            lo,
            hi,
            s.elo0,
            s.elo1
        )?;
    }
    let mut reasons: Vec<&(String, usize)> = r.reasons.iter().collect();
    reasons.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
    for (k, n) in reasons {
        writeln!(out, "  {n} x {k}")?;
    }
    writeln!(out, "--------------------------------------------------")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(games: usize, shard: Option<Shard>) -> MatchConfig {
        let variant = taikyoku_movegen::Variant::builtin("chu").expect("chu");
        MatchConfig {
            engines: [EngineSpec::new("a", "a"), EngineSpec::new("b", "b")],
            game: GameConfig {
                variant,
                chu_play: Default::default(),
                tc: clock::TimeControl::Depth(1),
                margin: Duration::ZERO,
                max_plies: None,
                resign: None,
                move_timeout: Duration::from_secs(1),
            },
            games,
            concurrency: 1,
            openings: vec!["startpos".into()],
            sprt: None,
            records: None,
            shard,
            results: None,
            resumed: Vec::new(),
        }
    }

    fn numbers(cfg: &MatchConfig) -> Vec<usize> {
        (0..).map_while(|i| cfg.game_number(i)).collect()
    }

    /// Shards deal pairs in turn, keep both games of a pair together, and together play every
    /// game once; `pairs` and `run_games` count what they play.
    #[test]
    fn shards_split_the_pairs() {
        assert_eq!(numbers(&config(5, None)), vec![0, 1, 2, 3, 4]);
        let s = |index, count| Some(Shard { index, count });
        assert_eq!(numbers(&config(12, s(1, 4))), vec![0, 1, 8, 9]);
        assert_eq!(numbers(&config(12, s(4, 4))), vec![6, 7]);
        assert_eq!(numbers(&config(11, s(2, 4))), vec![2, 3, 10]);
        for games in 0..30 {
            for count in 1..7 {
                let mut all = Vec::new();
                for index in 1..=count {
                    let cfg = config(games, s(index, count));
                    let mine = numbers(&cfg);
                    assert_eq!(cfg.run_games(), mine.len());
                    let pairs = Shard { index, count }.pairs(games);
                    assert_eq!(pairs, mine.iter().filter(|&&n| n % 2 == 0).count());
                    all.extend(mine);
                }
                all.sort_unstable();
                assert_eq!(
                    all,
                    (0..games).collect::<Vec<_>>(),
                    "{games} games, {count} shards"
                );
            }
        }
        assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
