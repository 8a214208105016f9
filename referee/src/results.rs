//! The results file of a match (`taikyoku match --results FILE`) and the merge of several
//! (`taikyoku match merge FILE...`): how a match divided into shards, played on many machines,
//! is joined into one report.
//!
//! The file is JSON lines. The first line is the [`Header`]: the match's settings, the shard,
//! and each engine's name, `id name`, options and the SHA-256 of its binary. Every further line
//! is one game pair ([`PairResult`]: both games' results from the first engine's view, plies,
//! reasons, the pentanomial outcome), written and flushed as the pair finishes, so a killed
//! shard loses at most its pairs in progress. A last line cut short by a kill is skipped with a
//! warning.
//!
//! The merge refuses files whose settings or engines differ (naming the file and the field),
//! and two files of one shard; it tolerates missing shards and names them. Its report is the
//! one `taikyoku match` prints ([`crate::print_report`]), counted the same way
//! ([`MatchReport::add_game`], [`MatchReport::add_pair`]), so the merge of a fixed-depth
//! match's shards prints the unsharded run's report.

use std::collections::BTreeMap;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::spec::{EngineSpec, Proto};
use crate::{sprt_decision, FinishedGame, MatchReport, ReportInfo, Shard, Sprt};

/// The version of the file's layout, in every header.
pub const FORMAT: u32 = 1;

/// One line of a results file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// The first line.
    Header(Box<Header>),
    /// A finished game pair.
    Pair(PairResult),
}

/// The first line: what was played, by whom, and which shard of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// [`FORMAT`].
    pub format: u32,
    /// Which slice of the match this file holds (1/1 for a whole match).
    pub shard: ShardInfo,
    /// The match's settings; the merge refuses files whose settings differ.
    pub settings: Settings,
    /// The two engines, the first one's results counted.
    pub engines: [EngineInfo; 2],
}

/// A shard as written in the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardInfo {
    /// 1 to `count`.
    pub index: usize,
    /// How many shards the match was divided into.
    pub count: usize,
}

impl From<Option<Shard>> for ShardInfo {
    fn from(s: Option<Shard>) -> ShardInfo {
        let s = s.unwrap_or(Shard { index: 1, count: 1 });
        ShardInfo {
            index: s.index,
            count: s.count,
        }
    }
}

impl ShardInfo {
    fn shard(&self) -> Shard {
        Shard {
            index: self.index,
            count: self.count,
        }
    }
}

/// The settings that make two runs parts of one match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The variant's id.
    pub variant: String,
    /// SHA-256 of the variant file (`--variant-file`), None for a built-in variant.
    pub variant_file_sha256: Option<String>,
    /// `--chu-rules`.
    pub chu_rules: String,
    /// The match's time control as the report writes it (`depth 2`, `10+0.1`, ...).
    pub time_control: String,
    /// `--margin`, milliseconds.
    pub margin_ms: u64,
    /// `--move-timeout`, seconds.
    pub move_timeout_s: u64,
    /// The openings file as given (informative: not compared, a host may keep it elsewhere).
    pub openings_file: Option<String>,
    /// SHA-256 of the openings file, None without one (the start position).
    pub openings_sha256: Option<String>,
    /// How many openings were read.
    pub openings: usize,
    /// `--seed` (the openings' shuffle).
    pub seed: Option<u64>,
    /// The ply limit after which a game is drawn (None: no limit).
    pub draw_after: Option<usize>,
    /// `--resign CP:MOVES`.
    pub resign: Option<(i32, usize)>,
    /// `--sprt`, decided by the merge.
    pub sprt: Option<Sprt>,
    /// The whole match's number of games (all shards).
    pub games: usize,
}

