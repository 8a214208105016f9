//! What the opponent's last move threatens: the side to move's pieces that the piece it put
//! down could capture now. The move picker orders the threatened pieces' escapes first; reverse
//! futility pruning counts what the threat may win before it trusts the static evaluation.
//!
//! Only the moved piece is walked (once, by the movement interpreter): discovered attacks and
//! threats older than the last move are not looked for (session 27 measured both, and a null
//! move's refutation as a threat: none gained).

use arrayvec::ArrayVec;
use taikyoku_eval::Values;
use taikyoku_movegen::{Bitboard, DenseSquare, Position};

/// The pieces a node's side to move has under threat (few: one piece's targets).
pub(super) type Threatened = ArrayVec<DenseSquare, 16>;

/// The value of the enemy piece the last move put down and the side to move's pieces it could
/// capture now; None before any move, after a null move or a move that put down no enemy
/// piece (an igui, a piece that burned or shot and stayed).
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
    let geo = pos.variant().geometry();
    for d in targets.iter() {
        let sq = geo.from_dense(d);
        let victim = values.piece(pos.piece_at(sq));
        if (victim > worth + 50 || !pos.is_attacked(sq, us)) && out.try_push(d).is_err() {
            break;
        }
    }
    out
}

/// The most the opponent's last move threatens to win: the best of its targets, each worth
/// its whole value if undefended and its value less the attacker's if defended; 0 if nothing.
/// Reverse futility pruning subtracts it from the static evaluation, which counts material
/// only: without it a node whose queen was just attacked stood pat on the queen it was about
/// to lose.
pub(super) fn threat_loss<const N: usize>(pos: &Position<N>, values: &Values) -> i32 {
    let Some((worth, targets)) = last_move_targets(pos, values) else {
        return 0;
    };
    let us = pos.side_to_move();
    let geo = pos.variant().geometry();
    let mut loss = 0;
    for d in targets.iter() {
        let sq = geo.from_dense(d);
        let victim = values.piece(pos.piece_at(sq));
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
    use taikyoku_eval::Evaluator;
    use taikyoku_movegen::{Position, Variant};

    use super::{threat_loss, threatened};

    /// After White's `mv` in the Dai dai position `text`: the squares `threatened` names and
    /// the `threat_loss`.
    fn after(text: &str, mv: &str) -> (Vec<String>, i32) {
        let v = Variant::builtin("dai-dai").unwrap();
        let mut p = Position::<5>::parse(v.clone(), text).unwrap();
        let m = p.parse_move(mv).unwrap();
        p.make(m);
        let e = Evaluator::new(v.clone());
        let geo = v.geometry();
        let mut out: Vec<String> = threatened(&p, &e.values)
            .iter()
            .map(|&d| geo.square_name(geo.from_dense(d)))
            .collect();
        out.sort();
        (out, threat_loss(&p, &e.values))
    }

    /// The value the evaluator gives the piece on `sq` of the Dai dai position `text`.
    fn value(text: &str, sq: &str) -> i32 {
        let v = Variant::builtin("dai-dai").unwrap();
        let p = Position::<5>::parse(v.clone(), text).unwrap();
        let s = v.geometry().parse_square(sq).unwrap();
        Evaluator::new(v).values.piece(p.piece_at(s))
    }

    #[test]
    fn the_last_moves_targets_worth_more_or_undefended_are_threatened() {
        // White's silver steps from 9g to 9h. From there it attacks 10i, 9i and 8i (forward)
        // and 10g and 8g (backward diagonals). Black's rook on 9i is worth more than a silver:
        // threatened, though the gold on 8j defends it. Black's pawn on 8i is worth less and
        // the gold defends it: not threatened. Black's pawn on 10g is worth less but nothing
        // defends it: threatened.
        let text = "k16/17/17/17/17/17/7Ps8/17/8RP7/9G7/17/17/17/17/17/17/16K w - 1";
        let (squares, loss) = after(text, "9g9h");
        assert_eq!(squares, ["10g", "9i"]);
        // The loss: the defended rook less the silver, or the undefended pawn, the more.
        let rook_less_silver = value(text, "9i") - value(text, "9g");
        assert_eq!(loss, rook_less_silver.max(value(text, "10g")));
        // The same move with the rook away (on 17q): only the pawn, its whole value.
        let text = "k16/17/17/17/17/17/7Ps8/17/9P7/9G7/17/17/17/17/17/17/R15K w - 1";
        let (squares, loss) = after(text, "9g9h");
        assert_eq!(squares, ["10g"]);
        assert_eq!(loss, value(text, "10g"));
        // No move before: nothing is threatened.
        let v = Variant::builtin("dai-dai").unwrap();
        let p = Position::<5>::parse(v.clone(), text).unwrap();
        let e = Evaluator::new(v);
        assert!(threatened(&p, &e.values).is_empty());
        assert_eq!(threat_loss(&p, &e.values), 0);
    }
}
