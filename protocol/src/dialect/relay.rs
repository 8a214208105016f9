//! What QBoard carries intact when it relays one engine's move to the other engine.
//!
//! QBoard 1.2.0.2 reads an engine's move into a byte array (`ExtractMove`) and sends the other
//! engine what its relay (`RelayMove`) makes of it:
//! - Dai dai and Maka dai dai: one `move` line per leg; one leg is relayed with its `+`, two or
//!   three legs as a "double" or "triple" move that has no promotion, and a fourth leg is lost.
//! - Ko: the legs on one line, read by a pattern that takes a plain move, two legs, or shots
//!   without moving (`f5xf15`, `e6xh6xk6`, with `+`); anything else is cut to its first one or
//!   two legs: `c17b16xb15` (move, then shoot) reaches the other engine as `c17b16`.
//! - The pass `@@@@` reaches it as `@@@64` (which the dialect reads as a pass).
//!
//! Where promotion is compulsory the bare move reads back as promoting, so a multi-leg move
//! that must promote is carried (Dai dai, whose promotion on capture is compulsory). Elsewhere
//! (Maka dai dai's optional promotion on capture, Ko's zone) a multi-leg promotion is not.
//! [`QboardRelay`] tells these moves apart from the move alone (no position needed), so the
//! search can test every move it considers for the engine's side without allocating.

use taikyoku_movegen::{Move, Promotion};

/// The shapes of move QBoard relays intact in one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QboardRelay {
    /// The most legs a relayed move keeps: three in Dai dai and Maka dai dai (QBoard's triple
    /// move), two in Ko (its one-line pattern).
    pub max_legs: usize,
    /// Whether a move of two or more legs may promote: only where the bare move reads back as
    /// promoting (compulsory promotion), since QBoard drops the `+` of multi-leg moves.
    pub multi_leg_promotion: bool,
    /// Whether a shooting piece may move and shoot in one move (QBoard cuts the shots off).
    /// Shots without moving are always carried.
    pub move_then_shoot: bool,
}

impl QboardRelay {
    /// Dai dai: promotion on capture is compulsory, so only the leg count matters.
    pub const DAI_DAI: QboardRelay = QboardRelay {
        max_legs: 3,
        multi_leg_promotion: true,
        move_then_shoot: true,
    };
    /// Maka dai dai: optional promotion on capture.
    pub const MAKA: QboardRelay = QboardRelay {
        max_legs: 3,
        multi_leg_promotion: false,
        move_then_shoot: true,
    };
    /// Dai shogi: optional promotion (chu's rule; no move of two or more legs can promote,
    /// since every piece with a lion's or a falcon's move is a promoted or unpromotable one).
    pub const DAI: QboardRelay = QboardRelay {
        max_legs: 3,
        multi_leg_promotion: false,
        move_then_shoot: true,
    };
    /// Ko shogi: optional promotion in the zone (and special promotions), shooting pieces.
    pub const KO: QboardRelay = QboardRelay {
        max_legs: 2,
        multi_leg_promotion: false,
        move_then_shoot: false,
    };

    /// Whether QBoard relays `m` (a move of the position the engine plays it in) to the other
    /// engine as the same move.
    #[inline]
    pub fn carries(&self, m: Move) -> bool {
        let legs = legs(m);
        legs <= self.max_legs
            && (legs == 1 || self.multi_leg_promotion || m.promotion() != Promotion::Promote)
            && (self.move_then_shoot || !moves_then_shoots(m))
    }

    /// Whether the opponent's move `m` can reach the engine through QBoard as itself, its
    /// promotion aside: at most `max_legs` legs, and no move-then-shoot where QBoard cuts the
    /// shots off (the opponent's engine cannot play it, and a human's arrives as the bare
    /// move). A multi-leg promotion arrives without `+` and is re-read when the game shows it,
    /// so it counts as reaching the engine. The search applies this test to the opponent's moves:
    /// a threat QBoard cannot deliver is none.
    #[inline]
    pub fn reaches(&self, m: Move) -> bool {
        legs(m) <= self.max_legs && (self.move_then_shoot || !moves_then_shoots(m))
    }
}

/// The number of legs the dialect writes for `m` (`moves::text`): a leg ends where something
/// happens (a capture on the way, a shooter's landing); a pass and shots without moving are one
/// leg.
#[inline]
pub fn legs(m: Move) -> usize {
    if m.has_shot_layout() {
        1 + usize::from(m.stops().next().is_some())
    } else {
        1 + m.stops().count()
    }
}