/// One engine as the header describes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineInfo {
    /// The match's name for it.
    pub name: String,
    /// What it calls itself (USI `id name`, CECP `myname`), None if it did not say or did not
    /// start.
    pub id_name: Option<String>,
    /// `cmd=` as given (informative: not compared, a host may keep the binary elsewhere).
    pub cmd: String,
    /// `arg=`.
    pub args: Vec<String>,
    /// `usi`, `cecp` or `atsi`.
    pub proto: String,
    /// `option.NAME=VALUE`, in order.
    pub options: Vec<(String, String)>,
    /// Its own limit (`tc=`, `depth=`, `nodes=`), as the records write it.
    pub limit: Option<String>,
    /// `memory=` (CECP).
    pub memory: u32,
    /// SHA-256 of the file `cmd` runs (found on `PATH` for a bare name), None if unreadable.
    /// A wrapper script's checksum is the script's, not of what it starts.
    pub sha256: Option<String>,
}

impl EngineInfo {
    /// Describes `spec`, which called itself `id_name`, with its binary's checksum.
    pub fn of(spec: &EngineSpec, id_name: Option<String>) -> EngineInfo {
        EngineInfo {
            name: spec.name.clone(),
            id_name,
            cmd: spec.cmd.clone(),
            args: spec.args.clone(),
            proto: match spec.proto {
                Proto::Usi => "usi",
                Proto::Cecp => "cecp",
                Proto::Atsi => "atsi",
            }
            .into(),
            options: spec.options.clone(),
            limit: spec.limit.map(|l| l.to_string()),
            memory: spec.memory,
            sha256: find_command(&spec.cmd).and_then(|p| file_sha256(&p).ok()),
        }
    }
}

/// A finished game pair: one opening, both colours (or a lone game: the last of an odd number,
/// or one whose partner was never played because the match stopped).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairResult {
    /// The pair's number, from 1: it holds games `2 * pair - 1` and `2 * pair`.
    pub pair: usize,
    /// The opening both games started from.
    pub opening: String,
    /// Its games, by number.
    pub games: Vec<GameResult>,
    /// The first engine's points in the pair times two (0 to 4), None for a lone game.
    pub pentanomial: Option<usize>,
}

/// One game of a pair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The global game number (1-based).
    pub number: usize,
    /// Which colour the first engine played: `black` or `white`.
    pub first_engine: String,
    /// `1-0` (Black won), `0-1` or `1/2-1/2`.
    pub result: String,
    /// The first engine's points: 1, 0.5 or 0.
    pub points: f64,
    /// Game plies (the opening's not counted).
    pub plies: usize,
    /// Why it ended, with the engines' names.
    pub reason: String,
    /// Why it ended, the engines written `<engine>` (the report's reasons).
    pub summary: String,
    /// Nanoseconds left on each engine's clock at the end (first engine first), None without
    /// a clock.
    pub time_left_ns: Option<[u64; 2]>,
}

impl GameResult {
    /// The result of a finished game.
    pub fn of(g: &FinishedGame) -> GameResult {
        let by_engine = g.record.clock_left.map(|c| {
            let ns = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
            if g.black == 0 {
                [ns(c[0]), ns(c[1])]
            } else {
                [ns(c[1]), ns(c[0])]
            }
        });
        GameResult {
            number: g.number,
            first_engine: if g.black == 0 { "black" } else { "white" }.into(),
            result: crate::result_string(&g.record.outcome).into(),
            points: g.points_first(),
            plies: g.record.moves.len(),
            reason: g.record.reason.clone(),
            summary: g.record.summary.clone(),
            time_left_ns: by_engine,
        }
    }

    /// Time left on each engine's clock (first engine first).
    pub fn time_left(&self) -> Option<[Duration; 2]> {
        self.time_left_ns.map(|t| t.map(Duration::from_nanos))
    }
}

impl PairResult {
    /// The pair `pair` (0-based) of `games` (one or two, in any order).
    pub fn new(pair: usize, opening: String, mut games: Vec<GameResult>) -> PairResult {
        games.sort_by_key(|g| g.number);
        let pentanomial = (games.len() == 2)
            .then(|| ((games[0].points + games[1].points) * 2.0).round() as usize);
        PairResult {
            pair: pair + 1,
            opening,
            games,
            pentanomial,
        }
    }
}

