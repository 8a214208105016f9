//! Matches divided into shards (`--shard K/N` with `--results`) and joined again (`taikyoku
//! match merge`), as a cluster runs them (docs/distributed.md): the merged report of a
//! fixed-depth match's shards is the unsharded run's, files of another match or a shard given
//! twice are refused, and a missing shard is named. Our engine at fixed depths plays, so every
//! game is the same in every run.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod scratch;
use scratch::Scratch;

fn taikyoku() -> &'static str {
    env!("CARGO_BIN_EXE_taikyoku")
}

/// Six balanced Dai dai openings (`taikyoku openings --variant dai-dai --count 6 --depth 1`).
const OPENINGS: &str = "\
startpos moves 16n15o 3f3g 9l9k 15b15c 16m16n 4b3c 2n3o
startpos moves 12k12g 14b15c 2n3o 9f9g 15l15k
startpos moves 17n17o 12b11c 12k12h 2b1c 9l9k 11a13c 12o11o 4b3c
startpos moves 9l9k 4f4g 4o5o 16f16g
startpos moves 11l11k 15b15c 8l8k 6g6k 7l7k 2c1c
startpos moves 2n3o 13f13g 6o5o 3f3g 12p13o
";

/// A scratch directory with the openings file in it.
fn workdir(name: &str) -> (Scratch, PathBuf) {
    let dir = Scratch::new(name);
    std::fs::create_dir_all(dir.path()).unwrap();
    let openings = dir.path().join("openings.txt");
    std::fs::write(&openings, OPENINGS).unwrap();
    (dir, openings)
}

/// Dai dai, depth 2 against depth 1, 11 games (five pairs and a lone game) over shuffled
/// openings, games adjudicated early (a resignation both engines agree on, a draw at 160
/// plies) so that they end in seconds with wins, losses and draws; SPRT parameters that these
/// few games cannot decide, so its line is compared too.
fn fixed_depth_match(openings: &Path) -> Vec<String> {
    let t = taikyoku();
    [
        "--variant",
        "dai-dai",
        "--engine",
        &format!("cmd={t} name=d2 depth=2"),
        "--engine",
        &format!("cmd={t} name=d1 depth=1"),
        "--games",
        "11",
        "--openings",
        openings.to_str().unwrap(),
        "--seed",
        "3",
        "--draw-after",
        "160",
        "--resign",
        "300:2",
        "--sprt",
        "0",
        "10",
        "0.05",
        "0.05",
    ]
    .map(String::from)
    .to_vec()
}

/// Two depth-1 engines, games drawn at 8 plies: a results file in a moment.
fn quick_match(games: &str, draw_after: &str) -> Vec<String> {
    let t = taikyoku();
    [
        "--variant",
        "dai-dai",
        "--engine",
        &format!("cmd={t} name=a"),
        "--engine",
        &format!("cmd={t} name=b"),
        "--depth",
        "1",
        "--games",
        games,
        "--draw-after",
        draw_after,
    ]
    .map(String::from)
    .to_vec()
}

fn run(args: &[String]) -> Output {
    Command::new(taikyoku())
        .arg("match")
        .args(args)
        .output()
        .expect("runs")
}

