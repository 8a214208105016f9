//! Generates `perft-data/<variant>.perft`: the start position to depth 3 and positions from
//! seeded random playouts (mid-game, with promoted pieces, sparse late positions), every count
//! computed by the fast generator and confirmed by the reference generator. A count the two
//! disagree on aborts the run.
//!
//! `cargo run --release -p taikyoku-tests --example gen_perft -- <variant> [seed] [curated]`
//!
//! `curated` is an optional file of hand-made positions (one per line) appended to the suite,
//! for mechanics random playouts rarely reach.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use taikyoku_movegen::{with_position, AnyPosition, Position, Variant};
use taikyoku_tests::reference::RefPosition;

/// Upper bound on perft(3) (estimated from perft(2)) for a position to be listed to depth 3.
const DEPTH3_LIMIT: u64 = 60_000_000;

struct Pick {
    label: &'static str,
    notation: String,
}

fn playout<const N: usize>(
    start: &Position<N>,
    rng: &mut StdRng,
    plies: usize,
    capture_bias: f64,
) -> Option<Position<N>> {
    let mut p = start.clone();
    p.clear_history();
    for _ in 0..plies {
        let moves = p.moves();
        if moves.is_empty() {
            return None;
        }
        let caps: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| !p.effect(m).captured.is_empty())
            .collect();
        let m = if !caps.is_empty() && rng.gen_bool(capture_bias) {
            caps[rng.gen_range(0..caps.len())]
        } else {
            moves[rng.gen_range(0..moves.len())]
        };
        p.make(m);
    }
    if p.moves().is_empty() {
        return None;
    }
    Some(p)
}

fn promoted_count<const N: usize>(p: &Position<N>) -> usize {
    let v = p.variant();
    v.geometry()
        .all_squares()
        .filter(|&s| {
            let pc = p.piece_at(s);
            pc.is_piece() && v.piece_kind(pc).1
        })
        .count()
}

fn picks<const N: usize>(start: &Position<N>, seed: u64) -> Vec<Pick> {
    let mut rng = StdRng::seed_from_u64(seed);
    let total = start.piece_count(taikyoku_movegen::Colour::Black) * 2;
    let mut out = Vec::new();
    // Mid-game: moderate capture appetite, a few dozen plies in.
    while out.iter().filter(|p: &&Pick| p.label == "mid-game").count() < 8 {
        let plies = rng.gen_range(30..120);
        if let Some(p) = playout(start, &mut rng, plies, 0.3) {
            out.push(Pick {
                label: "mid-game",
                notation: p.to_notation(),
            });
        }
    }
    // Promoted pieces: keep playing capture-hungry games until several pieces have promoted.
    while out.iter().filter(|p| p.label == "promoted").count() < 8 {
        let plies = rng.gen_range(60..220);
        if let Some(p) = playout(start, &mut rng, plies, 0.8) {
            if promoted_count(&p) >= 3 {
                out.push(Pick {
                    label: "promoted",
                    notation: p.to_notation(),
                });
            }
        }
    }
    // Sparse late positions: long capture-hungry games, at most a third of the pieces left.
    let mut tries = 0;
    while out.iter().filter(|p| p.label == "sparse").count() < 8 {
        tries += 1;
        let plies = rng.gen_range(300..1500);
        if let Some(p) = playout(start, &mut rng, plies, 0.95) {
            let left = p.piece_count(taikyoku_movegen::Colour::Black)
                + p.piece_count(taikyoku_movegen::Colour::White);
            if left * 3 <= total || tries > 200 {
                out.push(Pick {
                    label: "sparse",
                    notation: p.to_notation(),
                });
            }
        }
    }
    out
}

fn line<const N: usize>(variant: &str, label: &str, notation: &str, p: &mut Position<N>) -> String {
    let r = RefPosition::parse(variant, notation).expect("reference parses");
    let d1 = p.perft(1);
    let d2 = p.perft(2);
    let mut counts = vec![d1, d2];
    if d2.saturating_mul(d2) / d1.max(1) <= DEPTH3_LIMIT {
        counts.push(p.divide(3).iter().map(|&(_, n)| n).sum());
    }
    for (i, &n) in counts.iter().enumerate() {
        let depth = i as u32 + 1;
        let confirmed = r.perft(depth);
        assert_eq!(
            n, confirmed,
            "{variant}: fast and reference disagree on perft({depth}) of {notation}"
        );
    }
    let mut s = notation.to_string();
    for (i, n) in counts.iter().enumerate() {
        s.push_str(&format!(" ;D{} {}", i + 1, n));
    }
    eprintln!("{label}: {s}");
    s
}

fn generate<const N: usize>(
    p: &mut Position<N>,
    variant: &str,
    seed: u64,
    curated: &[String],
    lines: &mut Vec<String>,
) {
    lines.push("# start position".to_string());
    let counts = [
        p.perft(1),
        p.perft(2),
        p.divide(3).iter().map(|&(_, n)| n).sum(),
    ];
    let r = RefPosition::parse(variant, "startpos").expect("reference startpos");
    for (i, n) in counts.iter().enumerate() {
        let c = r.perft(i as u32 + 1);
        assert_eq!(
            *n,
            c,
            "{variant}: start position perft({}) disagrees",
            i + 1
        );
    }
    let mut s = "startpos".to_string();
    for (i, n) in counts.iter().enumerate() {
        s.push_str(&format!(" ;D{} {}", i + 1, n));
    }
    eprintln!("start: {s}");
    lines.push(s);
    for pick in picks(p, seed) {
        let mut q: Position<N> =
            Position::parse(p.variant().clone(), &pick.notation).expect("parses");
        lines.push(format!("# {}", pick.label));
        lines.push(line(variant, pick.label, &pick.notation, &mut q));
    }
    for text in curated {
        let mut q: Position<N> =
            Position::parse(p.variant().clone(), text).expect("curated parses");
        lines.push("# curated".to_string());
        lines.push(line(variant, "curated", text, &mut q));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = args
        .get(1)
        .expect("usage: gen_perft <variant> [seed]")
        .clone();
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("seed"));
    let curated: Vec<String> = args.get(3).map_or(Vec::new(), |path| {
        std::fs::read_to_string(path)
            .expect("curated file")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    });
    let v = Variant::builtin(&variant).unwrap_or_else(|e| panic!("{e}"));
    let mut start = AnyPosition::startpos(v);
    let mut lines = vec![
        format!("# perft-data for {variant}: one position per line, then ';D<depth> <leaf count>'."),
        "# Rules reading: docs/rules-decisions.md as settled in docs/rules.md (move generation ignores".to_string(),
        "# history; a side without royal pieces has lost and no moves are generated).".to_string(),
        format!("# Every count was computed by the fast generator and confirmed by the reference generator (tests/src/reference); seed {seed}."),
    ];
    with_position!(&mut start, p => generate(p, &variant, seed, &curated, &mut lines));
    let path = format!("perft-data/{variant}.perft");
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    eprintln!("wrote {path}");
}