/// Writes a results file: the header at once, then a line per pair, each flushed.
pub struct ResultsWriter {
    file: BufWriter<std::fs::File>,
}

impl ResultsWriter {
    /// Creates (or empties) `path` and writes the header.
    pub fn create(path: &str, header: &Header) -> std::io::Result<ResultsWriter> {
        let file = std::fs::File::create(path)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{path}: {e}")))?;
        let mut w = ResultsWriter {
            file: BufWriter::new(file),
        };
        w.line(&Line::Header(Box::new(header.clone())))?;
        Ok(w)
    }

    /// Writes one pair's line and flushes it.
    pub fn pair(&mut self, p: &PairResult) -> std::io::Result<()> {
        self.line(&Line::Pair(p.clone()))
    }

    fn line(&mut self, l: &Line) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.file, l)?;
        self.file.write_all(b"\n")?;
        self.file.flush()
    }
}

/// A results file as read back.
#[derive(Clone, Debug)]
pub struct ResultsFile {
    /// Its path (for messages).
    pub path: String,
    /// Its first line.
    pub header: Header,
    /// Its pairs, in the order written.
    pub pairs: Vec<PairResult>,
    /// What was wrong but tolerated (a last line cut short).
    pub warnings: Vec<String>,
}

/// Reads a results file. A last line without its newline that does not parse (a shard killed
/// while writing it) is skipped with a warning; any other bad line is an error naming the file
/// and the line.
pub fn read(path: &str) -> Result<ResultsFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut header = None;
    let mut pairs = Vec::new();
    let mut warnings = Vec::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, raw) in lines.iter().enumerate() {
        let l = raw.trim();
        if l.is_empty() {
            continue;
        }
        let parsed: Result<Line, _> = serde_json::from_str(l);
        let line = match parsed {
            Ok(line) => line,
            Err(_) if i + 1 == lines.len() && !raw.ends_with('\n') && header.is_some() => {
                warnings.push(format!(
                    "{path}:{}: skipped a last line cut short (a shard killed while writing it)",
                    i + 1
                ));
                continue;
            }
            Err(e) => return Err(format!("{path}:{}: not a results line: {e}", i + 1)),
        };
        match (line, &header) {
            (Line::Header(h), None) => {
                if h.format != FORMAT {
                    return Err(format!(
                        "{path}: results format {} (this program reads {FORMAT})",
                        h.format
                    ));
                }
                header = Some(*h)
            }
            (Line::Header(_), Some(_)) => {
                return Err(format!("{path}:{}: a second header", i + 1));
            }
            (Line::Pair(_), None) => {
                return Err(format!("{path}:{}: a pair before the header", i + 1));
            }
            (Line::Pair(p), Some(_)) => pairs.push(p),
        }
    }
    let header = header.ok_or_else(|| format!("{path}: no header (not a results file?)"))?;
    Ok(ResultsFile {
        path: path.to_string(),
        header,
        pairs,
        warnings,
    })
}

/// The joined results of several files.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The first file's header (the settings and engines all files share).
    pub header: Header,
    /// The report over all their pairs.
    pub report: MatchReport,
    /// What the report's reader should know: which shards were merged, which are missing or
    /// incomplete, the files' warnings.
    pub notes: Vec<String>,
}

impl Merged {
    /// What the report's heading needs.
    pub fn report_info(&self) -> ReportInfo {
        report_info(&self.header)
    }
}

/// The report's heading from a header.
pub fn report_info(h: &Header) -> ReportInfo {
    ReportInfo {
        names: [h.engines[0].name.clone(), h.engines[1].name.clone()],
        variant: h.settings.variant.clone(),
        tc: h.settings.time_control.clone(),
        sprt: h.settings.sprt,
    }
}

