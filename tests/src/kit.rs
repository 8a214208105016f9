//! The tests' one position builder: the text of a position in the project's notation
//! (docs/notation.md) from a list of pieces, written without any of the engine's notation code,
//! so that a test states its position square by square and the code under test (the fast
//! generator, the reference generator, a protocol loop) parses it.
//!
//! Used by the integration tests of this crate (`tests/tests/kit/` adds the fast generator's
//! parse on top), the reference generator's unit tests, and the tests of the engine
//! (`cli/tests/`) and of the protocol crate, which take this crate as a dev-dependency.
//!
//! Squares are named as in the notation (`7g`, `19gg`): the file number counted from Black's
//! right, the rank letters from the top. A piece is its code, upper case for Black and lower case
//! for White, with a leading `+` when promoted: `P`, `LN`, `+fl`; the parentheses of a longer code
//! may be written or left out (`(LN)` and `LN` are the same piece).

/// Column (0 = leftmost, the highest file number) and row (0 = rank `a`) of a square name on a
/// board with `files` files: `a`..`z` are rows 0..25, `aa`..`jj` rows 26..35.
pub fn coords(name: &str, files: usize) -> (usize, usize) {
    let digits: String = name.chars().take_while(|c| c.is_ascii_digit()).collect();
    let file: usize = digits
        .parse()
        .unwrap_or_else(|_| panic!("no file number in {name}"));
    assert!(
        (1..=files).contains(&file),
        "file {file} of {name} is not on a board with {files} files"
    );
    let row = match &name.as_bytes()[digits.len()..] {
        [c] if c.is_ascii_lowercase() => (c - b'a') as usize,
        [c, d] if c == d && (b'a'..=b'j').contains(c) => 26 + (c - b'a') as usize,
        _ => panic!("bad rank in {name}"),
    };
    (files - file, row)
}

/// The name of the square in column `col`, row `row` of a board with `files` files (the inverse
/// of [`coords`]).
pub fn square_name(col: usize, row: usize, files: usize) -> String {
    let rank = if row < 26 {
        ((b'a' + row as u8) as char).to_string()
    } else {
        let c = (b'a' + (row - 26) as u8) as char;
        format!("{c}{c}")
    };
    format!("{}{rank}", files - col)
}

/// A piece as the board field writes it: a code of more than one letter in parentheses, `+` in
/// front of a promoted piece (`FL` and `(FL)` give `(FL)`, `+fl` gives `+(fl)`, `P` gives `P`).
pub fn token(code: &str) -> String {
    let (plus, body) = match code.strip_prefix('+') {
        Some(b) => ("+", b),
        None => ("", code),
    };
    let body = body.trim_start_matches('(').trim_end_matches(')');
    assert!(
        !body.is_empty() && body.chars().all(|c| c.is_ascii_alphabetic()),
        "bad piece code '{code}'"
    );
    if body.len() == 1 {
        format!("{plus}{body}")
    } else {
        format!("{plus}({body})")
    }
}

/// The board field of a `files` x `ranks` board holding the given pieces, each at (column, row)
/// as [`coords`] numbers them, written as [`token`] writes it. Two pieces on one square are a
/// mistake in the test and panic.
pub fn board_from_cells<'a>(
    files: usize,
    ranks: usize,
    cells: impl IntoIterator<Item = (usize, usize, &'a str)>,
) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; files]; ranks];
    for (col, row, code) in cells {
        assert!(
            col < files && row < ranks,
            "({col}, {row}) is off the board"
        );
        assert!(
            grid[row][col].is_none(),
            "two pieces on {}",
            square_name(col, row, files)
        );
        grid[row][col] = Some(token(code));
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push_str(t);
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    rows.join("/")
}

/// The board field of a `files` x `ranks` board holding the given pieces, `(square, code)`.
pub fn board_text(files: usize, ranks: usize, pieces: &[(&str, &str)]) -> String {
    board_from_cells(
        files,
        ranks,
        pieces.iter().map(|&(sq, code)| {
            let (col, row) = coords(sq, files);
            (col, row, code)
        }),
    )
}

