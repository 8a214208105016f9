//! Diagnostics of the reference generator (`tests/src/reference/`): timings and move listings
//! that help when writing or debugging it. They print and check nothing, so they are not tests.
//!
//! ```sh
//! cargo run --release -p taikyoku-tests --example reference_diagnostics -- <what>
//! ```
//!
//! `<what>` is one of:
//! - `perft`: perft(1) and perft(2) of the Taikyoku, Dai dai and Maka dai dai start positions,
//!   with their times;
//! - `perft3`: perft(3) of the same, with the times and the rayon thread count;
//! - `playouts`: seeded random playouts of the same (600, 400, 400 plies): mean and worst
//!   generation time, the most moves, the positions with an emperor;
//! - `emperor`: the time to generate the moves of a Maka dai dai position in which both sides
//!   have an emperor, Black's in the middle of the board;
//! - `start-moves`, `ko-start-moves`: the moves of every piece of the Taikyoku (Ko) start
//!   position;
//! - `ko-perft`: perft(1) to perft(3) of Ko's start position, with the times;
//! - `ko-replies`: for each of Black's first moves in Ko, White's number of replies where it is
//!   not 226.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use taikyoku_tests::kit::{self, Lcg};
use taikyoku_tests::reference::{RefPosition, RefPromotion};

/// The board field of a position as a grid of piece tokens (`K`, `+(fl)`), row 0 = rank a.
fn grid(notation: &str) -> Vec<Vec<Option<String>>> {
    let board = notation.split_whitespace().next().unwrap();
    board
        .split('/')
        .map(|rank| {
            let chars: Vec<char> = rank.chars().collect();
            let mut row = Vec::new();
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_ascii_digit() {
                    let start = i;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                    let n: usize = chars[start..i].iter().collect::<String>().parse().unwrap();
                    row.extend(std::iter::repeat_n(None, n));
                    continue;
                }
                let start = i;
                if chars[i] == '+' {
                    i += 1;
                }
                if chars[i] == '(' {
                    while chars[i] != ')' {
                        i += 1;
                    }
                }
                i += 1;
                row.push(Some(chars[start..i].iter().collect()));
            }
            row
        })
        .collect()
}

/// The code (without `+` and parentheses, upper case) of the piece on `square`.
fn code_at(grid: &[Vec<Option<String>>], square: &str) -> String {
    let (col, row) = kit::coords(square, grid[0].len());
    grid[row][col]
        .as_deref()
        .unwrap_or_else(|| panic!("no piece on {square}"))
        .trim_start_matches('+')
        .trim_matches(|c| c == '(' || c == ')')
        .to_uppercase()
}

fn perft() {
    for v in ["taikyoku", "dai-dai", "maka-dai-dai"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let t = Instant::now();
        let m = p.moves();
        let el = t.elapsed();
        let t2 = Instant::now();
        let p2 = p.perft(2);
        println!(
            "{v}: perft1 {} ({el:?}) perft2 {p2} ({:?})",
            m.len(),
            t2.elapsed()
        );
    }
}

fn perft3() {
    println!("rayon threads {}", rayon::current_num_threads());
    for v in ["taikyoku", "dai-dai", "maka-dai-dai"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let t = Instant::now();
        let p3 = p.perft(3);
        println!("{v}: perft3 {p3} ({:?})", t.elapsed());
    }
}

fn playouts() {
    for (v, plies) in [("taikyoku", 600), ("dai-dai", 400), ("maka-dai-dai", 400)] {
        let mut rng = Lcg(777);
        let mut p = RefPosition::parse(v, "startpos").unwrap();
        let mut worst = Duration::ZERO;
        let mut total = Duration::ZERO;
        let mut count = 0;
        let mut max_moves = 0;
        let mut emperor_positions = 0;
        for _ in 0..plies {
            let t = Instant::now();
            let ms = p.moves();
            let el = t.elapsed();
            worst = worst.max(el);
            total += el;
            count += 1;
            max_moves = max_moves.max(ms.len());
            if p.has_emperor() {
                emperor_positions += 1;
            }
            if ms.is_empty() {
                break;
            }
            let m = ms[rng.next(ms.len())].clone();
            p = p.play(&m);
        }
        println!(
            "{v}: {count} positions, mean {:?}, worst {worst:?}, max moves {max_moves}, emperor positions {emperor_positions}",
            total / count as u32
        );
    }
}

fn emperor() {
    // Both kings promoted: both sides have an emperor (the strict rule), and Black's emperor
    // lifted out to the middle of the board (row 9, column 9: 10j).
    let start = RefPosition::parse("maka-dai-dai", "startpos")
        .unwrap()
        .to_notation();
    let mut cells = grid(&start);
    let mut placed = Vec::new();
    for (row, rank) in cells.iter_mut().enumerate() {
        for (col, cell) in rank.iter_mut().enumerate() {
            match cell.as_deref() {
                Some("K") => *cell = None,
                Some("k") => placed.push((col, row, "+k".to_string())),
                Some(t) => placed.push((col, row, t.to_string())),
                None => {}
            }
        }
    }
    placed.push((9, 9, "+K".to_string()));
    let board = kit::board_from_cells(19, 19, placed.iter().map(|(c, r, t)| (*c, *r, t.as_str())));
    let p = RefPosition::parse("maka-dai-dai", &format!("{board} b - 1")).unwrap();
    let t = Instant::now();
    let ms = p.moves();
    println!(
        "{} moves in {:?}: {}",
        ms.len(),
        t.elapsed(),
        p.to_notation()
    );
}

fn start_moves(variant: &str) {
    let p = RefPosition::parse(variant, "startpos").unwrap();
    let cells = grid(&p.to_notation());
    if variant == "ko" {
        println!("{}", p.to_notation());
    }
    let mut by: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in p.moves() {
        let code = code_at(&cells, &m.from);
        by.entry(format!("{code}@{}", m.from))
            .or_default()
            .push(format!(
                "{}{}{:?}{}",
                m.to,
                if m.captured.is_empty() { "" } else { "x" },
                m.captured,
                match m.promotion {
                    RefPromotion::Promote => "+",
                    RefPromotion::Decline => "=",
                    RefPromotion::None => "",
                }
            ));
    }
    for (k, v) in by {
        println!("{k} ({}): {}", v.len(), v.join(" "));
    }
    if variant == "ko" {
        println!("perft1 {}", p.perft(1));
    }
}

fn ko_perft() {
    println!("rayon threads {}", rayon::current_num_threads());
    let p = RefPosition::parse("ko", "startpos").unwrap();
    for depth in 1..=3 {
        let t = Instant::now();
        let c = p.perft(depth);
        println!("ko: perft{depth} {c} ({:?})", t.elapsed());
    }
}

fn ko_replies() {
    let p = RefPosition::parse("ko", "startpos").unwrap();
    let mut total = 0i64;
    for m in p.moves() {
        let n = p.play(&m).moves().len() as i64;
        if n != 226 {
            println!("{m:?}: {n} ({:+})", n - 226);
        }
        total += n - 226;
    }
    println!("sum of differences {total}");
}

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    match what.as_str() {
        "perft" => perft(),
        "perft3" => perft3(),
        "playouts" => playouts(),
        "emperor" => emperor(),
        "start-moves" => start_moves("taikyoku"),
        "ko-start-moves" => start_moves("ko"),
        "ko-perft" => ko_perft(),
        "ko-replies" => ko_replies(),
        _ => {
            eprintln!(
                "usage: reference_diagnostics perft|perft3|playouts|emperor|start-moves|ko-start-moves|ko-perft|ko-replies"
            );
            std::process::exit(2);
        }
    }
}