/// The fields of a header that must agree between the files of one match, as `path = value`
/// (the shard's count included, its index and the informative paths left out).
/// The pairs of `file` that a run with `header` may take over and not play again
/// (`match --resume`): an error unless the file is of the same match (settings, engines and
/// their binaries, as [`merge`] compares them) and the same shard. Only finished pairs are
/// listed (the file holds no other).
pub fn resumable(file: &ResultsFile, header: &Header) -> Result<Vec<PairResult>, String> {
    let (mine, theirs) = (compared_fields(header), compared_fields(&file.header));
    if let Some((k, v)) = mine.iter().find(|(k, v)| theirs.get(*k) != Some(*v)) {
        let other = theirs.get(k).map_or("(absent)", |s| s.as_str());
        return Err(format!(
            "{}: {k} is {other}, but this run has {v}: not the same match, so it cannot be resumed",
            file.path
        ));
    }
    if let Some(k) = theirs.keys().find(|k| !mine.contains_key(*k)) {
        return Err(format!(
            "{}: {k} is {}, but this run has none: not the same match, so it cannot be resumed",
            file.path, theirs[k]
        ));
    }
    if file.header.shard.index != header.shard.index {
        return Err(format!(
            "{} holds shard {}/{}, this run plays shard {}/{}",
            file.path,
            file.header.shard.index,
            file.header.shard.count,
            header.shard.index,
            header.shard.count
        ));
    }
    Ok(file.pairs.clone())
}

fn compared_fields(h: &Header) -> BTreeMap<String, String> {
    let mut v = serde_json::to_value(h).expect("a header is JSON");
    if let Value::Object(o) = &mut v {
        if let Some(Value::Object(s)) = o.get_mut("shard") {
            s.remove("index");
        }
        if let Some(Value::Object(s)) = o.get_mut("settings") {
            s.remove("openings_file");
        }
        if let Some(Value::Array(es)) = o.get_mut("engines") {
            for e in es {
                if let Value::Object(e) = e {
                    e.remove("cmd");
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    flatten("", &v, &mut out);
    out
}

fn flatten(prefix: &str, v: &Value, out: &mut BTreeMap<String, String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&p, x, out);
            }
        }
        Value::Array(a) if a.iter().any(|x| x.is_object()) => {
            for (i, x) in a.iter().enumerate() {
                flatten(&format!("{prefix}[{i}]"), x, out);
            }
        }
        other => {
            out.insert(prefix.to_string(), other.to_string());
        }
    }
}

