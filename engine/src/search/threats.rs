//! What the opponent's last move threatens: the side to move's pieces that the piece it put
//! down could capture now. The move picker orders the threatened pieces' escapes first; reverse
//! futility pruning counts what the threat may win before it trusts the static evaluation, and
//! the futility pruning of quiet moves counts it for the moves that leave it standing.
//!
//! Only the moved piece is walked (once, by the movement interpreter). Measured with 6c814c0:
//! widening the move ordering's threats to discovered attacks, to the opponent's move before
//! its last and to the null move's refutation: none gained.

use arrayvec::ArrayVec;
use taikyoku_eval::Values;
use taikyoku_movegen::{Bitboard, DenseSquare, Move, Position, Square};

/// The pieces a node's side to move has under threat (few: one piece's targets).
pub(super) type Threatened = ArrayVec<DenseSquare, 16>;

/// The value of the enemy piece the last move put down (or, for an igui, a shot or a burn,
/// left where it stood) and the side to move's pieces it could capture now. None before any
/// move and after a null move (the last move on the stack is then the side to move's own).
fn last_move_targets<const N: usize>(
    pos: &Position<N>,
    values: &Values,
) -> Option<(i32, Bitboard<N>)> {
    let at = pos.last_move()?.to();
    let attacker = pos.piece_at(at);
    if !attacker.is_piece() || attacker.colour() == pos.side_to_move() {
        return None;
    }
    Some((values.piece(attacker), pos.targets_of(at)))
}

/// Each of `targets` as its dense square, its square and the value of the piece on it.
fn victims<'a, const N: usize>(
    pos: &'a Position<N>,
    values: &'a Values,
    targets: &'a Bitboard<N>,
) -> impl Iterator<Item = (DenseSquare, Square, i32)> + 'a {
    let geo = pos.variant().geometry();
    targets.iter().map(move |d| {
        let sq = geo.from_dense(d);
        (d, sq, values.piece(pos.piece_at(sq)))
    })
}

/// The side to move's pieces that the opponent's last move threatens: those the piece it put
/// down could now capture, if they are worth more than it (by half a chu pawn) or are not
/// defended. Their quiet moves (escapes) come first among the quiet moves, where a node of
/// 100-300 moves that keeps only its first few quiet moves (late move pruning) would otherwise
/// order them by history alone and prune the escape.
pub(super) fn threatened<const N: usize>(pos: &Position<N>, values: &Values) -> Threatened {
    let mut out = Threatened::new();
    let Some((worth, targets)) = last_move_targets(pos, values) else {
        return out;
    };
    let us = pos.side_to_move();
    for (d, sq, victim) in victims(pos, values, &targets) {
        if (victim > worth + 50 || !pos.is_attacked(sq, us)) && out.try_push(d).is_err() {
            break;
        }
    }
    out
}

/// Whether `m` moves one of the `threatened` pieces (an escape: the picker orders it first).
pub(super) fn escapes<const N: usize>(pos: &Position<N>, threatened: &Threatened, m: Move) -> bool {
    !threatened.is_empty() && threatened.contains(&pos.variant().geometry().dense(m.from()))
}

/// Whether `m` moves none of the `threatened` pieces, so that it leaves the threat standing
/// (false when nothing is threatened).
pub(super) fn ignores<const N: usize>(pos: &Position<N>, threatened: &Threatened, m: Move) -> bool {
    !threatened.is_empty() && !escapes(pos, threatened, m)
}

/// The most the opponent's last move threatens to win: the best of its targets, each worth
/// its whole value if undefended and its value less the attacker's if defended; 0 if nothing.
/// Reverse futility pruning subtracts it from the static evaluation, which does not see
/// attacks: without it a node whose queen was just attacked stood pat on the queen it was
/// about to lose.
pub(super) fn threat_loss<const N: usize>(pos: &Position<N>, values: &Values) -> i32 {
    let Some((worth, targets)) = last_move_targets(pos, values) else {
        return 0;
    };
    let us = pos.side_to_move();
    let mut loss = 0;
    for (_, sq, victim) in victims(pos, values, &targets) {
        if victim <= loss {
            continue;
        }
        let l = if pos.is_attacked(sq, us) {
            victim - worth
        } else {
            victim
        };
        loss = loss.max(l);
    }
    loss
}

#[cfg(test)]
mod tests {
    use taikyoku_eval::{Evaluator, Values};
    use taikyoku_movegen::{Position, Variant};

    use super::{ignores, threat_loss, threatened};

