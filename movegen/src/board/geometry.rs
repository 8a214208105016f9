//! Board geometry: squares, colours, and the padded mailbox layout used by move generation.
//!
//! A board has `files x ranks` squares (each at most 36). Internally a square is an index into a
//! *padded* mailbox: the board surrounded by [`PAD`] rings of off-board sentinels, so that steps
//! and short jumps never need bounds checks. [`Square`] holds such a padded index; it converts to
//! and from the dense index used by bitboards and to the notation of `docs/notation.md`.

use std::fmt;

/// Width of the off-board border around the mailbox. Leapers may jump at most this far.
pub(crate) const PAD: usize = 4;

/// Largest board side the engine supports.
pub(crate) const MAX_SIDE: usize = 36;

/// The two players. Black (sente) starts at the bottom and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Sente: moves first, starts at the bottom (high rank letters).
    Black = 0,
    /// Gote: starts at the top (rank `a`).
    White = 1,
}

impl Colour {
    /// The other side.
    #[inline]
    pub fn flip(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour with the given index (0 or 1).
    #[inline]
    pub fn from_index(i: usize) -> Colour {
        if i == 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// The side-to-move letter of the position notation (`b` or `w`).
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
        }
    }
}

/// A square of a particular board, as an index into the padded mailbox.
///
/// Only meaningful together with the [`Geometry`] it came from. Index 0 is always off the board,
/// which lets moves use 0 for "no square".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u16);

impl Square {
    /// The padded mailbox index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A square of a particular board as its dense index: `row * files + col` (row 0 the top rank,
/// col 0 Black's leftmost file), the reading order of the position notation and the bit index
/// of a [`Bitboard`](crate::Bitboard). [`Geometry::dense`] and [`Geometry::from_dense`]
/// convert between it and the padded [`Square`]; tables indexed by dense square use
/// [`DenseSquare::index`].
///
/// It holds a `usize`, not a `u16` like [`Square`]: it is never stored in bulk (the geometry's
/// table keeps `u16`s), and the move generator's inner loops, which add it to and take it from
/// bitboards, then compile as they did with a bare index (with a `u16` inside, perft's
/// instruction count rose by 0.4%).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DenseSquare(usize);

impl DenseSquare {
    /// The square at dense index `index` (below `files * ranks`, at most 36 * 36).
    #[inline]
    pub(crate) const fn new(index: usize) -> DenseSquare {
        debug_assert!(index < MAX_SIDE * MAX_SIDE);
        DenseSquare(index)
    }

    /// The dense index (`row * files + col`, `0..Geometry::squares()`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0
    }
}

/// The shape of a board and the conversions between its coordinate systems.
///
/// Coordinates: `col` 0 is the leftmost file as Black sees the board (file number `files`), `row`
/// 0 is the top rank (`a`, White's back rank). The dense index ([`DenseSquare`]) is
/// `row * files + col`, i.e. the reading order of the position notation.
#[derive(Clone, Debug)]
pub struct Geometry {
    files: usize,
    ranks: usize,
    stride: usize,
    padded_len: usize,
    /// padded index -> dense index, or u16::MAX off the board.
    dense_of: Vec<u16>,
    /// dense index -> padded index.
    padded_of: Vec<u16>,
    /// padded index -> (column, row): the dense index's remainder and quotient by `files`,
    /// kept so that [`Geometry::col`] and [`Geometry::row`] (asked for every piece by the
    /// evaluation) read a table instead of dividing. Off the board, what the division of
    /// the dense table's `u16::MAX` gives.
    col_row: Vec<(u16, u16)>,
}

