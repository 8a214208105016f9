//! The perft suites in `perft-data/`: every count reproduced by the fast generator (cheap
//! entries in every run, expensive ones with `--ignored`), and re-confirmed by the reference
//! generator (`--ignored`).

use std::path::PathBuf;

use rayon::prelude::*;
use taikyoku_movegen::{with_position, AnyPosition, Variant};
use taikyoku_tests::reference::RefPosition;

/// Entries with at most this many leaves run in every test run.
const CHEAP: u64 = 4_000_000;

struct Entry {
    line: usize,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn load(variant: &str) -> Vec<Entry> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "perft-data",
        &format!("{variant}.perft"),
    ]
    .iter()
    .collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let position = parts.next().unwrap().trim().to_string();
        let counts = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p
                    .strip_prefix('D')
                    .and_then(|r| r.split_once(' '))
                    .unwrap_or_else(|| panic!("{variant}.perft:{}: bad field '{p}'", i + 1));
                (d.parse().unwrap(), n.trim().parse().unwrap())
            })
            .collect();
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
    out
}

fn check_fast(variant: &str, expensive: bool) {
    let v = Variant::builtin(variant).unwrap();
    let entries = load(variant);
    let mut checked = 0;
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
    for e in &entries {
        checked += e
            .counts
            .iter()
            .filter(|&&(_, n)| (n > CHEAP) == expensive)
            .count();
    }
    eprintln!("{variant}: {checked} counts reproduced");
}

fn check_reference(variant: &str) {
    for e in load(variant) {
        let r = RefPosition::parse(variant, &e.position).unwrap();
        for &(depth, expected) in &e.counts {
            assert_eq!(
                r.perft(depth),
                expected,
                "{variant}.perft:{} depth {depth} (reference)",
                e.line
            );
        }
    }
}

#[test]
fn dai_dai_cheap() {
    check_fast("dai-dai", false);
}

#[test]
fn maka_dai_dai_cheap() {
    check_fast("maka-dai-dai", false);
}

#[test]
fn ko_cheap() {
    check_fast("ko", false);
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn ko_expensive() {
    check_fast("ko", true);
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn ko_reference_confirms_suite() {
    check_reference("ko");
}

#[test]
fn taikyoku_cheap() {
    check_fast("taikyoku", false);
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn dai_dai_expensive() {
    check_fast("dai-dai", true);
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn maka_dai_dai_expensive() {
    check_fast("maka-dai-dai", true);
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn taikyoku_expensive() {
    check_fast("taikyoku", true);
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn dai_dai_reference_confirms_suite() {
    check_reference("dai-dai");
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn maka_dai_dai_reference_confirms_suite() {
    check_reference("maka-dai-dai");
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn taikyoku_reference_confirms_suite() {
    check_reference("taikyoku");
}

#[test]
fn chu_cheap() {
    check_fast("chu", false);
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn chu_expensive() {
    check_fast("chu", true);
}

#[test]
#[ignore = "expensive: run with --ignored"]
fn chu_reference_confirms_suite() {
    check_reference("chu");
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
