//! Piece codes: the GUI's code of each of our pieces and back, built from a [`tables`] table
//! and the variant, and the board grids that positions are converted through.
//!
//! [`tables`]: super::tables

use std::collections::HashMap;
use std::sync::Arc;

use taikyoku_movegen::KindId;
use taikyoku_movegen::{AnyPosition, Colour, PromotionRule, Variant};

use super::tables::{Entry, Role};

/// One square of a board being converted: empty, or a piece (kind, promoted, colour).
pub(crate) type Cell = Option<(KindId, bool, Colour)>;

/// The two directions of a code table, resolved against a variant.
#[derive(Debug, Default)]
pub(crate) struct CodeMap {
    /// GUI code (first player's case) to our piece.
    read: HashMap<String, (KindId, bool)>,
    /// Our piece to the GUI code (first player's case).
    write: HashMap<(KindId, bool), String>,
}

/// Our piece named by an entry's `ours` (`LN`, `+BM`), if the variant has that form.
fn resolve(variant: &Variant, ours: &str) -> Option<(KindId, bool)> {
    let (promoted, code) = match ours.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, ours),
    };
    let kind = variant.kind_by_code(code)?;
    variant
        .form_moves_as(kind, promoted)
        .map(|_| (kind, promoted))
}

impl CodeMap {
    /// Resolves `table` against `variant`. Reading gives precedence, in order, to unpromoted
    /// codes, to `+<unpromoted code>` ("that piece, promoted", as QBoard's parser reads it), to
    /// QBoard's own codes for promoted pieces, then to aliases; writing uses the unpromoted code,
    /// QBoard's own promoted code when it reads back as the same piece, else `+<code>`.
    pub(crate) fn new(variant: &Variant, table: &[Entry]) -> CodeMap {
        let mut map = CodeMap::default();
        let resolved: Vec<(&Entry, (KindId, bool))> = table
            .iter()
            .filter_map(|e| resolve(variant, e.ours).map(|p| (e, p)))
            .collect();
        let promotable = |kind: KindId| variant.form_moves_as(kind, true).is_some();
        for (e, p) in &resolved {
            if e.role == Role::Base {
                map.read.entry(e.code.to_string()).or_insert(*p);
                map.write.entry(*p).or_insert_with(|| e.code.to_string());
            }
        }
        for (e, (kind, _)) in &resolved {
            if e.role == Role::Base && promotable(*kind) {
                map.read
                    .entry(format!("+{}", e.code))
                    .or_insert((*kind, true));
            }
        }
        for role in [Role::Promoted, Role::Alias] {
            for (e, p) in &resolved {
                if e.role == role {
                    map.read.entry(e.code.to_string()).or_insert(*p);
                }
            }
        }
        for (e, p) in &resolved {
            if e.role == Role::Promoted && map.read.get(e.code) == Some(p) {
                map.write.entry(*p).or_insert_with(|| e.code.to_string());
            }
        }
        for (e, (kind, _)) in &resolved {
            if e.role == Role::Base && promotable(*kind) {
                map.write
                    .entry((*kind, true))
                    .or_insert_with(|| format!("+{}", e.code));
            }
        }
        map
    }

    /// Our piece for a GUI code written in the first player's case (`C~`, `+M!`).
    pub(crate) fn read(&self, code: &str) -> Option<(KindId, bool)> {
        self.read.get(code).copied()
    }

    /// The GUI code of our piece, in the first player's case. A piece the GUI has no code for
    /// (only a promoted-only kind standing unpromoted, which play never produces) is written as
    /// a piece that moves the same, or failing that as our own code in parentheses.
    pub(crate) fn write(&self, variant: &Variant, kind: KindId, promoted: bool) -> String {
        if let Some(c) = self.write.get(&(kind, promoted)) {
            return c.clone();
        }
        let moves_as = variant.form_moves_as(kind, promoted);
        let mut same: Vec<(&(KindId, bool), &String)> = self
            .write
            .iter()
            .filter(|((k, p), _)| variant.form_moves_as(*k, *p) == moves_as)
            .collect();
        same.sort();
        match same.first() {
            Some((_, c)) => (*c).clone(),
            None => {
                let code = if kind.index() < variant.kind_count() {
                    variant.kind(kind).code()
                } else {
                    "?"
                };
                format!("{}({code})", if promoted { "+" } else { "" })
            }
        }
    }

    /// Whether any code carries a suffix character (`'`, `!`, `~`, `` ` ``).
    pub(crate) fn has_suffixes(&self) -> bool {
        self.read.keys().any(|c| c.chars().any(is_suffix))
    }
}

/// The characters QBoard puts after a code's letter.
pub(crate) fn is_suffix(c: char) -> bool {
    matches!(c, '\'' | '!' | '~' | '`')
}

/// The board of a position, square by square in reading order (row 0 = the top, `col` 0 = the
/// first player's left).
pub(crate) fn grid_of(pos: &AnyPosition) -> Vec<Cell> {
    pos.cells()
        .into_iter()
        .map(|c| c.map(|p| (p.kind, p.promoted, p.colour)))
        .collect()
}

/// Builds a position of `variant` from a grid (reading order), the side to move and our extra
/// field, through our position notation (so every check of the notation applies).
pub(crate) fn position_from_grid(
    variant: &Arc<Variant>,
    grid: &[Cell],
    side: Colour,
    extra: &str,
) -> Result<AnyPosition, String> {
    let geo = variant.geometry();
    let (w, h) = (geo.files(), geo.ranks());
    if grid.len() != w * h {
        return Err(format!(
            "the board has {} squares, the variant {}",
            grid.len(),
            w * h
        ));
    }
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
                    let code = if kind.index() < variant.kind_count() {
                        variant.kind(*kind).code()
                    } else {
                        "?"
                    };
                    let code = match colour {
                        Colour::Black => code.to_ascii_uppercase(),
                        Colour::White => code.to_ascii_lowercase(),
                    };
                    if *promoted {
                        s.push('+');
                    }
                    if code.len() == 1 {
                        s.push_str(&code);
                    } else {
                        s.push('(');
                        s.push_str(&code);
                        s.push(')');
                    }
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
    }
    let text = format!("{s} {} {extra} 1", side.letter());
    AnyPosition::parse(variant.clone(), &text).map_err(|e| e.to_string())
}

/// Ko shogi's extra field (which guards have entered the zone), which the GUIs do not carry:
/// inferred from the board as "a guard (either side up) standing in its side's zone has entered
/// it". Other variants: `-`.
pub(crate) fn infer_extra(variant: &Variant, grid: &[Cell]) -> String {
    let PromotionRule::Zone(zone) = variant.promotion() else {
        return "-".to_string();
    };
    let (w, h) = (variant.geometry().files(), variant.geometry().ranks());
    let zone = (zone as usize).min(h);
    let mut s = String::new();
    for colour in [Colour::Black, Colour::White] {
        let rows = match colour {
            Colour::Black => 0..zone,
            Colour::White => h - zone..h,
        };
        for &letter in variant.zone_entry_letters() {
            let entered = rows.clone().any(|row| {
                grid[row * w..(row + 1) * w].iter().any(|cell| {
                    matches!(cell, Some((k, _, c)) if *c == colour
                        && variant.zone_entry_letter(*k) == Some(letter))
                })
            });
            if entered {
                s.push(match colour {
                    Colour::Black => letter.to_ascii_uppercase(),
                    Colour::White => letter.to_ascii_lowercase(),
                });
            }
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
