//! The search's move filter (`Limits::moves`): a root move list (USI `go searchmoves`), a
//! test that every move of the side to move at the root must pass, at the root and deeper in
//! the tree (CECP under QBoard: moves QBoard cannot relay), and one for the opponent's moves
//! (under QBoard: moves that cannot reach the engine), which restricts nothing else.

use std::sync::Arc;

use taikyoku_engine::search::{
    search, Control, Deadlines, Features, Limits, Memory, MoveFilter, MATE, MATE_BOUND,
};
use taikyoku_engine::tt::Tt;
use taikyoku_eval::Evaluator;
use taikyoku_movegen::{Move, Position, Variant};

/// A Dai dai position from (square, code) pairs on an empty 17x17 board (the test kit's
/// builder).
fn dai_dai(pieces: &[(&str, &str)], side: char) -> Position<5> {
    let text = taikyoku_tests::kit::position_text(17, 17, pieces, side, "-");
    Position::parse(Variant::builtin("dai-dai").unwrap(), &text).unwrap()
}

/// The search's move and score at `depth` under `moves`.
fn best(p: &Position<5>, depth: i32, moves: MoveFilter) -> (Move, i32) {
    let eval = Evaluator::new(p.variant().clone());
    let control = Control::new(Deadlines::unlimited());
    let limits = Limits {
        depth: Some(depth),
        moves,
        ..Limits::default()
    };
    let r = search(
        p,
        &eval,
        Arc::new(Tt::new(4)),
        1,
        limits,
        &control,
        Features::default(),
        &mut Memory::new(),
        &mut |_| {},
    );
    (r.best.unwrap(), r.info.unwrap().score)
}

fn own(test: impl Fn(Move) -> bool + Send + Sync + 'static) -> MoveFilter {
    MoveFilter {
        own: Some(Arc::new(test)),
        ..MoveFilter::default()
    }
}

/// Black rook on 9i takes the White king on 9c at once (9i9c); Black's king is far away.
fn rook_takes_king() -> Position<5> {
    dai_dai(&[("9i", "R"), ("9c", "k"), ("1q", "K"), ("17a", "p")], 'b')
}

#[test]
fn a_refused_root_move_is_not_played() {
    let p = rook_takes_king();
    let (m, score) = best(&p, 3, MoveFilter::default());
    assert_eq!(p.move_to_string(m), "9i9c");
    assert_eq!(score, MATE - 1);
    // Refusing the rook's moves: the king capture is gone, and so is its score.
    let rook = p.variant().geometry().parse_square("9i").unwrap();
    let (m, score) = best(&p, 3, own(move |m| m.from() != rook));
    assert_ne!(m.from(), rook, "{}", p.move_to_string(m));
    assert!(score < MATE_BOUND, "{score}");
}

#[test]
fn searchmoves_limits_the_root_to_the_listed_moves() {
    let p = rook_takes_king();
    let quiet = p.parse_move("1q2q").unwrap();
    let filter = MoveFilter {
        root: vec![quiet],
        ..MoveFilter::default()
    };
    let (m, score) = best(&p, 3, filter);
    assert_eq!(m, quiet);
    assert!(score < MATE_BOUND, "{score}");
}

#[test]
fn a_filter_refusing_every_root_move_is_dropped() {
    let p = rook_takes_king();
    let (m, score) = best(&p, 3, own(|_| false));
    assert_eq!(p.move_to_string(m), "9i9c");
    assert_eq!(score, MATE - 1);
}

#[test]
fn the_root_side_is_restricted_deeper_in_the_tree() {
    // White king on 1a walled in by its own pawns; the Black lion on 5e reaches it in two moves
    // whatever White does (a capture at ply 2: MATE - 3). Refusing only moves onto 1a leaves
    // every root move allowed, but the winning capture is Black's second move: the search must
    // not count on it (it may still find a slower win, such as leaving White without a move).
    let p = dai_dai(
        &[
            ("1a", "k"),
            ("2a", "p"),
            ("1b", "p"),
            ("2b", "p"),
            ("5e", "(LN)"),
            ("17q", "K"),
        ],
        'b',
    );
    assert_eq!(best(&p, 4, MoveFilter::default()).1, MATE - 3);
    let king = p.variant().geometry().parse_square("1a").unwrap();
    let (m, score) = best(&p, 4, own(move |m| m.to() != king));
    assert!(score < MATE - 3, "{} {score}", p.move_to_string(m));
}

/// Black to move, its king on 9q walled in by its own pawns, White's rook on 9a able to take
/// it whatever Black does.
fn walled_in_king() -> Position<5> {
    dai_dai(
        &[
            ("9q", "K"),
            ("8q", "P"),
            ("10q", "P"),
            ("8p", "P"),
            ("10p", "P"),
            ("9a", "r"),
            ("1a", "k"),
        ],
        'b',
    )
}

#[test]
fn the_opponent_is_restricted_only_by_its_own_test() {
    // White (to reply) can take the Black king on 9q with its rook on 9a whatever Black does,
    // Black's king being walled in by its own pawns. Refusing moves onto 9q restricts only
    // Black, which never moves there: the loss is still seen.
    let p = walled_in_king();
    let kings_square = p.variant().geometry().parse_square("9q").unwrap();
    let (_, score) = best(&p, 3, own(move |m| m.to() != kings_square));
    assert!(score <= -MATE_BOUND, "{score}");
}

#[test]
fn a_threat_the_opponent_cannot_deliver_is_none() {
    // The position of the last test: White's rook takes the Black king on 9q whatever Black
    // does. When no White move onto 9q can reach us, the loss is gone; the test of White's
    // moves never restricts Black's.
    let p = walled_in_king();
    let kings_square = p.variant().geometry().parse_square("9q").unwrap();
    let theirs = MoveFilter {
        theirs: Some(Arc::new(move |m: Move| m.to() != kings_square)),
        ..MoveFilter::default()
    };
    let (_, score) = best(&p, 3, theirs);
    assert!(score.abs() < MATE_BOUND, "{score}");
    // Refusing every White move: Black is not restricted, and White's nodes are judged
    // statically (not as having no move).
    let none = MoveFilter {
        theirs: Some(Arc::new(|_: Move| false)),
        ..MoveFilter::default()
    };
    let (m, score) = best(&p, 3, none);
    assert!(score.abs() < MATE_BOUND, "{} {score}", p.move_to_string(m));
}
