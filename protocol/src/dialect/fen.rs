//! The GUIs' FEN: `<placement> w|b [...]`, rows from the top (the second player's back rank),
//! files from the first player's left, empty runs as decimal counts, upper case for the first
//! player (CECP's "white", our Black), `w` when the first player is to move.

use std::sync::Arc;

use taikyoku_movegen::{AnyPosition, Colour, Variant};

use super::codes::{grid_of, infer_extra, is_suffix, position_from_grid, Cell, CodeMap};

/// Parses a GUI FEN into a position of `variant` (extra fields after the side are ignored; Ko's
/// zone state is inferred from the board).
pub(crate) fn parse(
    variant: &Arc<Variant>,
    codes: &CodeMap,
    text: &str,
) -> Result<AnyPosition, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (placement, side) = match fields.as_slice() {
        [] => return Err("empty position".to_string()),
        [_] => {
            return Err(format!(
                "position '{text}' has no side to move after the placement ('w' or 'b')"
            ))
        }
        [p, s, ..] => (*p, *s),
    };
    let side = match side {
        "w" => Colour::Black,
        "b" => Colour::White,
        s => {
            return Err(format!(
                "side to move '{s}' is not 'w' (the first player) or 'b'"
            ))
        }
    };
    let grid = parse_placement(variant, codes, placement)?;
    let extra = infer_extra(variant, &grid);
    position_from_grid(variant, &grid, side, &extra)
}

/// Reads the placement field into a grid.
fn parse_placement(
    variant: &Variant,
    codes: &CodeMap,
    placement: &str,
) -> Result<Vec<Cell>, String> {
    let (w, h) = (variant.geometry().files(), variant.geometry().ranks());
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != h {
        return Err(format!(
            "the board has {h} rows separated by '/', found {}",
            rows.len()
        ));
    }
    let suffixes = codes.has_suffixes();
    let mut grid: Vec<Cell> = Vec::with_capacity(w * h);
    for (r, row) in rows.iter().enumerate() {
        let rank = h - r;
        let chars: Vec<char> = row.chars().collect();
        let mut col = 0usize;
        let mut i = 0usize;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
                let n = match digits.parse::<usize>() {
                    Ok(n) if n > 0 && n <= w => n,
                    _ => {
                        return Err(format!(
                            "row {rank}: '{digits}' is not a count of 1 to {w} empty squares"
                        ))
                    }
                };
                if col + n > w {
                    return Err(format!("row {rank} has more than {w} squares"));
                }
                grid.extend(std::iter::repeat_n(None, n));
                col += n;
                continue;
            }
            let start = i;
            if c == '+' {
                i += 1;
            }
            match chars.get(i) {
                Some(l) if l.is_ascii_alphabetic() => i += 1,
                Some(l) => return Err(format!("row {rank}: unexpected character '{l}'")),
                None => return Err(format!("row {rank}: '+' at the end of the row")),
            }
            let upper = chars[i - 1].is_ascii_uppercase();
            if suffixes && chars.get(i).is_some_and(|&s| is_suffix(s)) {
                i += 1;
            }
            let token: String = chars[start..i].iter().collect();
            let (kind, promoted) = codes.read(&token.to_ascii_uppercase()).ok_or_else(|| {
                format!(
                    "row {rank}: '{token}' is not a piece code of {}",
                    variant.id()
                )
            })?;
            if col >= w {
                return Err(format!("row {rank} has more than {w} squares"));
            }
            let colour = if upper { Colour::Black } else { Colour::White };
            grid.push(Some((kind, promoted, colour)));
            col += 1;
        }
        if col != w {
            return Err(format!(
                "row {rank} has {col} squares, the board has {w} files"
            ));
        }
    }
    Ok(grid)
}

/// Writes a position as the GUI's FEN (`<placement> w|b`).
pub(crate) fn write(codes: &CodeMap, pos: &AnyPosition) -> String {
    let variant = pos.variant().clone();
    let (w, h) = (variant.geometry().files(), variant.geometry().ranks());
    let grid = grid_of(pos);
    let mut s = String::new();
    for row in 0..h {
        if row > 0 {
            s.push('/');
        }
        let mut empty = 0;
        for cell in &grid[row * w..(row + 1) * w] {
            match cell {
                None => empty += 1,
                Some((kind, promoted, colour)) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let code = codes.write(&variant, *kind, *promoted);
                    s.push_str(&match colour {
                        Colour::Black => code,
                        Colour::White => code.to_ascii_lowercase(),
                    });
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
    }
    let side = pos.side_to_move();
    s.push_str(match side {
        Colour::Black => " w",
        Colour::White => " b",
    });
    s
}
