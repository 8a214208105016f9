//! Wide bitboards: one bit per square of a board of up to 36x36, indexed by dense square index.
//!
//! The word count is a const parameter so that a 17x17 board (5 words) does not pay for
//! Taikyoku's 1296 squares (21 words).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

use crate::board::geometry::DenseSquare;

/// A set of squares of a board with at most `64 * N` squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bitboard<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Bitboard<N> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const N: usize> Bitboard<N> {
    /// The empty set.
    pub(crate) const EMPTY: Self = Bitboard([0; N]);

    /// Whether dense square `sq` is in the set.
    #[inline]
    pub fn has(&self, sq: DenseSquare) -> bool {
        let i = sq.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Adds dense square `sq`.
    #[inline]
    pub(crate) fn set(&mut self, sq: DenseSquare) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes dense square `sq`.
    #[inline]
    pub(crate) fn clear(&mut self, sq: DenseSquare) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Adds dense square `sq`, returning whether it was absent.
    #[inline]
    pub(crate) fn insert(&mut self, sq: DenseSquare) -> bool {
        let i = sq.index();
        let w = &mut self.0[i >> 6];
        let bit = 1u64 << (i & 63);
        let absent = *w & bit == 0;
        *w |= bit;
        absent
    }

    /// The dense squares in the set, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = DenseSquare> + '_ {
        BitIter {
            bb: self,
            word: 0,
            cur: if N > 0 { self.0[0] } else { 0 },
        }
    }
}

/// Iterator over the squares of a [`Bitboard`].
pub(crate) struct BitIter<'a, const N: usize> {
    bb: &'a Bitboard<N>,
    word: usize,
    cur: u64,
}

impl<const N: usize> Iterator for BitIter<'_, N> {
    type Item = DenseSquare;
    #[inline]
    fn next(&mut self) -> Option<DenseSquare> {
        loop {
            if self.cur != 0 {
                let b = self.cur.trailing_zeros() as usize;
                self.cur &= self.cur - 1;
                return Some(DenseSquare::new(self.word * 64 + b));
            }
            self.word += 1;
            if self.word >= N {
                return None;
            }
            self.cur = self.bb.0[self.word];
        }
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl<const N: usize> $tr for Bitboard<N> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                let mut r = self;
                for i in 0..N {
                    r.0[i] = self.0[i] $op rhs.0[i];
                }
                r
            }
        }
        impl<const N: usize> $tra for Bitboard<N> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                for i in 0..N {
                    self.0[i] = self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}
bitop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bitop!(BitOr, bitor, |, BitOrAssign, bitor_assign);

impl<const N: usize> BitXor for Bitboard<N> {
    type Output = Self;
    #[inline]
    fn bitxor(self, rhs: Self) -> Self {
        let mut r = self;
        for i in 0..N {
            r.0[i] ^= rhs.0[i];
        }
        r
    }
}

impl<const N: usize> Not for Bitboard<N> {
    type Output = Self;
    /// Complement over all `64 * N` bits (callers mask to the board when it matters).
    #[inline]
    fn not(self) -> Self {
        let mut r = self;
        for w in r.0.iter_mut() {
            *w = !*w;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_clear_iterate() {
        let d = DenseSquare::new;
        let mut b = Bitboard::<21>::EMPTY;
        for i in [0, 63, 64, 700, 1295] {
            b.set(d(i));
        }
        assert_eq!(b.iter().count(), 5);
        assert_eq!(
            b.iter().map(DenseSquare::index).collect::<Vec<_>>(),
            vec![0, 63, 64, 700, 1295]
        );
        b.clear(d(64));
        assert!(!b.has(d(64)));
        assert!(b.has(d(1295)));
        assert!(!b.insert(d(0)));
        assert!(b.insert(d(1)));
        let c = b & !Bitboard::EMPTY;
        assert_eq!(c, b);
    }
}
