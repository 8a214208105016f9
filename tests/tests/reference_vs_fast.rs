//! The fast move generator against the independent reference generator, on positions from
//! seeded random playouts of each variant: the same set of distinct moves (origin, destination,
//! captured squares, promotion) in every position, the same position after playing each chosen
//! move, and make/unmake restoring position, piece lists, bitboards and hash exactly.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use taikyoku_movegen::{with_position, AnyPosition, Move, Position, Promotion, Variant};
use taikyoku_tests::reference::{RefMove, RefPosition, RefPromotion};

type Key = (String, String, Vec<String>, RefPromotion);

fn key_of_ref(m: &RefMove) -> Key {
    let mut caps = m.captured.clone();
    caps.sort();
    (m.from.clone(), m.to.clone(), caps, m.promotion)
}

fn key_of_fast<const N: usize>(p: &Position<N>, m: Move) -> Key {
    let geo = &p.variant().geo;
    let e = p.effect(m);
    let mut caps: Vec<String> = e.captured.iter().map(|&s| geo.square_name(s)).collect();
    caps.sort();
    let promo = match e.promotion {
        Promotion::None => RefPromotion::None,
        Promotion::Promote => RefPromotion::Promote,
        Promotion::Decline => RefPromotion::Decline,
    };
    (geo.square_name(e.from), geo.square_name(e.to), caps, promo)
}

/// Compares one position; returns the fast moves (in generation order) for the playout.
fn compare<const N: usize>(p: &Position<N>, r: &RefPosition, context: &str) -> Vec<Move> {
    let moves = p.moves();
    let fast: Vec<Key> = moves.iter().map(|&m| key_of_fast(p, m)).collect();
    let fast_set: BTreeSet<Key> = fast.iter().cloned().collect();
    assert_eq!(
        fast_set.len(),
        fast.len(),
        "{context}: the fast generator yields a move twice in {}",
        p.to_notation()
    );
    let reference: BTreeSet<Key> = r.moves().iter().map(key_of_ref).collect();
    if fast_set != reference {
        let only_fast: Vec<_> = fast_set.difference(&reference).take(12).collect();
        let only_ref: Vec<_> = reference.difference(&fast_set).take(12).collect();
        panic!(
            "{context}: generators disagree in\n{}\nonly fast ({}): {only_fast:?}\nonly reference ({}): {only_ref:?}",
            p.to_notation(),
            fast_set.difference(&reference).count(),
            reference.difference(&fast_set).count(),
        );
    }
    // Canonical strings are distinct and parse back to the same move.
    for &m in &moves {
        let s = p.move_to_string(m);
        assert_eq!(
            p.parse_move(&s).ok(),
            Some(m),
            "{context}: '{s}' does not round-trip"
        );
    }
    moves
}

fn playouts<const N: usize>(start: &Position<N>, games: usize, plies: usize, seed: u64) -> usize {
    let variant = start.variant().id().to_string();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = 0;
    for game in 0..games {
        let mut p = start.clone();
        let mut r = RefPosition::parse(&variant, &p.to_notation()).expect("reference parses");
        // Capture-hungry games thin the board out; others stay crowded.
        let capture_bias: f64 = rng.gen_range(0.0..0.9);
        for ply in 0..plies {
            let context = format!("{variant} game {game} ply {ply}");
            let moves = compare(&p, &r, &context);
            positions += 1;
            if moves.is_empty() {
                break;
            }
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| !p.effect(m).captured.is_empty())
                .collect();
            let m = if !captures.is_empty() && rng.gen_bool(capture_bias) {
                captures[rng.gen_range(0..captures.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            let key = key_of_fast(&p, m);
            let rm = r
                .moves()
                .into_iter()
                .find(|x| key_of_ref(x) == key)
                .expect("reference has the move");
            let before = p.to_notation();
            let hash = p.hash();
            p.make(m);
            p.check_consistency()
                .unwrap_or_else(|e| panic!("{context}: after {}: {e}", key.0));
            p.unmake();
            assert_eq!(p.to_notation(), before, "{context}: unmake");
            assert_eq!(p.hash(), hash, "{context}: unmake hash");
            p.check_consistency().unwrap();
            p.make(m);
            r = r.play(&rm);
            assert_eq!(
                p.to_notation(),
                r.to_notation(),
                "{context}: positions differ after {key:?}"
            );
        }
    }
    positions
}

fn run(variant: &str, games: usize, plies: usize, seed: u64) {
    let v = Variant::builtin(variant).unwrap();
    let start = AnyPosition::startpos(v);
    let n = with_position!(&start, p => playouts(p, games, plies, seed));
    eprintln!("{variant}: {n} positions compared");
}

#[test]
fn dai_dai_agrees_with_reference() {
    run("dai-dai", 16, 250, 1);
}

#[test]
fn maka_dai_dai_agrees_with_reference() {
    run("maka-dai-dai", 16, 250, 2);
}

#[test]
fn taikyoku_agrees_with_reference() {
    run("taikyoku", 6, 350, 3);
}