    /// White's silver steps from 9g to 9h. From there it attacks 10i, 9i and 8i (forward) and
    /// 10g and 8g (backward diagonals). Black's rook on 9i is worth more than a silver and the
    /// gold on 8j defends it; Black's pawn on 8i is worth less and the gold defends it; Black's
    /// pawn on 10g is worth less and nothing defends it.
    const ROOK_DEFENDED: &str = "k16/17/17/17/17/17/7Ps8/17/8RP7/9G7/17/17/17/17/17/17/16K w - 1";
    /// The same with the rook away, on 17q.
    const ROOK_AWAY: &str = "k16/17/17/17/17/17/7Ps8/17/9P7/9G7/17/17/17/17/17/17/R15K w - 1";

    /// The Dai dai position `text` after `mv`, and the evaluator's values.
    fn after(text: &str, mv: &str) -> (Position<5>, Values) {
        let v = Variant::builtin("dai-dai").unwrap();
        let mut p = Position::<5>::parse(v.clone(), text).unwrap();
        if !mv.is_empty() {
            let m = p.parse_move(mv).unwrap();
            p.make(m);
        }
        (p, Evaluator::new(v).values)
    }

    /// The squares `threatened` names, sorted.
    fn names(p: &Position<5>, values: &Values) -> Vec<String> {
        let geo = p.variant().geometry();
        let mut out: Vec<String> = threatened(p, values)
            .iter()
            .map(|&d| geo.square_name(geo.from_dense(d)))
            .collect();
        out.sort();
        out
    }

    /// The value of the piece on `sq` of `p`.
    fn value(p: &Position<5>, values: &Values, sq: &str) -> i32 {
        let s = p.variant().geometry().parse_square(sq).unwrap();
        values.piece(p.piece_at(s))
    }

    #[test]
    fn the_last_moves_targets_worth_more_or_undefended_are_threatened() {
        // The rook is worth more than the silver: threatened, though defended. The pawn on 10g
        // is undefended: threatened. The pawn on 8i is worth less and defended: not.
        let (p, values) = after(ROOK_DEFENDED, "9g9h");
        assert_eq!(names(&p, &values), ["10g", "9i"]);
        let (p, values) = after(ROOK_AWAY, "9g9h");
        assert_eq!(names(&p, &values), ["10g"]);
        // No move before: nothing is threatened.
        let (p, values) = after(ROOK_AWAY, "");
        assert!(threatened(&p, &values).is_empty());
    }

    #[test]
    fn a_move_of_another_piece_ignores_the_threat() {
        // Threatened: the rook on 9i and the pawn on 10g. Their moves face the threat; every
        // other move (the gold's, the kings', the other pawns') leaves it standing.
        let (p, values) = after(ROOK_DEFENDED, "9g9h");
        let geo = p.variant().geometry();
        let t = threatened(&p, &values);
        let (mut faced, mut ignored) = (0, 0);
        for m in p.moves() {
            let from = geo.square_name(m.from());
            if from == "9i" || from == "10g" {
                assert!(!ignores(&p, &t, m), "{from}");
                faced += 1;
            } else {
                assert!(ignores(&p, &t, m), "{from}");
                ignored += 1;
            }
        }
        assert!(faced > 0 && ignored > 0, "{faced} {ignored}");
        // Nothing threatened: no move ignores a threat.
        let (p, values) = after(ROOK_DEFENDED, "");
        let t = threatened(&p, &values);
        assert!(p.moves().into_iter().all(|m| !ignores(&p, &t, m)));
    }

    #[test]
    fn the_threat_loss_is_the_best_target_less_the_attacker_if_defended() {
        let (p, values) = after(ROOK_DEFENDED, "9g9h");
        let rook = value(&p, &values, "9i");
        let silver = value(&p, &values, "9h");
        let pawn = value(&p, &values, "10g");
        // The defended rook wins its value less the silver's, more than the undefended pawn.
        assert!(
            rook - silver > pawn,
            "rook {rook}, silver {silver}, pawn {pawn}"
        );
        assert_eq!(threat_loss(&p, &values), rook - silver);
        // Without the rook: the undefended pawn, whole (the defended pawn on 8i would win
        // less than nothing).
        let (p, values) = after(ROOK_AWAY, "9g9h");
        assert_eq!(threat_loss(&p, &values), pawn);
        // No move before, or a null move after the silver's (the last move on the stack is
        // then the side to move's own): nothing.
        let (mut p, values) = after(ROOK_AWAY, "9g9h");
        p.make_null();
        assert_eq!(threat_loss(&p, &values), 0);
        assert!(threatened(&p, &values).is_empty());
        let (p, values) = after(ROOK_AWAY, "");
        assert_eq!(threat_loss(&p, &values), 0);
    }
}
