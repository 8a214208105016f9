//! Moves: small copyable values identifying a move of a given position.
//!
//! A move records where the piece starts and ends, the squares where it captured on the way
//! (lion moves, double moves, the thunderclap's five steps), the squares it shot at (Ko shogi),
//! whether it is a range capture (removing what it flies over), and the promotion choice.
//! Squares are padded-mailbox indices of the position's geometry; intermediate and shot squares
//! are stored as small signed offsets, so a move is 64 bits.
//!
//! Layout: from (12 bits), to (12), promotion (2), range flag (1), kind (1), then four 9-bit
//! signed offsets. Kind 0 ("path"): the offsets are up to four intermediate capture squares,
//! relative to `from`, in path order. Kind 1 ("shots"): offset 1 is an intermediate landing
//! relative to `from` (or 0), offset 2 a shot relative to that landing (or to `to` without
//! one), offset 3 a shot relative to `to`.

use std::num::NonZeroU64;

use crate::board::geometry::Square;

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

const SQ_MASK: u64 = 0xfff;
const TO_SHIFT: u32 = 12;
const PROMO_SHIFT: u32 = 24;
const RANGE_BIT: u64 = 1 << 26;
const SHOTS_BIT: u64 = 1 << 27;
const OFF_SHIFT: u32 = 28;
const OFF_BITS: u32 = 9;
const OFF_MASK: u64 = (1 << OFF_BITS) - 1;
/// Largest offset magnitude an intermediate or shot square may have.
pub(crate) const MAX_OFFSET: i32 = 255;

fn pack(off: i32) -> u64 {
    debug_assert!(off.abs() <= MAX_OFFSET, "offset {off} too large");
    (off as u64) & OFF_MASK
}

fn unpack(bits: u64) -> i32 {
    let v = (bits & OFF_MASK) as i32;
    if v >= 1 << (OFF_BITS - 1) {
        v - (1 << OFF_BITS)
    } else {
        v
    }
}

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
    pub(crate) fn range(from: Square, to: Square) -> Move {
        Move(Move::new(from, to).0 | RANGE_BIT)
    }

    /// A move capturing on up to four intermediate squares (in path order) before ending on
    /// `to` (lion, double moves, thunderclap, roaming assault).
    #[inline]
    pub fn with_path(from: Square, mids: &[Square], to: Square) -> Move {
        debug_assert!(mids.len() <= 4);
        let mut v = Move::new(from, to).0.get();
        for (i, m) in mids.iter().enumerate().take(4) {
            v |= pack(m.0 as i32 - from.0 as i32) << (OFF_SHIFT + OFF_BITS * i as u32);
        }
        Move(NonZeroU64::new(v).expect("nonzero"))
    }

    /// A move with one or two intermediate capture squares (compatibility helper).
    #[inline]
    pub(crate) fn with_mids(from: Square, mid1: Square, mid2: Option<Square>, to: Square) -> Move {
        match mid2 {
            None => Move::with_path(from, &[mid1], to),
            Some(m2) => Move::with_path(from, &[mid1, m2], to),
        }
    }

    /// A shooting move: optionally an intermediate landing `mid`, a shot taken there (or, without
    /// `mid`, at `to`), and a shot taken at `to`.
    #[inline]
    pub fn with_shots(
        from: Square,
        mid: Option<Square>,
        shot_a: Option<Square>,
        shot_b: Option<Square>,
        to: Square,
    ) -> Move {
        let mut v = Move::new(from, to).0.get() | SHOTS_BIT;
        let base_a = mid.unwrap_or(to);
        if let Some(m) = mid {
            v |= pack(m.0 as i32 - from.0 as i32) << OFF_SHIFT;
        }
        if let Some(a) = shot_a {
            v |= pack(a.0 as i32 - base_a.0 as i32) << (OFF_SHIFT + OFF_BITS);
        }
        if let Some(b) = shot_b {
            v |= pack(b.0 as i32 - to.0 as i32) << (OFF_SHIFT + 2 * OFF_BITS);
        }
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

    /// Final square (the starting square for igui, passes and shots without moving).
    #[inline]
    pub fn to(self) -> Square {
        Square((self.0.get() >> TO_SHIFT & SQ_MASK) as u16)
    }

    #[inline]
    fn offset(self, i: u32) -> i32 {
        unpack(self.0.get() >> (OFF_SHIFT + OFF_BITS * i))
    }

    /// Whether this move carries shots (its offsets are a landing and shots).
    #[inline]
    pub fn has_shot_layout(self) -> bool {
        self.0.get() & SHOTS_BIT != 0
    }

    /// The squares where the piece stopped on the way, in order: intermediate capture squares
    /// of a path move, or the intermediate landing of a shooting move.
    #[inline]
    pub fn stops(self) -> impl Iterator<Item = Square> + Clone {
        let from = self.from().0 as i32;
        let mut s = Stops {
            sq: [0; 4],
            len: 0,
            i: 0,
        };
        let n = if self.has_shot_layout() { 1 } else { 4 };
        for k in 0..n {
            let o = self.offset(k);
            if o == 0 {
                break;
            }
            s.sq[s.len] = (from + o) as u16;
            s.len += 1;
        }
        s
    }

    /// First intermediate square, if any.
    #[inline]
    pub fn mid1(self) -> Option<Square> {
        self.stops().next()
    }

    /// Second intermediate square, if any.
    #[inline]
    pub fn mid2(self) -> Option<Square> {
        self.stops().nth(1)
    }

    /// Whether the move passes through or captures on intermediate squares.
    #[inline]
    pub fn has_stops(self) -> bool {
        self.0.get() >> OFF_SHIFT & OFF_MASK != 0
    }

    /// The shot squares, in order.
    #[inline]
    pub fn shots(self) -> impl Iterator<Item = Square> + Clone {
        let mut s = Stops {
            sq: [0; 4],
            len: 0,
            i: 0,
        };
        if !self.has_shot_layout() {
            return s;
        }
        let to = self.to().0 as i32;
        let mid = self.offset(0);
        let base_a = if mid != 0 {
            self.from().0 as i32 + mid
        } else {
            to
        };
        let a = self.offset(1);
        if a != 0 {
            s.sq[s.len] = (base_a + a) as u16;
            s.len += 1;
        }
        let b = self.offset(2);
        if b != 0 {
            s.sq[s.len] = (to + b) as u16;
            s.len += 1;
        }
        s
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

    /// The raw 64-bit encoding.
    #[inline]
    pub fn to_bits(self) -> u64 {
        self.0.get()
    }

    /// A 34-bit key identifying the move among the moves of its position: origin, destination,
    /// promotion, range flag and a 7-bit hash of the rest (the stops, shots and captures; moves
    /// that share all of these and the hash are told apart by the order they are generated in). Hash tables store keys and find the move
    /// again with `Position::move_from_key`, which also proves it legal there.
    #[inline]
    pub fn key(self) -> u64 {
        let v = self.0.get();
        let rest = v >> 27;
        let h = (rest.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 57) & 0x7f;
        (v & ((1 << 27) - 1)) | h << 27
    }
}

/// Squares listed by a move (intermediate stops or shots).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stops {
    sq: [u16; 4],
    len: usize,
    i: usize,
}

