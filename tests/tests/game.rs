//! The game layer (`movegen/src/rules/game.rs`): repetition and perpetual check as
//! docs/rules-decisions.md states them, and how games end.

use taikyoku_movegen::{Colour, EndReason, Outcome, Position, Variant};

fn play<const N: usize>(p: &mut Position<N>, moves: &[&str], checks: &mut Vec<bool>) {
    for m in moves {
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert!(!p.is_forbidden_by_history(mv), "{m} is forbidden");
        p.make(mv);
        checks.push(p.gave_check());
    }
}

#[test]
fn dai_dai_forbids_recreating_a_position() {
    // Both lions pass: the second pass would recreate the start position with Black to move.
    let v = Variant::builtin("dai-dai").unwrap();
    let mut p = Position::<5>::startpos(v);
    let pass_black = p.parse_move("15p15p").unwrap();
    p.make(pass_black);
    let pass_white = p.parse_move("3b3b").unwrap();
    assert!(p.is_forbidden_by_history(pass_white));
    assert!(!p.legal_moves().contains(&pass_white));
    // White can pass with its lion and with its lion dog (line lion): both recreate the start
    // position with Black to move, so both are forbidden, and nothing else is.
    assert_eq!(p.legal_moves().len() + 2, p.moves().len());
    assert!(p.is_forbidden_by_history(p.parse_move("15b15b").unwrap()));
    // Any other reply is fine.
    let other = p.parse_move("1f1g").unwrap();
    assert!(!p.is_forbidden_by_history(other));
}

#[test]
fn fourfold_repetition_is_a_draw() {
    // Maka dai dai: both lions pass back and forth; nobody checks.
    let v = Variant::builtin("maka-dai-dai").unwrap();
    let mut p = Position::<6>::startpos(v);
    let lion_b = p.piece_moves_string_of("(LN)");
    let mut checks = Vec::new();
    let cycle = [lion_b.0.as_str(), lion_b.1.as_str()];
    for _ in 0..3 {
        assert!(p.game_result(&checks).is_none());
        play(&mut p, &cycle, &mut checks);
    }
    // The start position now occurs for the fourth time.
    let r = p.game_result(&checks).unwrap();
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!(r.reason, EndReason::Repetition);
}

#[test]
fn perpetual_check_loses() {
    // Maka dai dai: Black's lion on 3c attacks White's sole king on 1a (and 2a). Black passes
    // with the lion every move (each pass leaves the king attacked: a check); White's king goes
    // 1a-2a-1a. At the fourth occurrence Black, who checked with every move, loses.
    let v = Variant::builtin("maka-dai-dai").unwrap();
    let text = "17k1/19/16(LN)2/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/K18 b - 1";
    let mut p = Position::<6>::parse(v, text).unwrap();
    let mut checks = Vec::new();
    for _ in 0..3 {
        assert!(p.game_result(&checks).is_none());
        play(&mut p, &["3c3c", "2a1a", "3c3c", "1a2a"], &mut checks);
    }
    assert!(
        checks.iter().step_by(2).all(|&c| c),
        "Black's passes are checks"
    );
    assert!(checks.iter().skip(1).step_by(2).all(|&c| !c));
    let r = p.game_result(&checks).unwrap();
    assert_eq!(r.outcome, Outcome::Win(Colour::White));
    assert_eq!(r.reason, EndReason::PerpetualCheck);
}

#[test]
fn capturing_the_objective_and_having_no_move_end_the_game() {
    let v = Variant::builtin("dai-dai").unwrap();
    // Black rook takes White's king.
    let mut p = Position::<5>::parse(
        v.clone(),
        "8k8/17/17/17/17/17/17/17/8R8/17/17/17/17/17/17/17/K16 b - 1",
    )
    .unwrap();
    let mut checks = Vec::new();
    play(&mut p, &["9i9a"], &mut checks);
    let r = p.game_result(&checks).unwrap();
    assert_eq!(r.outcome, Outcome::Win(Colour::Black));
    assert_eq!(r.reason, EndReason::ObjectiveCaptured);
    // White has no move at all: its king on 1q is walled in by its own stone generals (1p,
    // 2p) and pawns (2q, 3q); pawns on their last rank cannot move, and the stone generals'
    // forward diagonals hold White pieces or leave the board. White loses.
    let mut p = Position::<5>::parse(
        v,
        "K16/17/17/17/17/17/17/17/17/17/17/17/17/17/17/15(sg)(sg)/14ppk w - 1",
    )
    .unwrap();
    assert!(p.moves().is_empty());
    let r = p.game_result(&[]).unwrap();
    assert_eq!(r.outcome, Outcome::Win(Colour::Black));
    assert_eq!(r.reason, EndReason::NoMoves);
}