impl Geometry {
    /// A board of `files` x `ranks` squares (each 1..=36).
    pub(crate) fn new(files: usize, ranks: usize) -> Result<Geometry, String> {
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return Err(format!(
                "board {files}x{ranks} is outside 1x1..{MAX_SIDE}x{MAX_SIDE}"
            ));
        }
        let stride = files + 2 * PAD;
        let padded_len = stride * (ranks + 2 * PAD);
        let mut dense_of = vec![u16::MAX; padded_len];
        let mut padded_of = vec![0u16; files * ranks];
        for row in 0..ranks {
            for col in 0..files {
                let p = (row + PAD) * stride + col + PAD;
                let d = row * files + col;
                dense_of[p] = d as u16;
                padded_of[d] = p as u16;
            }
        }
        let col_row = dense_of
            .iter()
            .map(|&d| ((d as usize % files) as u16, (d as usize / files) as u16))
            .collect();
        Ok(Geometry {
            files,
            ranks,
            stride,
            padded_len,
            dense_of,
            padded_of,
            col_row,
        })
    }

    /// Number of files (columns).
    #[inline]
    pub fn files(&self) -> usize {
        self.files
    }

    /// Number of ranks (rows).
    #[inline]
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// Number of squares on the board.
    #[inline]
    pub fn squares(&self) -> usize {
        self.files * self.ranks
    }

    /// Row length of the padded mailbox.
    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// Size of the padded mailbox.
    #[inline]
    pub fn padded_len(&self) -> usize {
        self.padded_len
    }

    /// The square at (`col`, `row`), both 0-based from the top left as Black sees the board.
    #[inline]
    pub fn square(&self, col: usize, row: usize) -> Square {
        Square(self.padded_of[row * self.files + col])
    }

    /// The square with the given dense index.
    #[inline]
    pub fn from_dense(&self, dense: DenseSquare) -> Square {
        Square(self.padded_of[dense.index()])
    }

    /// The dense index of an on-board square.
    #[inline]
    pub fn dense(&self, sq: Square) -> DenseSquare {
        DenseSquare(self.dense_of[sq.index()] as usize)
    }

    /// Whether a padded index lies on the board.
    #[inline]
    pub(crate) fn on_board(&self, padded: usize) -> bool {
        padded < self.padded_len && self.dense_of[padded] != u16::MAX
    }

    /// Column (0 = Black's left) of an on-board square.
    #[inline]
    pub fn col(&self, sq: Square) -> usize {
        self.col_row[sq.index()].0 as usize
    }

    /// Row (0 = top rank `a`) of an on-board square.
    #[inline]
    pub fn row(&self, sq: Square) -> usize {
        self.col_row[sq.index()].1 as usize
    }

    /// The king's distance between two on-board squares: the larger of the column and row
    /// differences (1 for neighbours; a lion's area is the squares within 2).
    #[inline]
    pub fn king_distance(&self, a: Square, b: Square) -> usize {
        self.col(a)
            .abs_diff(self.col(b))
            .max(self.row(a).abs_diff(self.row(b)))
    }

    /// All on-board squares in reading order (top row first, left to right).
    pub fn all_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.padded_of.iter().map(|&p| Square(p))
    }

    /// Padded index offset of a step of `dcol` columns and `drow` rows.
    #[inline]
    pub(crate) fn delta(&self, dcol: i32, drow: i32) -> i32 {
        drow * self.stride as i32 + dcol
    }

    /// The furthest row for `colour` (row 0 for Black, the last row for White).
    #[inline]
    pub fn last_row(&self, colour: Colour) -> usize {
        match colour {
            Colour::Black => 0,
            Colour::White => self.ranks - 1,
        }
    }

    /// The notation of a square: file number then rank letters (`12k`, `36jj`).
    pub fn square_name(&self, sq: Square) -> String {
        let file = self.files - self.col(sq);
        format!("{}{}", file, rank_letters(self.row(sq)))
    }

    /// Parses a square in notation; the error says what is wrong.
    pub fn parse_square(&self, text: &str) -> Result<Square, String> {
        let digits: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
        let letters = &text[digits.len()..];
        if digits.is_empty() {
            return Err(format!("square '{text}' does not start with a file number"));
        }
        if digits.starts_with('0') {
            return Err(format!(
                "square '{text}': a file number has no leading zero"
            ));
        }
        let file: usize = digits
            .parse()
            .map_err(|_| format!("square '{text}' has a bad file number"))?;
        if file == 0 || file > self.files {
            return Err(format!(
                "square '{text}': file {file} is not on a board with {} files",
                self.files
            ));
        }
        let row = parse_rank_letters(letters)
            .ok_or_else(|| format!("square '{text}': '{letters}' is not a rank"))?;
        if row >= self.ranks {
            return Err(format!(
                "square '{text}': rank '{letters}' is not on a board with {} ranks",
                self.ranks
            ));
        }
        Ok(self.square(self.files - file, row))
    }
}

/// The rank letters of row `row` (0 = `a`): `a`..`z`, then `aa`..`jj`.
pub fn rank_letters(row: usize) -> String {
    if row < 26 {
        ((b'a' + row as u8) as char).to_string()
    } else {
        let c = (b'a' + (row - 26) as u8) as char;
        format!("{c}{c}")
    }
}

/// The row of rank letters, if they are valid (`a`..`z` or a doubled `aa`..`jj`).
pub(crate) fn parse_rank_letters(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    match b {
        [c] if c.is_ascii_lowercase() => Some((c - b'a') as usize),
        [c, d] if c == d && (b'a'..=b'j').contains(c) => Some(26 + (c - b'a') as usize),
        _ => None,
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "Black",
            Colour::White => "White",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_follow_the_seed() {
        let g = Geometry::new(36, 36).unwrap();
        assert_eq!(g.square_name(g.square(35, 0)), "1a");
        assert_eq!(g.square_name(g.square(0, 35)), "36jj");
        assert_eq!(g.parse_square("36jj").unwrap(), g.square(0, 35));
        assert_eq!(g.parse_square("1a").unwrap(), g.square(35, 0));
        assert_eq!(g.square_name(g.square(35, 26)), "1aa");
    }

    #[test]
    fn nine_by_nine_is_usi() {
        let g = Geometry::new(9, 9).unwrap();
        assert_eq!(g.square_name(g.square(2, 6)), "7g");
    }

    #[test]
    fn bad_squares_are_rejected() {
        let g = Geometry::new(17, 17).unwrap();
        for bad in [
            "",
            "a",
            "0a",
            "18a",
            "1r",
            "1ab",
            "1kk",
            "x1",
            "1A",
            "01a",
            "18446744073709551617a",
        ] {
            assert!(g.parse_square(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn padded_and_dense_round_trip() {
        let g = Geometry::new(19, 19).unwrap();
        for (d, sq) in g.all_squares().enumerate() {
            assert_eq!(g.dense(sq).index(), d);
            assert!(g.on_board(sq.index()));
        }
        assert!(!g.on_board(0));
    }
}
