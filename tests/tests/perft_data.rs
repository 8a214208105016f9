//! The perft suites in `perft-data/`, one per built-in variant (a built-in variant without a
//! suite, or a suite without a variant, fails): every count reproduced by the fast generator
//! (the cheap ones in every run, the expensive ones with `--ignored`), and confirmed by the
//! independent reference generator: a fixed sample in every run (every count at depth 1 and 2,
//! and every count of at most a million leaves, of every suite), all of them with `--ignored`.

use std::path::PathBuf;

use rayon::prelude::*;
use taikyoku_movegen::BUILTIN;
use taikyoku_movegen::{with_position, AnyPosition, Variant};
use taikyoku_tests::reference::RefPosition;

/// Counts with at most this many leaves are reproduced by the fast generator in every run.
const CHEAP: u64 = 4_000_000;

/// The reference generator confirms every count up to this depth in every run...
const SAMPLE_DEPTH: u32 = 2;

/// ... and every count of at most this many leaves (most depth-3 counts of chu, Dai dai and
/// Maka dai dai, a few of Ko and Taikyoku).
const SAMPLE_LEAVES: u64 = 1_000_000;

/// Whether the reference confirms a count in every run.
fn in_sample(depth: u32, leaves: u64) -> bool {
    depth <= SAMPLE_DEPTH || leaves <= SAMPLE_LEAVES
}

struct Entry {
    line: usize,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn suites_dir() -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "..", "perft-data"]
        .iter()
        .collect()
}

fn load(variant: &str) -> Vec<Entry> {
    let path = suites_dir().join(format!("{variant}.perft"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{variant}: no perft suite at {path:?}: {e}"));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let position = parts.next().unwrap().trim().to_string();
        let counts: Vec<(u32, u64)> = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p
                    .strip_prefix('D')
                    .and_then(|r| r.split_once(' '))
                    .unwrap_or_else(|| panic!("{variant}.perft:{}: bad field '{p}'", i + 1));
                (d.parse().unwrap(), n.trim().parse().unwrap())
            })
            .collect();
        assert!(
            !counts.is_empty(),
            "{variant}.perft:{}: a position without counts",
            i + 1
        );
        out.push(Entry {
            line: i + 1,
            position,
            counts,
        });
    }
    assert!(
        out.len() >= 21,
        "{variant}: the suite needs the start position and 20 more"
    );
    assert_eq!(
        out[0].position, "startpos",
        "{variant}: the suite starts with the start position"
    );
    out
}

/// Reproduces the counts of `variant`'s suite with the fast generator: those up to [`CHEAP`]
/// leaves, or (`expensive`) the others. Returns how many it checked.
fn check_fast(variant: &str, expensive: bool) -> usize {
    let v = Variant::builtin(variant).unwrap();
    let entries = load(variant);
    entries.par_iter().for_each(|e| {
        let mut pos = AnyPosition::parse(v.clone(), &e.position)
            .unwrap_or_else(|err| panic!("{variant}.perft:{}: {err}", e.line));
        for &(depth, expected) in &e.counts {
            if (expected > CHEAP) != expensive {
                continue;
            }
            let got = with_position!(&mut pos, p => p.perft(depth));
            assert_eq!(got, expected, "{variant}.perft:{} depth {depth}", e.line);
        }
    });
    let checked = entries
        .iter()
        .flat_map(|e| &e.counts)
        .filter(|&&(_, n)| (n > CHEAP) == expensive)
        .count();
    eprintln!("{variant}: {checked} counts reproduced");
    checked
}

