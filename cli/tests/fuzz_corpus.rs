//! The fuzz targets' checks on stable, in every CI run: each committed input of the minimised
//! corpora (`fuzz/corpus-min/<target>/`) and every input that once made a target fail
//! (`fuzz/regressions/<target>/`) is replayed through the same checks the targets run
//! (`fuzz/src/checks.rs`, compiled in here). See docs/testing.md for running the fuzzers.

#[allow(dead_code)]
#[path = "../../fuzz/src/checks.rs"]
mod checks;

use std::path::PathBuf;

/// Every input file of `target` in the committed corpus and regressions.
fn inputs(target: &str) -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut files = Vec::new();
    for dir in ["corpus-min", "regressions"] {
        if let Ok(entries) = std::fs::read_dir(root.join(dir).join(target)) {
            files.extend(entries.flatten().map(|e| e.path()).filter(|p| p.is_file()));
        }
    }
    files.sort();
    files
}

fn replay(target: &str, check: fn(&[u8])) {
    let files = inputs(target);
    assert!(!files.is_empty(), "no committed inputs for {target}");
    for f in &files {
        let data = std::fs::read(f).unwrap();
        // A failing input names itself before the check's own message.
        eprintln!("{target}: {}", f.display());
        check(&data);
    }
}

#[test]
fn position_corpus() {
    replay("position", checks::position);
}

#[test]
fn moves_corpus() {
    replay("moves", checks::moves);
}

#[test]
fn variant_file_corpus() {
    replay("variant_file", checks::variant_file);
}

#[test]
fn usi_corpus() {
    replay("usi", checks::usi);
}

#[test]
fn cecp_corpus() {
    replay("cecp", checks::cecp);
}

#[test]
fn gui_corpus() {
    replay("gui", checks::gui);
}
