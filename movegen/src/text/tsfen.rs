//! TSFEN, the position format of the Taikyoku site (taikyoku-shogi.github.io) and of tomatene
//! (docs/atsa.md, "TSFEN"): `<board> <move counter>`.
//!
//! The board lists the ranks from the top (rank `a`), separated by `/`; each rank is a
//! comma-separated list of cells from the highest file to file 1, a cell being a count of empty
//! squares or a piece code with an optional repeat count (`p36`). Lower case is the side that
//! moves first (Black, the site's Sente), upper case the other: the opposite of this project's
//! notation. The move counter counts the plies played (0 at the start), so the side to move is
//! Black when it is even. A piece is written as the kind it moves as: the promoted flag is not
//! stored, and a code reads back as that kind unpromoted.

use std::sync::Arc;

use crate::board::geometry::Colour;
use crate::board::position::Position;
use crate::definition::piece::Piece;
use crate::definition::variant::Variant;
use crate::text::notation::NotationError;

fn err<T>(msg: impl Into<String>) -> Result<T, NotationError> {
    Err(NotationError(msg.into()))
}

/// The most plies a TSFEN move counter may give (our move numbers stop at 10^9).
const MAX_COUNTER: u32 = 999_999_999;

impl<const N: usize> Position<N> {
    /// Parses a TSFEN of `variant` (any board size; the site's is 36x36). Errors name the rank
    /// and cell. Every piece is read unpromoted.
    pub fn parse_tsfen(variant: Arc<Variant>, text: &str) -> Result<Position<N>, NotationError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 2 {
            return err(format!(
                "a TSFEN has 2 fields (board, move counter), found {}",
                fields.len()
            ));
        }
        let geo = &variant.geo;
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != geo.ranks() {
            return err(format!(
                "the TSFEN board has {} ranks separated by '/', found {}",
                geo.ranks(),
                rows.len()
            ));
        }
        let mut pos = Position::empty(variant.clone());
        for (row, text) in rows.iter().enumerate() {
            let rank = crate::board::geometry::rank_letters(row);
            let mut col = 0usize;
            for (i, cell) in text.split(',').enumerate() {
                let at = || format!("rank {rank}, cell {} '{cell}'", i + 1);
                let letters = cell.bytes().take_while(u8::is_ascii_alphabetic).count();
                let (code, count) = cell.split_at(letters);
                let n = if count.is_empty() && !code.is_empty() {
                    1
                } else {
                    match count.parse::<usize>() {
                        Ok(n) if n >= 1 && count.bytes().all(|b| b.is_ascii_digit()) => n,
                        _ => {
                            return err(format!(
                                "{}: a cell is a count of empty squares or a piece code with an optional count",
                                at()
                            ))
                        }
                    }
                };
                if n > geo.files() - col {
                    return err(format!(
                        "{}: rank {rank} has more than {} squares",
                        at(),
                        geo.files()
                    ));
                }
                if code.is_empty() {
                    col += n;
                    continue;
                }
                let colour = if code.bytes().all(|b| b.is_ascii_lowercase()) {
                    Colour::Black
                } else if code.bytes().all(|b| b.is_ascii_uppercase()) {
                    Colour::White
                } else {
                    return err(format!(
                        "{}: a code is all lower case (the side that moves first) or all upper case",
                        at()
                    ));
                };
                let upper = code.to_ascii_uppercase();
                let kind = variant.def.kind_by_code(&upper).ok_or_else(|| {
                    NotationError(format!(
                        "{}: '{code}' is not a piece of {}",
                        at(),
                        variant.def.id
                    ))
                })?;
                let piece = Piece::new(Variant::form_of(kind, false), colour);
                for _ in 0..n {
                    pos.put(geo.square(col, row), piece);
                    col += 1;
                }
            }
            if col != geo.files() {
                return err(format!(
                    "rank {rank} has {col} squares, the board has {} files",
                    geo.files()
                ));
            }
        }
        let counter: u32 = match fields[1].parse() {
            Ok(c) if c <= MAX_COUNTER && fields[1].bytes().all(|b| b.is_ascii_digit()) => c,
            _ => {
                return err(format!(
                    "move counter '{}' is not an integer from 0 to {MAX_COUNTER}",
                    fields[1]
                ))
            }
        };
        pos.set_side(if counter.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        });
        pos.set_move_number(counter + 1);
        Ok(pos)
    }

    /// The position as a TSFEN: each piece by the kind it moves as (the promoted flag and the
    /// extra field are not written), runs of equal cells merged as the site writes them.
    pub fn to_tsfen(&self) -> String {
        let v = &*self.variant;
        let geo = &v.geo;
        let mut rows = Vec::with_capacity(geo.ranks());
        for row in 0..geo.ranks() {
            let mut cells: Vec<String> = Vec::new();
            let mut last: Option<String> = None;
            let mut run = 0usize;
            let flush = |cells: &mut Vec<String>, last: &Option<String>, run: usize| match last {
                _ if run == 0 => {}
                None => cells.push(run.to_string()),
                Some(c) if run == 1 => cells.push(c.clone()),
                Some(c) => cells.push(format!("{c}{run}")),
            };
            for col in 0..geo.files() {
                let p = self.board[geo.square(col, row).index()];
                let cell = p.is_piece().then(|| {
                    let code = v.def.kinds[v.form(p).moves_as.index()].code.as_str();
                    match p.colour() {
                        Colour::Black => code.to_ascii_lowercase(),
                        Colour::White => code.to_string(),
                    }
                });
                if run > 0 && cell == last {
                    run += 1;
                } else {
                    flush(&mut cells, &last, run);
                    last = cell;
                    run = 1;
                }
            }
            flush(&mut cells, &last, run);
            rows.push(cells.join(","));
        }
        format!("{} {}", rows.join("/"), self.move_number.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atsa() -> Arc<Variant> {
        Variant::builtin("taikyoku-atsa").unwrap()
    }

    #[test]
    fn the_start_position_reads_and_writes_as_the_site_writes_it() {
        // The site's initial.tsfen, which starts its 36 ranks with White's back rank.
        let start = Position::<21>::startpos(atsa());
        let t = start.to_tsfen();
        assert!(t.starts_with("IC,WT,RR,W,FD,RME,T,BC,RH,FDM,ED,WDV,FDE,FK,RS,RIG,GLG,CP,K,GLG,"));
        assert!(t.contains("/P36/5,D,4,GB,3,D,6,D,3,GB,4,D,5/36/"));
        assert!(t.ends_with(",ic 0"));
        let back = Position::<21>::parse_tsfen(atsa(), &t).unwrap();
        assert_eq!(back.to_notation(), start.to_notation());
    }

    #[test]
    fn the_counter_gives_the_side_and_promoted_pieces_read_back_unpromoted() {
        let mut p = Position::<21>::startpos(atsa());
        let m = p.parse_move("19gg19b").unwrap();
        p.make(m);
        let t = p.to_tsfen();
        assert!(t.ends_with(" 1"), "{t}");
        let back = Position::<21>::parse_tsfen(atsa(), &t).unwrap();
        assert_eq!(back.side_to_move(), Colour::White);
        assert_eq!(back.move_number(), 2);
        // The great general that flew to 19b does not promote; a promoted piece would read
        // back as its new kind, unpromoted: the notation of the two positions agrees here.
        assert_eq!(back.to_notation(), p.to_notation());
    }

    #[test]
    fn bad_tsfens_say_what_and_where() {
        let e = |t: &str| {
            Position::<21>::parse_tsfen(atsa(), t)
                .expect_err("refused")
                .0
        };
        let empty = vec!["36"; 36].join("/");
        assert!(e(&empty).contains("2 fields"));
        assert!(e(&format!("{empty} 0 1")).contains("2 fields"));
        assert!(e(&format!("{} 0", vec!["36"; 35].join("/"))).contains("36 ranks"));
        let bad = |cell: &str| format!("{cell}/{} 0", vec!["36"; 35].join("/"));
        assert_eq!(
            e(&bad("35,Xq")),
            "rank a, cell 2 'Xq': a code is all lower case (the side that moves first) or all upper case"
        );
        assert_eq!(
            e(&bad("35,ZZZ")),
            "rank a, cell 2 'ZZZ': 'ZZZ' is not a piece of taikyoku-atsa"
        );
        assert!(e(&bad("30,p7")).contains("more than 36 squares"));
        assert!(e(&bad("35")).contains("35 squares"));
        assert!(e(&bad("0,36")).contains("cell 1 '0'"));
        assert!(e(&bad("36,")).contains("cell 2 ''"));
        assert!(e(&format!("{empty} -1")).contains("move counter '-1'"));
        assert!(e(&format!("{empty} 99999999999")).contains("move counter"));
    }
}