impl Iterator for Stops {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.i < self.len {
            self.i += 1;
            Some(Square(self.sq[self.i - 1]))
        } else {
            None
        }
    }
}

/// Receives generated moves. Implemented by move lists and by counters (bulk perft).
pub trait MoveSink {
    /// Takes one move.
    fn push(&mut self, m: Move);

    /// Takes one move whose generator knows whether it captures at least one enemy piece
    /// (`captures`; the moves of the main movement visitor). A sink that keeps captures apart
    /// from quiet moves (the search's move picker) reads the flag instead of asking the board;
    /// the others just take the move. Other generators call [`MoveSink::push`].
    #[inline]
    fn push_classified(&mut self, m: Move, captures: bool) {
        let _ = captures;
        self.push(m);
    }
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
        assert_eq!(std::mem::size_of::<Option<Move>>(), 8);
    }

    #[test]
    fn long_paths_and_shots() {
        let from = Square(400);
        let mids = [Square(372), Square(344), Square(345), Square(373)];
        let m = Move::with_path(from, &mids, Square(401));
        assert_eq!(m.stops().collect::<Vec<_>>(), mids);
        assert_eq!(m.shots().count(), 0);
        let s = Move::with_shots(
            from,
            Some(Square(346)),
            Some(Square(319)),
            Some(Square(292)),
            Square(400),
        );
        assert_eq!(s.stops().collect::<Vec<_>>(), vec![Square(346)]);
        assert_eq!(
            s.shots().collect::<Vec<_>>(),
            vec![Square(319), Square(292)]
        );
        let g = Move::with_shots(
            from,
            None,
            Some(Square(589)),
            Some(Square(211)),
            Square(427),
        );
        assert_eq!(g.stops().count(), 0);
        assert_eq!(
            g.shots().collect::<Vec<_>>(),
            vec![Square(589), Square(211)]
        );
        assert_ne!(g.key(), s.key());
    }
}