/// A whole position: the board field of [`board_text`], `side` to move (`b` or `w`), the extra
/// field `extra` (`-` when empty) and move number 1.
pub fn position_text(
    files: usize,
    ranks: usize,
    pieces: &[(&str, &str)],
    side: char,
    extra: &str,
) -> String {
    assert!(side == 'b' || side == 'w', "side '{side}' is not b or w");
    format!("{} {side} {extra} 1", board_text(files, ranks, pieces))
}

/// The tests' seeded random choices (a 64-bit linear congruential generator): the same seed
/// gives the same playout, so a failure reproduces.
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n`.
    pub fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Chu positions where lishogi's and HaChu's readings of the rules differ (docs/chu.md §11),
/// as `<position> [moves ...]` texts: the start, a pawn a step from the last rank and a lion over
/// a guarding go-between, a kirin that took a lion and promoted (the counter-strike with the
/// recorded square), a falcon that took a lion on its first step (a counter-strike for lishogi
/// only), a bare king (over for lishogi, not for HaChu), a lance entering the zone onto the last
/// rank. The perft tests of the readings (`tests/tests/chu.rs`) and of their joint
/// (`protocol/tests/joint.rs`) count them.
pub const CHU_READING_POSITIONS: [&str; 6] = [
    "startpos",
    "kgs8r/5P6/12/12/12/6(ln)5/6(gb)5/6(LN)5/12/12/12/9SGK b - 1",
    "kgs9/12/12/r5(ln)5/12/6(KR)5/12/12/12/12/12/9SGK b - 1 moves 6f6d+",
    "kgs8r/12/12/12/11(LN)/12/12/6(ln)5/6+(DH)5/12/12/9SGK b - 1 moves 6i6h6g",
    "6k5/12/12/12/12/12/12/12/12/12/5S1G4/6K5 w - 1",
    "kgs9/12/12/12/6L5/12/12/12/12/12/12/9SGK b - 1",
];

/// Chu's kings out of the way in the corners, each with a gold and a silver so that no side is
/// bare (a bared position is over and has no moves): the frame of the chu tests' positions.
pub const CHU_CORNER_KINGS: [(&str, &str); 6] = [
    ("12a", "k"),
    ("11a", "g"),
    ("10a", "s"),
    ("1l", "K"),
    ("2l", "G"),
    ("3l", "S"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_name_columns_and_rows_both_ways() {
        assert_eq!(coords("1a", 36), (35, 0));
        assert_eq!(coords("36jj", 36), (0, 35));
        assert_eq!(coords("7g", 9), (2, 6));
        assert_eq!(coords("19z", 36), (17, 25));
        assert_eq!(coords("19aa", 36), (17, 26));
        for (col, row) in [(0, 0), (35, 35), (17, 25), (17, 26), (3, 30)] {
            let name = square_name(col, row, 36);
            assert_eq!(coords(&name, 36), (col, row), "{name}");
        }
    }

    #[test]
    #[should_panic(expected = "not on a board with 12 files")]
    fn a_file_off_the_board_is_a_mistake() {
        coords("13a", 12);
    }

    #[test]
    fn tokens_wrap_long_codes_once() {
        assert_eq!(token("P"), "P");
        assert_eq!(token("+p"), "+p");
        assert_eq!(token("FL"), "(FL)");
        assert_eq!(token("(FL)"), "(FL)");
        assert_eq!(token("+fl"), "+(fl)");
        assert_eq!(token("+(fl)"), "+(fl)");
    }

    #[test]
    fn boards_count_empty_runs_from_the_left() {
        // 5x3: Black's king on 3c (column 2, bottom row), a White lion on 5a (top left), a
        // promoted pawn on 1a (top right).
        let b = board_text(5, 3, &[("3c", "K"), ("5a", "ln"), ("1a", "+P")]);
        assert_eq!(b, "(ln)3+P/5/2K2");
        assert_eq!(
            position_text(5, 3, &[("3c", "K")], 'w', "-"),
            "5/5/2K2 w - 1"
        );
        assert_eq!(
            board_from_cells(3, 2, [(0, 1, "K"), (2, 0, "(GB)")]),
            "2(GB)/K2"
        );
    }

    #[test]
    #[should_panic(expected = "two pieces on 3c")]
    fn two_pieces_on_one_square_are_a_mistake() {
        board_text(5, 3, &[("3c", "K"), ("3c", "G")]);
    }
}