trait LionPass {
    fn piece_moves_string_of(&self, code: &str) -> (String, String);
}

impl LionPass for Position<6> {
    /// The pass moves of Black's and White's piece with this code (Black first).
    fn piece_moves_string_of(&self, code: &str) -> (String, String) {
        let v = self.variant().clone();
        let mut found = Vec::new();
        for c in [Colour::Black, Colour::White] {
            for sq in v.geometry().all_squares() {
                let p = self.piece_at(sq);
                if p.is_piece() && p.colour() == c && v.piece_code(p).to_uppercase() == code {
                    let name = v.geometry().square_name(sq);
                    found.push(format!("{name}{name}"));
                    break;
                }
            }
        }
        (found[0].clone(), found[1].clone())
    }
}

/// `Position::may_recur_after` (the search's cheap test before making a move to look for a
/// repetition) never rules out a move that recreates a position of the reversible history. On
/// seeded playouts of every variant that often move a piece back where it came from (so that
/// positions recur), every move of every position is made and the repetition asked; a move
/// that repeats must not be ruled out. The test also counts the repetitions it met and the
/// moves the cheap test ruled out, so that it cannot pass by meeting neither.
#[test]
fn moves_ruled_out_of_recurring_never_recur() {
    use rand::{Rng, SeedableRng};
    use taikyoku_movegen::{with_position, AnyPosition, Move};
    for (id, plies) in [
        ("chu", 160),
        ("dai-dai", 120),
        ("maka-dai-dai", 120),
        ("ko", 120),
        ("taikyoku", 80),
    ] {
        let v = Variant::builtin(id).unwrap();
        let mut any = AnyPosition::startpos(v);
        let mut rng = rand::rngs::StdRng::seed_from_u64(39);
        let (mut repeated, mut ruled_out) = (0, 0);
        with_position!(&mut any, p => {
            for ply in 0..plies {
                let moves = p.moves();
                if moves.is_empty() || p.winner().is_some() {
                    break;
                }
                // Now and then after a null move too (the search's: it starts the history's
                // reversible part anew), and after a reply to it.
                let nulls = if ply % 9 == 4 { 2 } else { 0 };
                for null in 0..=nulls {
                    if null > 0 {
                        p.make_null();
                    }
                    let replies = if null > 1 { p.moves() } else { Vec::new() };
                    if null > 1 {
                        if replies.is_empty() {
                            p.unmake_null();
                            continue;
                        }
                        p.make(replies[rng.gen_range(0..replies.len())]);
                    }
                    for m in p.moves() {
                        let may = p.may_recur_after(m);
                        p.make(m);
                        let repeats = p.is_repetition();
                        p.unmake();
                        assert!(
                            may || !repeats,
                            "{id}: {} recurs in {}",
                            p.move_to_string(m),
                            p.to_notation()
                        );
                        repeated += repeats as usize;
                        ruled_out += !may as usize;
                    }
                    if null > 1 {
                        p.unmake();
                    }
                    if null > 0 {
                        p.unmake_null();
                    }
                }
                // Half the time the side to move takes back its last move, if it can.
                let back = p
                    .recent_move(1)
                    .map(|ours| Move::new(ours.to(), ours.from()))
                    .filter(|b| moves.contains(b));
                let m = match back {
                    Some(b) if rng.gen_bool(0.5) => b,
                    _ => moves[rng.gen_range(0..moves.len())],
                };
                p.make(m);
            }
        });
        assert!(repeated >= 10, "{id}: only {repeated} repetitions met");
        assert!(ruled_out >= 1_000, "{id}: only {ruled_out} moves ruled out");
    }
}
