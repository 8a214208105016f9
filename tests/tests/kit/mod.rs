//! The integration tests' shared kit: positions built from (square, code) lists, independent of
//! the engine's own notation code except for the final parse.

#![allow(dead_code)]

use taikyoku_movegen::{Position, Variant};

/// Column and row of a square name (`19gg`) on a board with `files` files.
pub fn coords(name: &str, files: usize) -> (usize, usize) {
    let digits: String = name.chars().take_while(|c| c.is_ascii_digit()).collect();
    let file: usize = digits.parse().expect("file number");
    let letters = &name.as_bytes()[digits.len()..];
    let row = match letters {
        [c] => (c - b'a') as usize,
        [c, d] if c == d => 26 + (c - b'a') as usize,
        _ => panic!("bad rank in {name}"),
    };
    (files - file, row)
}

/// The board field of a position with the given pieces (`(square, code)`; upper case Black,
/// lower case White, a leading `+` for a promoted piece) on a `files` x `ranks` board.
pub fn board_text(files: usize, ranks: usize, pieces: &[(&str, &str)]) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; files]; ranks];
    for &(sq, code) in pieces {
        let (c, r) = coords(sq, files);
        assert!(grid[r][c].is_none(), "two pieces on {sq}");
        let (plus, body) = match code.strip_prefix('+') {
            Some(b) => ("+", b),
            None => ("", code),
        };
        grid[r][c] = Some(if body.len() == 1 {
            format!("{plus}{body}")
        } else {
            format!("{plus}({body})")
        });
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

/// A position of variant `id` with the given pieces (see [`board_text`]) and `side` (`b` or
/// `w`) to move.
pub fn build<const N: usize>(id: &str, side: char, pieces: &[(&str, &str)]) -> Position<N> {
    let v = Variant::builtin(id).unwrap();
    let board = board_text(v.geo.files(), v.geo.ranks(), pieces);
    let text = format!("{board} {side} - 1");
    let pos = Position::<N>::parse(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.check_consistency().unwrap();
    pos
}
