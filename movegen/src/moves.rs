//! Moves: small copyable values identifying a move of a given position.
//!
//! A move records where the piece starts and ends, the squares where it captured on the way
//! (lion moves), whether it is a range capture (removing what it flies over), and the promotion
//! choice. Squares are padded-mailbox indices of the position's geometry; index 0 means "none".

use std::num::NonZeroU64;

use crate::geometry::Square;

/// The promotion choice of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Promotion {
    /// No promotion is possible (or the piece is already promoted).
    None,
    /// The piece promotes (`+`).
    Promote,
    /// Promotion was offered and declined (`=`).
    Decline,
}

/// A move. Fits in 64 bits, and `Option<Move>` costs nothing extra.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(NonZeroU64);

const SQ_BITS: u32 = 12;
const SQ_MASK: u64 = (1 << SQ_BITS) - 1;
const TO_SHIFT: u32 = 12;
const PROMO_SHIFT: u32 = 24;
const RANGE_BIT: u64 = 1 << 26;
const MID1_SHIFT: u32 = 28;
const MID2_SHIFT: u32 = 40;

impl Move {
    /// An ordinary move (step, slide, jump, hook) from `from` to `to`.
    #[inline]
    pub fn new(from: Square, to: Square) -> Move {
        let v = from.0 as u64 | (to.0 as u64) << TO_SHIFT;
        // `from` is always on the board, hence never 0.
        Move(NonZeroU64::new(v).expect("a move starts on the board"))
    }

    /// A range capture from `from` to `to`, removing every piece in between.
    #[inline]
    pub fn range(from: Square, to: Square) -> Move {
        Move(Move::new(from, to).0 | RANGE_BIT)
    }

    /// A lion-style move capturing on `mid1` (and `mid2`) before ending on `to`.
    #[inline]
    pub fn with_mids(from: Square, mid1: Square, mid2: Option<Square>, to: Square) -> Move {
        let v = Move::new(from, to).0.get()
            | (mid1.0 as u64) << MID1_SHIFT
            | (mid2.map_or(0, |s| s.0) as u64) << MID2_SHIFT;
        Move(NonZeroU64::new(v).expect("nonzero"))
    }

    /// The same move with the given promotion choice.
    #[inline]
    pub fn with_promotion(self, p: Promotion) -> Move {
        let code = match p {
            Promotion::None => 0,
            Promotion::Promote => 1,
            Promotion::Decline => 2,
        };
        let v = self.0.get() & !(3 << PROMO_SHIFT) | code << PROMO_SHIFT;
        Move(NonZeroU64::new(v).expect("nonzero"))
    }

    /// Starting square.
    #[inline]
    pub fn from(self) -> Square {
        Square((self.0.get() & SQ_MASK) as u16)
    }

    /// Final square (the starting square for igui and passes).
    #[inline]
    pub fn to(self) -> Square {
        Square((self.0.get() >> TO_SHIFT & SQ_MASK) as u16)
    }

    /// First intermediate capture square, if any.
    #[inline]
    pub fn mid1(self) -> Option<Square> {
        let s = (self.0.get() >> MID1_SHIFT & SQ_MASK) as u16;
        (s != 0).then_some(Square(s))
    }

    /// Second intermediate capture square, if any.
    #[inline]
    pub fn mid2(self) -> Option<Square> {
        let s = (self.0.get() >> MID2_SHIFT & SQ_MASK) as u16;
        (s != 0).then_some(Square(s))
    }

    /// Whether this is a range capture (removes the pieces between `from` and `to`).
    #[inline]
    pub fn is_range(self) -> bool {
        self.0.get() & RANGE_BIT != 0
    }

    /// The promotion choice.
    #[inline]
    pub fn promotion(self) -> Promotion {
        match self.0.get() >> PROMO_SHIFT & 3 {
            0 => Promotion::None,
            1 => Promotion::Promote,
            _ => Promotion::Decline,
        }
    }

    /// The raw 64-bit encoding (for hash tables).
    #[inline]
    pub fn to_bits(self) -> u64 {
        self.0.get()
    }

    /// Rebuilds a move from [`Move::to_bits`]; `None` for 0.
    #[inline]
    pub fn from_bits(bits: u64) -> Option<Move> {
        NonZeroU64::new(bits).map(Move)
    }
}

/// Receives generated moves. Implemented by move lists and by counters (bulk perft).
pub trait MoveSink {
    /// Takes one move.
    fn push(&mut self, m: Move);
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m)
    }
}

/// A sink that only counts.
#[derive(Default, Debug)]
pub struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move::with_mids(Square(100), Square(101), Some(Square(102)), Square(103))
            .with_promotion(Promotion::Decline);
        assert_eq!(m.from(), Square(100));
        assert_eq!(m.to(), Square(103));
        assert_eq!(m.mid1(), Some(Square(101)));
        assert_eq!(m.mid2(), Some(Square(102)));
        assert_eq!(m.promotion(), Promotion::Decline);
        assert!(!m.is_range());
        let r = Move::range(Square(1900), Square(55)).with_promotion(Promotion::Promote);
        assert!(r.is_range());
        assert_eq!((r.from(), r.to()), (Square(1900), Square(55)));
        assert_eq!(r.promotion(), Promotion::Promote);
        assert_eq!(Move::from_bits(r.to_bits()), Some(r));
        assert_eq!(std::mem::size_of::<Option<Move>>(), 8);
    }
}
