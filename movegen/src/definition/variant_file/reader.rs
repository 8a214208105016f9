//! The variant file reader: splits the text into its sections, reads `[variant]` and
//! `[setup]`, hands `[pieces]` rows to [`pieces`](super::pieces) and `[rules]` lines to
//! [`rules`](super::rules), then checks the whole (codes, promotions, the setup's rows and
//! camps, a royal piece), naming the file and line of every error.

use std::collections::HashMap;

use crate::board::geometry::MAX_SIDE;
use crate::definition::betza::AtomKind;

use super::kind::{KindDef, KindId, MAX_KINDS};
use super::pieces::{parse_piece_row, RawKind};
use super::rules::parse_rules;
use super::variant_def::{PromotionRule, RepetitionRule, VariantDef, VariantError};

/// The section a line belongs to.
#[derive(PartialEq, Clone, Copy)]
enum Section {
    None,
    Variant,
    Pieces,
    Setup,
    Rules,
}

/// Parses a variant file. `source` names it in error messages.
pub(crate) fn parse(source: &str, text: &str) -> Result<VariantDef, VariantError> {
    let err = |line: usize, message: String| VariantError {
        source: source.to_string(),
        line,
        message,
    };
    let mut section = Section::None;
    let mut keys: HashMap<String, (String, usize)> = HashMap::new();
    let mut raw: Vec<RawKind> = Vec::new();
    let mut setup_rows: Vec<(usize, Vec<String>, usize)> = Vec::new();
    let mut rule_lines: Vec<(String, String, usize)> = Vec::new();
    for (n, full) in text.lines().enumerate() {
        let line = n + 1;
        let content = full.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        if content.starts_with('[') {
            section = match content {
                "[variant]" => Section::Variant,
                "[pieces]" => Section::Pieces,
                "[setup]" => Section::Setup,
                "[rules]" => Section::Rules,
                _ => {
                    return Err(err(
                        line,
                        format!(
                            "unknown section {content} (expected [variant], [pieces], [rules] or [setup])"
                        ),
                    ))
                }
            };
            continue;
        }
        match section {
            Section::None => {
                return Err(err(line, "text before the first section header".into()));
            }
            Section::Variant => {
                let (k, v) = content.split_once('=').ok_or_else(|| {
                    err(line, format!("expected 'key = value', found '{content}'"))
                })?;
                let (k, v) = (k.trim().to_string(), v.trim().to_string());
                if !["id", "name", "board", "promotion", "repetition"].contains(&k.as_str()) {
                    return Err(err(line, format!("unknown key '{k}'")));
                }
                if v.is_empty() {
                    return Err(err(line, format!("key '{k}' has no value")));
                }
                if keys.insert(k.clone(), (v, line)).is_some() {
                    return Err(err(line, format!("key '{k}' given twice")));
                }
            }
            Section::Pieces => raw.push(parse_piece_row(content, line).map_err(|m| err(line, m))?),
            Section::Rules => {
                let (k, v) = content.split_once('=').ok_or_else(|| {
                    err(line, format!("expected 'key = value', found '{content}'"))
                })?;
                rule_lines.push((k.trim().to_string(), v.trim().to_string(), line));
            }
            Section::Setup => {
                let (row, cells) = content.split_once(':').ok_or_else(|| {
                    err(
                        line,
                        format!("expected '<row>: <cells>', found '{content}'"),
                    )
                })?;
                let row: usize = row
                    .trim()
                    .parse()
                    .map_err(|_| err(line, format!("'{}' is not a row number", row.trim())))?;
                let cells: Vec<String> = cells.split_whitespace().map(str::to_string).collect();
                setup_rows.push((row, cells, line));
            }
        }
    }
    let get = |k: &str| -> Result<(String, usize), VariantError> {
        keys.get(k)
            .cloned()
            .ok_or_else(|| err(0, format!("[variant] is missing the key '{k}'")))
    };
    let (id, id_line) = get("id")?;
    if !id
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(err(
            id_line,
            format!("id '{id}' may only use a-z, 0-9 and '-'"),
        ));
    }
    let (name, _) = get("name")?;
    let (board, board_line) = get("board")?;
    let (files, ranks) = board
        .split_once('x')
        .and_then(|(a, b)| {
            Some((
                a.trim().parse::<usize>().ok()?,
                b.trim().parse::<usize>().ok()?,
            ))
        })
        .ok_or_else(|| {
            err(
                board_line,
                format!("board '{board}' is not '<files>x<ranks>'"),
            )
        })?;
    if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
        return Err(err(
            board_line,
            format!("board {files}x{ranks} is outside 1..={MAX_SIDE}"),
        ));
    }
    let (promotion, pline) = get("promotion")?;
    let promotion = match promotion.as_str() {
        "capture" => PromotionRule::Capture,
        "capture-optional" => PromotionRule::CaptureOptional,
        other => {
            let (rule, n): (fn(u8) -> PromotionRule, &str) =
                if let Some(n) = other.strip_prefix("zone-entry") {
                    (PromotionRule::Entry, n)
                } else if let Some(n) = other.strip_prefix("zone-compulsory") {
                    (PromotionRule::ZoneCompulsory, n)
                } else {
                    (
                        PromotionRule::Zone,
                        other.strip_prefix("zone").unwrap_or("x"),
                    )
                };
            match n.trim().parse::<u64>() {
                Ok(n) if n >= 1 && n < ranks as u64 => rule(n as u8),
                Ok(n) if n >= ranks as u64 => {
                    return Err(err(
                        pline,
                        format!(
                            "promotion zone of {n} ranks is deeper than the board allows: the zone must leave at least one rank of the board's {ranks} outside it (at most {})",
                            ranks - 1
                        ),
                    ))
                }
                _ => {
                    return Err(err(
                        pline,
                        format!(
                            "promotion '{other}' is not 'capture', 'capture-optional', 'zone <ranks>', 'zone-entry <ranks>' or 'zone-compulsory <ranks>'"
                        ),
                    ))
                }
            }
        }
    };
    let (repetition, rline) = get("repetition")?;
    let repetition = match repetition.as_str() {
        "forbidden" => RepetitionRule::Forbidden,
        "fourfold" => RepetitionRule::Fourfold,
        "fivefold" => RepetitionRule::Fivefold,
        other => {
            return Err(err(
                rline,
                format!("repetition '{other}' is not 'forbidden', 'fourfold' or 'fivefold'"),
            ))
        }
    };
    if raw.is_empty() {
        return Err(err(0, "the [pieces] table is empty".into()));
    }
    if raw.len() > MAX_KINDS {
        return Err(err(
            raw[MAX_KINDS].line,
            format!("the [pieces] table has more than {MAX_KINDS} kinds"),
        ));
    }
    // Codes.
    let mut by_code: HashMap<String, KindId> = HashMap::new();
    for (i, k) in raw.iter().enumerate() {
        if let Some(&j) = by_code.get(&k.code) {
            return Err(err(
                k.line,
                format!(
                    "code {} is already used on line {}",
                    k.code,
                    raw[j.index()].line
                ),
            ));
        }
        by_code.insert(k.code.clone(), KindId::new(i));
    }
    let mut kinds = Vec::with_capacity(raw.len());
    for k in &raw {
        let promotes = match &k.promotes {
            None => None,
            Some((code, line)) => Some(*by_code.get(code).ok_or_else(|| {
                err(
                    *line,
                    format!("{} promotes to {code}, which is not in the table", k.code),
                )
            })?),
        };
        let mut capture_immune = Vec::new();
        for (code, line) in &k.capture_immune {
            capture_immune.push(*by_code.get(code).ok_or_else(|| {
                err(
                    *line,
                    format!(
                        "{}: capture-immune names {code}, which is not in the table",
                        k.code
                    ),
                )
            })?);
        }
        kinds.push(KindDef {
            shot_immune: k.shot_immune,
            shot_min: k.shot_min,
            capture_immune,
            code: k.code.clone(),
            name: k.name.clone(),
            kanji: k.kanji.clone(),
            promotes,
            moves_text: k.moves_text.clone(),
            atoms: k.atoms.clone(),
            royal: k.royal,
            rank: k.rank,
            last_rank_capture_only: k.last_rank_capture_only,
            lion: k.lion,
            value: k.value,
            worthless: k.worthless,
            last_rank_promotes: k.last_rank_promotes,
            must_promote_where_immobile: k.must_promote_where_immobile,
            must_promote: k.must_promote,
            converts: k.converts,
            promoted_only: k.promoted_only,
            line: k.line,
        });
    }
    for k in &kinds {
        if k.converts > 0 && k.promotes.is_none() {
            return Err(err(
                k.line,
                format!(
                    "{} has converts= but no promoted form to convert into",
                    k.code
                ),
            ));
        }
        let has = |f: fn(&AtomKind) -> bool| k.atoms.iter().any(|a| f(&a.kind));
        if has(|a| matches!(a, AtomKind::RangeCapture)) && k.rank == 0 {
            return Err(err(
                k.line,
                format!("{} has a range capture ('x') but no rank= flag", k.code),
            ));
        }
    }
    // Setup.
    if setup_rows.is_empty() {
        return Err(err(0, "the [setup] section is empty".into()));
    }
    let mut setup = Vec::new();
    let mut seen_rows: HashMap<usize, usize> = HashMap::new();
    let mut setup_lines: HashMap<usize, usize> = HashMap::new();
    for (row, cells, line) in setup_rows {
        if row == 0 || row > ranks {
            return Err(err(line, format!("row {row} is not between 1 and {ranks}")));
        }
        setup_lines.insert(row, line);
        if let Some(prev) = seen_rows.insert(row, line) {
            return Err(err(
                line,
                format!("row {row} is already given on line {prev}"),
            ));
        }
        if cells.len() != files {
            return Err(err(
                line,
                format!(
                    "row {row} has {} cells, the board has {files} files",
                    cells.len()
                ),
            ));
        }
        for (col, cell) in cells.iter().enumerate() {
            if cell == "." {
                continue;
            }
            let kind = *by_code.get(cell.as_str()).ok_or_else(|| {
                err(
                    line,
                    format!("row {row}, cell {}: unknown piece code '{cell}'", col + 1),
                )
            })?;
            if kinds[kind.index()].promoted_only {
                return Err(err(
                    line,
                    format!("row {row}: {cell} is promoted-only and cannot be in the setup"),
                ));
            }
            setup.push((col, row - 1, kind));
        }
    }
    // White's camp is Black's rotated 180 degrees: on a board too short for both, a square
    // would hold two pieces.
    let black: std::collections::HashSet<(usize, usize)> =
        setup.iter().map(|&(c, r, _)| (c, r)).collect();
    if let Some(&(c, r, _)) = setup
        .iter()
        .find(|&&(c, r, _)| black.contains(&(files - 1 - c, ranks - 1 - r)))
    {
        let line = setup_lines.get(&(r + 1)).copied().unwrap_or(0);
        return Err(err(
            line,
            format!(
                "row {}, cell {}: White's camp (Black's turned 180 degrees) has a piece on the same square: the camps overlap on a board of {ranks} ranks",
                r + 1,
                c + 1
            ),
        ));
    }
    if !setup.iter().any(|&(_, _, k)| kinds[k.index()].royal) {
        return Err(err(0, "the setup has no royal piece".into()));
    }
    let rules = parse_rules(&rule_lines, &by_code, &kinds).map_err(|(l, m)| err(l, m))?;
    for (_, needed) in &rules.zone_promotion_needs {
        for k in needed {
            if !rules.zone_letters.iter().any(|(z, _)| z == k) {
                return Err(err(
                    0,
                    format!(
                        "[rules]: {} is in zone-promotion-needs but has no zone-entry-letters letter",
                        kinds[k.index()].code
                    ),
                ));
            }
        }
    }
    if rules.zone_letters.len() > 4 {
        return Err(err(0, "[rules]: at most four zone-entry-letters".into()));
    }
    Ok(VariantDef {
        source: source.to_string(),
        id,
        name,
        files,
        ranks,
        promotion,
        repetition,
        kinds,
        setup,
        rules,
    })
}
