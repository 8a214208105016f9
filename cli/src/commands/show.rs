//! `taikyoku show`: a position drawn as a board for a terminal.

use clap::Args;
use taikyoku_movegen::rank_letters;
use taikyoku_movegen::{AnyPosition, Colour};

use std::io::Write;

use super::{CliError, VariantArgs};

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
    /// Print the position as a TSFEN (the Taikyoku site's format, docs/atsa.md) instead of a
    /// board.
    #[arg(long, conflicts_with = "kanji")]
    tsfen: bool,
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
    if a.tsfen {
        writeln!(out, "{}", pos.to_tsfen())?;
        return Ok(());
    }
    let geo = variant.geometry();
    let mut cells: Vec<Vec<String>> = Vec::new();
    let codes = pos.piece_codes();
    for (pieces, codes) in pos
        .cells()
        .chunks(geo.files())
        .zip(codes.chunks(geo.files()))
    {
        let mut line = Vec::new();
        for (piece, code) in pieces.iter().zip(codes) {
            let cell = match (piece, code) {
                (Some(p), _) if a.kanji => {
                    let moves_as = variant.form_moves_as(p.kind, p.promoted).unwrap_or(p.kind);
                    let k = variant.kind(moves_as);
                    let name = k.kanji().unwrap_or(k.code()).to_string();
                    if p.colour == Colour::White {
                        format!("v{name}")
                    } else {
                        name
                    }
                }
                (_, Some(code)) => code.replace(['(', ')'], ""),
                _ => ".".to_string(),
            };
            line.push(cell);
        }
        cells.push(line);
    }
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
    writeln!(
        out,
        "{} to move, move {} ({})",
        pos.side_to_move(),
        pos.move_number(),
        variant.name()
    )?;
    writeln!(out, "position {}", pos.to_notation())?;
    Ok(())
}