/// Confirms the counts of `variant`'s suite that `wanted` selects (by depth and leaf count) with
/// the reference generator. Returns how many it checked.
fn check_reference(variant: &str, wanted: impl Fn(u32, u64) -> bool + Sync) -> usize {
    let entries = load(variant);
    entries.par_iter().for_each(|e| {
        let r = RefPosition::parse(variant, &e.position)
            .unwrap_or_else(|err| panic!("{variant}.perft:{} (reference): {err}", e.line));
        for &(depth, expected) in &e.counts {
            if !wanted(depth, expected) {
                continue;
            }
            assert_eq!(
                r.perft(depth),
                expected,
                "{variant}.perft:{} depth {depth} (reference)",
                e.line
            );
        }
    });
    let checked = entries
        .iter()
        .flat_map(|e| &e.counts)
        .filter(|&&(d, n)| wanted(d, n))
        .count();
    eprintln!("{variant}: {checked} counts confirmed by the reference");
    checked
}

#[test]
fn every_builtin_variant_has_a_suite_and_every_suite_a_variant() {
    for id in BUILTIN {
        let entries = load(id);
        // Every entry is counted at depth 1 and 2 at least, so the reference's sample below
        // reaches every position of every suite.
        for e in &entries {
            for d in 1..=SAMPLE_DEPTH {
                assert!(
                    e.counts.iter().any(|&(depth, _)| depth == d),
                    "{id}.perft:{}: no count at depth {d}",
                    e.line
                );
            }
        }
    }
    let mut files = 0;
    for f in std::fs::read_dir(suites_dir()).unwrap() {
        let path = f.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let variant = name
            .strip_suffix(".perft")
            .unwrap_or_else(|| panic!("perft-data/{name} is not a .perft suite"));
        assert!(
            BUILTIN.contains(&variant),
            "perft-data/{name}: no built-in variant '{variant}'"
        );
        files += 1;
    }
    assert_eq!(files, BUILTIN.len());
}

#[test]
fn fast_generator_reproduces_the_cheap_counts_of_every_suite() {
    for id in BUILTIN {
        assert!(check_fast(id, false) > 0, "{id}: no cheap count");
    }
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn fast_generator_reproduces_the_expensive_counts_of_every_suite() {
    for id in BUILTIN {
        check_fast(id, true);
    }
}

/// The reference generator's confirmation in every run, a deterministic sample of the whole:
/// every count at depth 1 and 2 (so every position of every suite) and every count of at most
/// [`SAMPLE_LEAVES`] leaves.
#[test]
fn reference_confirms_a_sample_of_every_suite() {
    for id in BUILTIN {
        assert!(check_reference(id, in_sample) >= 2 * 21, "{id}");
    }
}

/// The whole confirmation: every count of every suite.
#[test]
#[ignore = "expensive: run with --ignored"]
fn reference_confirms_every_count_of_every_suite() {
    for id in BUILTIN {
        check_reference(id, |_, _| true);
    }
}

/// Chu's start position counts the same in both modes (docs/chu.md): 36 and 1,296 distinct
/// moves, and as many lishogi path strings (`perft --paths`: no lion-power piece can move yet),
/// in the fast generator and the reference.
#[test]
fn chu_start_paths_and_moves() {
    let v = Variant::builtin("chu").unwrap();
    let mut pos = AnyPosition::startpos(v);
    let r = RefPosition::parse("chu", "startpos").unwrap();
    for (depth, expected) in [(1, 36), (2, 1296)] {
        let mut buf = Vec::new();
        let moves = with_position!(&mut pos, p => p.perft(depth));
        let paths = with_position!(&mut pos, p => p.perft_paths_with(depth, &mut buf));
        assert_eq!(moves, expected, "chu start perft({depth})");
        assert_eq!(paths, expected, "chu start perft --paths ({depth})");
        assert_eq!(
            r.perft(depth),
            expected,
            "chu start perft({depth}) (reference)"
        );
        assert_eq!(
            r.perft_paths(depth),
            expected,
            "chu start paths({depth}) (reference)"
        );
    }
    // Depth 3 (docs/chu.md), the reference alone: 48,315 distinct moves, 52,599 path strings.
    assert_eq!(r.perft(3), 48_315, "chu start perft(3) (reference)");
    assert_eq!(r.perft_paths(3), 52_599, "chu start paths(3) (reference)");
}
