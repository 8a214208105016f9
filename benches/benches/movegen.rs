//! Move generation speed: one full generation (into a reused list) and one bulk count, for the
//! start position and a mid-game position of each variant. Mid-game positions are the first
//! "mid-game" entries of `perft-data/<variant>.perft`.
// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use taikyoku_movegen::{with_position, AnyPosition, Variant};

const VARIANTS: &[&str] = &["taikyoku", "maka-dai-dai", "dai-dai"];

fn mid_game(variant: &str) -> String {
    let path = format!(
        "{}/../perft-data/{variant}.perft",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("perft-data file");
    let mut lines = text.lines();
    while let Some(l) = lines.next() {
        if l.trim() == "# mid-game" {
            let entry = lines.next().expect("entry after label");
            return entry.split(';').next().unwrap().trim().to_string();
        }
    }
    panic!("no mid-game entry in {path}");
}

fn bench(c: &mut Criterion) {
    for variant in VARIANTS {
        let v = Variant::builtin(variant).unwrap();
        for (label, text) in [
            ("start", "startpos".to_string()),
            ("mid-game", mid_game(variant)),
        ] {
            let pos = AnyPosition::parse(v.clone(), &text).unwrap();
            with_position!(&pos, p => {
                let mut list = Vec::with_capacity(8192);
                c.bench_function(&format!("{variant}/{label}/generate"), |b| {
                    b.iter(|| {
                        list.clear();
                        p.generate(&mut list);
                        black_box(list.len())
                    })
                });
                c.bench_function(&format!("{variant}/{label}/count"), |b| {
                    b.iter(|| black_box(p.count_moves()))
                });
            });
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