/// Whether `m` moves its piece and shoots (Ko's bows and guns after a move, the priests' jumps
/// with shots), as opposed to shooting without moving.
#[inline]
pub fn moves_then_shoots(m: Move) -> bool {
    m.has_shot_layout()
        && m.shots().next().is_some()
        && (m.to() != m.from() || m.stops().next().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use taikyoku_movegen::Square;

    fn sq(i: u16) -> Square {
        Square(i)
    }

    #[test]
    fn legs_of_each_shape() {
        // Squares are plain mailbox indices here: only the shapes matter.
        let (a, b, c, e) = (sq(100), sq(101), sq(102), sq(103));
        assert_eq!(legs(Move::new(a, b)), 1);
        assert_eq!(legs(Move::new(a, a)), 1, "a pass");
        assert_eq!(legs(Move::with_path(a, &[b], c)), 2);
        assert_eq!(legs(Move::with_path(a, &[b], a)), 2, "igui");
        assert_eq!(legs(Move::with_path(a, &[b, c], e)), 3);
        assert_eq!(legs(Move::with_path(a, &[b, c, e], a)), 4);
        assert_eq!(legs(Move::with_shots(a, None, Some(c), None, a)), 1);
        assert_eq!(legs(Move::with_shots(a, None, Some(c), None, b)), 1);
        assert_eq!(legs(Move::with_shots(a, Some(b), Some(c), None, a)), 2);
    }

    #[test]
    fn moving_and_shooting() {
        let (a, b, c, e) = (sq(100), sq(101), sq(102), sq(103));
        assert!(!moves_then_shoots(Move::new(a, b)));
        assert!(!moves_then_shoots(Move::with_shots(
            a,
            None,
            Some(c),
            None,
            a
        )));
        assert!(!moves_then_shoots(Move::with_shots(
            a,
            None,
            Some(c),
            Some(e),
            a
        )));
        assert!(moves_then_shoots(Move::with_shots(
            a,
            None,
            Some(c),
            None,
            b
        )));
        assert!(moves_then_shoots(Move::with_shots(
            a,
            Some(b),
            Some(c),
            None,
            a
        )));
        // A jump with no shot is a plain move.
        assert!(!moves_then_shoots(Move::with_shots(
            a,
            Some(b),
            None,
            None,
            a
        )));
    }

    /// The kinds of move the relay tests ask about, from squares 100-103.
    struct Kinds {
        step: Move,
        double: Move,
        triple: Move,
        quadruple: Move,
        shot_in_place: Move,
        move_and_shoot: Move,
    }

    fn kinds() -> Kinds {
        let (a, b, c, e) = (sq(100), sq(101), sq(102), sq(103));
        Kinds {
            step: Move::new(a, b),
            double: Move::with_path(a, &[b], c),
            triple: Move::with_path(a, &[b, c], e),
            quadruple: Move::with_path(a, &[b, c, e], a),
            shot_in_place: Move::with_shots(a, None, Some(c), None, a),
            move_and_shoot: Move::with_shots(a, None, Some(c), None, b),
        }
    }

    fn promote(m: Move) -> Move {
        m.with_promotion(Promotion::Promote)
    }

    #[test]
    fn what_each_variant_carries() {
        let Kinds {
            step,
            double,
            triple,
            quadruple,
            shot_in_place,
            move_and_shoot,
        } = kinds();
        let decline = |m: Move| m.with_promotion(Promotion::Decline);
        for r in [QboardRelay::DAI_DAI, QboardRelay::MAKA, QboardRelay::KO] {
            assert!(r.carries(step) && r.carries(promote(step)) && r.carries(decline(step)));
            assert!(r.carries(double) && r.carries(decline(double)));
            assert!(r.carries(shot_in_place) && r.carries(promote(shot_in_place)));
            assert!(!r.carries(quadruple), "{r:?}");
        }
        assert!(QboardRelay::DAI_DAI.carries(promote(double)));
        assert!(QboardRelay::DAI_DAI.carries(promote(triple)));
        assert!(!QboardRelay::MAKA.carries(promote(double)));
        assert!(!QboardRelay::MAKA.carries(promote(triple)));
        assert!(QboardRelay::MAKA.carries(triple));
        assert!(!QboardRelay::KO.carries(promote(double)));
        assert!(!QboardRelay::KO.carries(triple));
        assert!(!QboardRelay::KO.carries(move_and_shoot));
        assert!(QboardRelay::MAKA.carries(move_and_shoot));
    }

    #[test]
    fn what_reaches_the_engine_from_the_opponent() {
        let Kinds {
            step,
            double,
            triple,
            quadruple,
            shot_in_place,
            move_and_shoot,
        } = kinds();
        for r in [QboardRelay::DAI_DAI, QboardRelay::MAKA, QboardRelay::KO] {
            // A multi-leg promotion arrives without `+` and is re-read: it reaches the engine.
            assert!(r.reaches(step) && r.reaches(promote(double)), "{r:?}");
            assert!(r.reaches(shot_in_place) && !r.reaches(quadruple), "{r:?}");
        }
        assert!(QboardRelay::MAKA.reaches(promote(triple)));
        assert!(QboardRelay::MAKA.reaches(move_and_shoot));
        // Ko: two legs at most, and a move then a shot arrives as the bare move.
        assert!(!QboardRelay::KO.reaches(triple));
        assert!(!QboardRelay::KO.reaches(move_and_shoot));
    }
}
