//! `taikyoku show`: a position drawn as a board for a terminal.

use clap::Args;
use taikyoku_movegen::rank_letters;
use taikyoku_movegen::{with_position, AnyPosition, Colour};

use std::io::Write;

use crate::{CliError, VariantArgs};

/// Arguments of `show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// Position in notation, or `startpos`, optionally followed by `moves <move>...`.
    #[arg(long, default_value = "startpos")]
    position: String,
    /// Draw pieces by their kanji (White's marked with 'v') instead of codes.
    #[arg(long)]
    kanji: bool,
}

/// Display width of a string on a terminal (CJK characters take two columns).
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| if (c as u32) < 0x1100 { 1 } else { 2 })
        .sum()
}

/// Prints the board: file numbers on top, rank letters on the right; Black's pieces in upper
/// case (or plain kanji), White's in lower case (or kanji prefixed with 'v'); '+' marks promoted
/// pieces in code mode.
pub fn run(a: &ShowArgs) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let variant = a.variant.load().map_err(|e| e.to_string())?;
    let pos = AnyPosition::parse_with_moves(variant.clone(), &a.position)?;
    let geo = variant.geometry();
    let mut cells: Vec<Vec<String>> = Vec::new();
    with_position!(&pos, p => {
        for row in 0..geo.ranks() {
            let mut line = Vec::new();
            for col in 0..geo.files() {
                let pc = p.piece_at(geo.square(col, row));
                let cell = if !pc.is_piece() {
                    ".".to_string()
                } else if a.kanji {
                    let k = variant.kind(variant.moves_as(pc));
                    let name = k.kanji().unwrap_or(k.code()).to_string();
                    if pc.colour() == Colour::White { format!("v{name}") } else { name }
                } else {
                    variant.piece_code(pc).replace(['(', ')'], "")
                };
                line.push(cell);
            }
            cells.push(line);
        }
    });
    let w = cells
        .iter()
        .flatten()
        .map(|c| width(c))
        .max()
        .unwrap_or(1)
        .max(2)
        + 1;
    let pad = |s: &str| format!("{}{}", " ".repeat(w - width(s)), s);
    let header: String = (0..geo.files())
        .map(|col| pad(&(geo.files() - col).to_string()))
        .collect();
    writeln!(out, "{header}")?;
    for (row, line) in cells.iter().enumerate() {
        let s: String = line.iter().map(|c| pad(c)).collect();
        writeln!(out, "{s}  {}", rank_letters(row))?;
    }
    with_position!(&pos, p => {
        writeln!(out,
            "{} to move, move {} ({})",
            p.side_to_move(),
            p.move_number(),
            variant.name()
        )?;
        writeln!(out, "position {}", p.to_notation())?;
    });
    Ok(())
}