/// The standard output of a run that must have succeeded.
fn succeeded(o: &Output) -> String {
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// `args` plus `--shard K/N --results FILE`.
fn shard(args: &[String], k: usize, n: usize, results: &Path) -> Vec<String> {
    let mut a = args.to_vec();
    a.extend([
        "--shard".into(),
        format!("{k}/{n}"),
        "--results".into(),
        results.to_str().unwrap().into(),
    ]);
    a
}

fn merge(files: &[PathBuf]) -> Output {
    Command::new(taikyoku())
        .args(["match", "merge"])
        .args(files)
        .output()
        .expect("runs")
}

/// The report: from its first dashed line to the end.
fn report(out: &str) -> String {
    let start = out
        .find("--------------------------------------------------")
        .unwrap_or_else(|| panic!("no report in {out}"));
    out[start..].to_string()
}

/// The results file's lines, parsed.
fn lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn four_shards_merge_into_the_unsharded_report() {
    let (dir, openings) = workdir("shards-equal");
    let args = fixed_depth_match(&openings);
    let whole = dir.path().join("whole.jsonl");
    let mut one = args.clone();
    one.extend(["--concurrency", "2", "--results", whole.to_str().unwrap()].map(String::from));
    let unsharded = report(&succeeded(&run(&one)));
    assert!(
        unsharded.contains("(dai-dai, depth 2, 11 games)"),
        "{unsharded}"
    );
    // The four shards, two at a time.
    let files: Vec<PathBuf> = (1..=4)
        .map(|k| dir.path().join(format!("shard-{k}.jsonl")))
        .collect();
    for half in [[1, 2], [3, 4]] {
        let children = half.map(|k| {
            Command::new(taikyoku())
                .arg("match")
                .args(shard(&args, k, 4, &files[k - 1]))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("starts")
        });
        for c in children {
            succeeded(&c.wait_with_output().expect("runs"));
        }
    }
    // Shard 2 of 4 holds pairs 2 and 6 (games 3, 4 and the lone 11th), under their global
    // numbers, with the header's settings.
    let two = lines(&files[1]);
    assert_eq!(two[0]["type"], "header");
    assert_eq!(two[0]["shard"]["index"], 2);
    assert_eq!(two[0]["settings"]["games"], 11);
    assert_eq!(
        two[0]["engines"][0]["id_name"]
            .as_str()
            .map(|s| s.starts_with("taikyoku")),
        Some(true)
    );
    assert_eq!(
        two[0]["engines"][0]["sha256"].as_str().map(str::len),
        Some(64)
    );
    let pairs: Vec<_> = two[1..]
        .iter()
        .map(|p| p["pair"].as_u64().unwrap())
        .collect();
    assert_eq!(pairs, [2, 6]);
    let numbers: Vec<_> = two[1..]
        .iter()
        .flat_map(|p| p["games"].as_array().unwrap().iter())
        .map(|g| g["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [3, 4, 11]);
    assert!(two[2]["pentanomial"].is_null());
    // The merge: the same report, and so is the unsharded run's own file merged alone.
    let merged = succeeded(&merge(&files));
    assert!(
        merged
            .starts_with("Merged 4 files: shards 1-4 of 4; 6 pairs, 11 of the match's 11 games\n"),
        "{merged}"
    );
    assert_eq!(report(&merged), unsharded);
    let alone = succeeded(&merge(&[whole]));
    assert_eq!(report(&alone), unsharded);
}

#[test]
fn merge_refuses_the_results_of_another_match() {
    let (dir, _) = workdir("shards-refused");
    let file = |name: &str| dir.path().join(name);
    succeeded(&run(&shard(&quick_match("4", "8"), 1, 2, &file("a.jsonl"))));
    succeeded(&run(&shard(
        &quick_match("4", "10"),
        2,
        2,
        &file("b.jsonl"),
    )));
    let mut other_engine = quick_match("4", "8");
    other_engine[5].push_str(" option.Threads=1");
    succeeded(&run(&shard(&other_engine, 2, 2, &file("c.jsonl"))));
    succeeded(&run(&shard(&quick_match("4", "8"), 2, 3, &file("d.jsonl"))));
    let refused = |files: &[&str], why: &str| {
        let o = merge(&files.iter().map(|f| file(f)).collect::<Vec<_>>());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(why), "{why}: {err}");
    };
    refused(
        &["a.jsonl", "b.jsonl"],
        "b.jsonl: settings.draw_after is 10, but ",
    );
    refused(&["a.jsonl", "c.jsonl"], "c.jsonl: engines[1].options is ");
    refused(&["a.jsonl", "d.jsonl"], "d.jsonl: shard.count is 3, but ");
    refused(&["a.jsonl", "a.jsonl"], "holds shard 1/2, as ");
    // Not a results file at all.
    std::fs::write(file("e.jsonl"), "[Game \"1\"]\n").unwrap();
    refused(&["e.jsonl"], "e.jsonl:1: not a results line");
}

#[test]
fn merge_names_a_missing_shard() {
    let (dir, _) = workdir("shards-missing");
    let file = |name: &str| dir.path().join(name);
    let args = quick_match("6", "8");
    succeeded(&run(&shard(&args, 1, 3, &file("1.jsonl"))));
    succeeded(&run(&shard(&args, 3, 3, &file("3.jsonl"))));
    let out = succeeded(&merge(&[file("1.jsonl"), file("3.jsonl")]));
    assert!(
        out.contains("shards 1, 3 of 3; 2 pairs, 4 of the match's 6 games"),
        "{out}"
    );
    assert!(
        out.contains("Missing shard 2 of 3 (1 pair not counted)"),
        "{out}"
    );
    assert!(
        out.contains("Games: 4, Wins: 0, Losses: 0, Draws: 4"),
        "{out}"
    );
    // A shard killed while writing its pair: the cut line is skipped, and the shard is
    // incomplete.
    let text = std::fs::read_to_string(file("3.jsonl")).unwrap();
    let header = text.lines().next().unwrap();
    std::fs::write(
        file("3.jsonl"),
        format!("{header}\n{{\"type\":\"pair\",\"pa"),
    )
    .unwrap();
    let out = succeeded(&merge(&[file("1.jsonl"), file("3.jsonl")]));
    assert!(out.contains("skipped a last line cut short"), "{out}");
    assert!(
        out.contains("Incomplete (killed, or stopped early): shard 3 (0 of 1 pairs)"),
        "{out}"
    );
    assert!(out.contains("Games: 2, Wins: 0"), "{out}");
}

/// Whether GNU parallel is installed; says so when it is not (the test is then skipped).
fn gnu_parallel() -> bool {
    let has = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        println!("skipped: GNU parallel is not installed (apt-get install parallel)");
    }
    has
}

/// The shards run by `scripts/match-shards-parallel.sh` under GNU parallel with two local job
/// slots merge into the unsharded report. Skipped, with a message, where `parallel` is not
/// installed (CI installs it: .ci/run).
#[test]
fn shards_under_gnu_parallel() {
    if !gnu_parallel() {
        return;
    }
    let (dir, openings) = workdir("shards-parallel");
    let args = fixed_depth_match(&openings);
    let unsharded = report(&succeeded(&run(&args)));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/match-shards-parallel.sh");
    let out_dir = dir.path().join("shards");
    let o = Command::new("bash")
        .arg(script)
        .args(["-n", "4", "-j", "2", "-t", taikyoku(), "-o"])
        .arg(&out_dir)
        .arg("--")
        .args(&args)
        .output()
        .expect("runs");
    let merged = succeeded(&o);
    assert!(
        merged.starts_with("Merged 4 files: shards 1-4 of 4;"),
        "{merged}"
    );
    assert_eq!(report(&merged), unsharded);
    for k in 1..=4 {
        assert!(
            out_dir.join(format!("shard-{k}.txt")).exists(),
            "records of shard {k}"
        );
    }
}

/// The shards run as a Slurm job array (`sbatch --wait --array=0-3
/// scripts/match-slurm.sbatch`) merge into the unsharded report. Runs where `sbatch` is
/// installed and a cluster answers `sinfo` (one on this machine: scripts/slurm-localhost.sh,
/// docs/distributed.md); skipped with a message elsewhere. The scratch directory must be where
/// the cluster's nodes see it: true of a single-node cluster.
#[test]
fn shards_as_a_slurm_job_array() {
    let cluster = Command::new("sinfo")
        .args(["-h", "-o", "%T"])
        .output()
        .is_ok_and(|o| o.status.success() && !o.stdout.is_empty());
    if !cluster {
        println!("skipped: no Slurm cluster answers here (sinfo; scripts/slurm-localhost.sh)");
        return;
    }
    let (dir, openings) = workdir("shards-slurm");
    let args = fixed_depth_match(&openings);
    let unsharded = report(&succeeded(&run(&args)));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/match-slurm.sbatch");
    let o = Command::new("sbatch")
        .args(["--wait", "--array=0-3", "--job-name=taikyoku-test"])
        .arg(script)
        .args(&args)
        .current_dir(dir.path())
        .env("TAIKYOKU", taikyoku())
        .output()
        .expect("runs");
    succeeded(&o);
    let files: Vec<PathBuf> = (1..=4)
        .map(|k| dir.path().join(format!("shards/shard-{k}.jsonl")))
        .collect();
    let merged = succeeded(&merge(&files));
    assert!(
        merged.starts_with("Merged 4 files: shards 1-4 of 4;"),
        "{merged}"
    );
    assert_eq!(report(&merged), unsharded);
}

/// `scripts/sprt-batches.sh` plays batches of shards under GNU parallel until the merge says
/// the SPRT decided: with bounds this wide (Elo 0 against 150, 10% errors) depth 2 is found
/// stronger than depth 1 before the match's 40 games are all played, and the shards after the
/// deciding batch are never started. Skipped where `parallel` is absent.
#[test]
fn sprt_batches_stop_when_the_merge_decides() {
    if !gnu_parallel() {
        return;
    }
    let (dir, openings) = workdir("shards-sprt");
    let mut args = fixed_depth_match(&openings);
    let at = |a: &[String], key: &str| a.iter().position(|x| x == key).unwrap() + 1;
    let games = at(&args, "--games");
    args[games] = "40".into();
    let sprt = at(&args, "--sprt");
    args.splice(sprt..sprt + 4, ["0", "150", "0.1", "0.1"].map(String::from));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/sprt-batches.sh");
    let out_dir = dir.path().join("sprt");
    let o = Command::new("bash")
        .arg(script)
        .args(["-n", "10", "-b", "2", "-j", "2", "-t", taikyoku(), "-o"])
        .arg(&out_dir)
        .arg("--")
        .args(&args)
        .output()
        .expect("runs");
    let out = succeeded(&o);
    let decided = out
        .lines()
        .find(|l| l.starts_with("SPRT decided after "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(decided.ends_with("- H1 was accepted"), "{decided}");
    let played = (1..=10)
        .filter(|k| out_dir.join(format!("shard-{k}.jsonl")).exists())
        .count();
    assert!(played < 10 && played % 2 == 0, "{played} shards: {out}");
    assert!(
        decided.contains(&format!("after {played} of 10 shards")),
        "{decided}"
    );
}

#[test]
fn an_interrupted_run_resumes_to_the_same_report() {
    let (dir, openings) = workdir("resume");
    let args = fixed_depth_match(&openings);
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let mut one = args.clone();
    one.extend(["--results".into(), path("whole.jsonl")]);
    let unbroken = report(&succeeded(&run(&one)));
    // Interrupted after two pairs, while writing the third's line.
    let text = std::fs::read_to_string(path("whole.jsonl")).unwrap();
    let kept: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(
        path("cut.jsonl"),
        format!("{}\n{{\"type\":\"pair\",\"pa", kept.join("\n")),
    )
    .unwrap();
    let mut again = args.clone();
    again.extend(
        [
            "--results",
            &path("cut.jsonl"),
            "--resume",
            "--records",
            &path("records.txt"),
        ]
        .map(String::from),
    );
    // A run of another match (two more games) may not take the file over.
    let mut other = again.clone();
    let games = other.iter().position(|a| a == "--games").unwrap();
    other[games + 1] = "13".into();
    let refused = run(&other);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("not the same match"), "{err}");
    // The same match goes on where it stopped: the report of the unbroken run, and a whole
    // results file again.
    let out = succeeded(&run(&again));
    assert!(
        out.contains("Resumed: 2 pairs (4 games) already played, 7 games to play"),
        "{out}"
    );
    assert_eq!(report(&out), unbroken);
    assert_eq!(
        report(&succeeded(&merge(&[path("cut.jsonl").into()]))),
        unbroken
    );
    let records = std::fs::read_to_string(path("records.txt")).unwrap();
    assert_eq!(records.matches("[Game \"").count(), 7, "{records}");
    // Resuming a finished match plays nothing and reports it whole.
    let done = succeeded(&run(&again));
    assert!(
        done.contains("Resumed: 6 pairs (11 games) already played, 0 games to play"),
        "{done}"
    );
    assert_eq!(report(&done), unbroken);
}