/// `1-3, 5, 7-8`.
fn ranges(xs: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < xs.len() {
        let mut j = i;
        while j + 1 < xs.len() && xs[j + 1] == xs[j] + 1 {
            j += 1;
        }
        parts.push(if j == i {
            xs[i].to_string()
        } else {
            format!("{}-{}", xs[i], xs[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// Joins result files into one report. Refuses files whose settings or engines differ (the
/// error names the file and the first field that differs), two files of one shard, and pairs
/// that do not belong to their file's shard or appear twice; notes missing shards, and shards
/// with fewer pairs than their share (killed, or stopped early).
pub fn merge(files: &[ResultsFile]) -> Result<Merged, String> {
    let first = files.first().ok_or("no results files to merge")?;
    let fields = compared_fields(&first.header);
    let mut by_shard: BTreeMap<usize, &ResultsFile> = BTreeMap::new();
    let mut notes = Vec::new();
    for f in files {
        let mine = compared_fields(&f.header);
        for (k, v) in &fields {
            let other = mine.get(k).map_or("(absent)", |s| s.as_str());
            if other != v {
                return Err(format!(
                    "{}: {k} is {other}, but {} has {v}: not the same match",
                    f.path, first.path
                ));
            }
        }
        if let Some(k) = mine.keys().find(|k| !fields.contains_key(*k)) {
            return Err(format!(
                "{}: {k} is {}, but {} has none: not the same match",
                f.path, mine[k], first.path
            ));
        }
        let s = f.header.shard;
        if s.index == 0 || s.index > s.count {
            return Err(format!(
                "{}: shard {}/{} is no shard",
                f.path, s.index, s.count
            ));
        }
        if let Some(other) = by_shard.insert(s.index, f) {
            return Err(format!(
                "{} holds shard {}/{}, as {} does: a shard given twice",
                f.path, s.index, s.count, other.path
            ));
        }
        notes.extend(f.warnings.iter().cloned());
    }
    let header = first.header.clone();
    let games = header.settings.games;
    let count = header.shard.count;
    let mut report = MatchReport::default();
    let mut pairs: BTreeMap<usize, &PairResult> = BTreeMap::new();
    let mut incomplete = Vec::new();
    for (&index, f) in &by_shard {
        let shard = f.header.shard.shard();
        let mut complete = 0;
        for p in &f.pairs {
            let ok = p.pair >= 1
                && shard.has_pair(p.pair - 1)
                && !p.games.is_empty()
                && p.games.len() <= 2
                && p.games.iter().all(|g| {
                    (g.number == 2 * p.pair - 1 || g.number == 2 * p.pair) && g.number <= games
                })
                && (p.games.len() < 2 || p.games[0].number != p.games[1].number);
            if !ok {
                return Err(format!(
                    "{}: pair {} does not belong to shard {shard} of {games} games",
                    f.path, p.pair
                ));
            }
            if pairs.insert(p.pair, p).is_some() {
                return Err(format!("{}: pair {} appears twice", f.path, p.pair));
            }
            if p.games.len() == 2 || 2 * p.pair > games {
                complete += 1;
            }
        }
        let expected = shard.pairs(games);
        if complete < expected {
            incomplete.push(format!("{index} ({complete} of {expected} pairs)"));
        }
    }
    for p in pairs.values() {
        for g in &p.games {
            report.add_game(g);
        }
        if p.games.len() == 2 {
            report.add_pair(p.games[0].points + p.games[1].points);
        }
    }
    if let Some(s) = header.settings.sprt {
        report.sprt_result = sprt_decision(&report.tally, &s);
    }
    let present: Vec<usize> = by_shard.keys().copied().collect();
    let missing: Vec<usize> = (1..=count).filter(|k| !by_shard.contains_key(k)).collect();
    let played: usize = pairs.values().map(|p| p.games.len()).sum();
    notes.insert(
        0,
        format!(
            "Merged {} file{}: shard{} {} of {count}; {} pairs, {played} of the match's {games} games",
            files.len(),
            if files.len() == 1 { "" } else { "s" },
            if present.len() == 1 { "" } else { "s" },
            ranges(&present),
            pairs.len(),
        ),
    );
    if !missing.is_empty() {
        let lost: usize = missing
            .iter()
            .map(|&index| Shard { index, count }.pairs(games))
            .sum();
        notes.push(format!(
            "Missing shard{} {} of {count} ({lost} pair{} not counted)",
            if missing.len() == 1 { "" } else { "s" },
            ranges(&missing),
            if lost == 1 { "" } else { "s" },
        ));
    }
    if !incomplete.is_empty() {
        notes.push(format!(
            "Incomplete (killed, or stopped early): shard {}",
            incomplete.join(", shard ")
        ));
    }
    Ok(Merged {
        header,
        report,
        notes,
    })
}

/// The file a command runs: `cmd` itself when it names a path, else the first executable of
/// that name on `PATH`.
pub fn find_command(cmd: &str) -> Option<PathBuf> {
    if cmd.contains('/') {
        return Some(PathBuf::from(cmd));
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(cmd))
        .find(|p| p.is_file())
}

/// The SHA-256 of a file's bytes, in lower-case hexadecimal (as `sha256sum` prints it).
pub fn file_sha256(path: &Path) -> std::io::Result<String> {
    let mut f = std::fs::File::open(path)?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_compact() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
        assert_eq!(ranges(&[4]), "4");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn sha256_of_a_known_text() {
        let dir = std::env::temp_dir().join(format!("taikyoku-sha-{}", std::process::id()));
        std::fs::write(&dir, b"abc").unwrap();
        let h = file_sha256(&dir).unwrap();
        std::fs::remove_file(&dir).unwrap();
        assert_eq!(
            h,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
