//! Recounts `perft-data/<variant>.perft` after a rules change: every position of the suite at
//! every depth it lists, by the fast generator and by the reference generator. A count the two
//! disagree on aborts the run; otherwise the suite is written back with the new counts (comments
//! and positions unchanged) and each changed count is printed.
//!
//! `cargo run --release -p taikyoku-tests --example recount_perft -- <variant>`

use std::path::PathBuf;

use taikyoku_movegen::{with_position, AnyPosition, Variant};
use taikyoku_tests::reference::RefPosition;

fn main() {
    let variant = std::env::args()
        .nth(1)
        .expect("usage: recount_perft <variant>");
    let v = Variant::builtin(&variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../perft-data")
        .join(format!("{variant}.perft"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut out = String::new();
    let mut changed = 0;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut parts = trimmed.split(';');
        let position = parts.next().unwrap().trim();
        let mut fast = AnyPosition::parse(v.clone(), position)
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let reference = RefPosition::parse(&variant, position)
            .unwrap_or_else(|e| panic!("line {} (reference): {e}", i + 1));
        let mut fields = vec![position.to_string()];
        for field in parts {
            let (d, old) = field
                .trim()
                .strip_prefix('D')
                .and_then(|r| r.split_once(' '))
                .unwrap_or_else(|| panic!("line {}: bad field '{field}'", i + 1));
            let depth: u32 = d.parse().unwrap();
            let old: u64 = old.trim().parse().unwrap();
            let new = with_position!(&mut fast, p => p.perft(depth));
            let confirmed = reference.perft(depth);
            assert_eq!(
                new,
                confirmed,
                "line {} depth {depth}: fast {new}, reference {confirmed}",
                i + 1
            );
            if new != old {
                changed += 1;
                println!("line {} depth {depth}: {old} -> {new}", i + 1);
            }
            fields.push(format!("D{depth} {new}"));
        }
        out.push_str(&fields.join(" ;"));
        out.push('\n');
    }
    std::fs::write(&path, out).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    println!("{variant}: {changed} counts changed, every count confirmed by the reference");
}
