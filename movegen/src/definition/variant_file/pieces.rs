//! One row of the `[pieces]` table read into a [`RawKind`]: its six columns, its movement
//! (parsed by [`betza`]) and its flags, checked on their own. Codes naming other kinds
//! (`promotes`, `capture-immune=`) stay text here; the reader resolves them once the whole
//! table is known.

use crate::definition::betza::{self, Atom};

/// A `[pieces]` row as written: a [`KindDef`](super::kind::KindDef) whose references to other
/// kinds are still codes, each with the line it came from.
pub(super) struct RawKind {
    pub(super) code: String,
    pub(super) name: String,
    pub(super) kanji: Option<String>,
    pub(super) promotes: Option<(String, usize)>,
    pub(super) moves_text: String,
    pub(super) atoms: Vec<Atom>,
    pub(super) royal: bool,
    pub(super) rank: u8,
    pub(super) last_rank_capture_only: bool,
    pub(super) lion: bool,
    pub(super) value: Option<u32>,
    pub(super) worthless: bool,
    pub(super) last_rank_promotes: bool,
    pub(super) must_promote_where_immobile: bool,
    pub(super) must_promote: bool,
    pub(super) converts: u8,
    pub(super) promoted_only: bool,
    pub(super) shot_immune: u8,
    pub(super) shot_min: u8,
    pub(super) capture_immune: Vec<(String, usize)>,
    pub(super) line: usize,
}

/// Reads one `[pieces]` row (the text without its comment) found on `line`; the error is
/// the message without the file and line, which the caller adds.
pub(super) fn parse_piece_row(content: &str, line: usize) -> Result<RawKind, String> {
    let cols: Vec<&str> = content.split('|').map(str::trim).collect();
    if cols.len() != 6 {
        return Err(format!(
            "a piece row has 6 columns (code | name | kanji | promotes | moves | flags), found {}",
            cols.len()
        ));
    }
    let code = cols[0];
    if code.is_empty() || code.len() > 3 || !code.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(format!("code '{code}' is not 1-3 upper-case letters"));
    }
    if cols[1].is_empty() {
        return Err(format!("{code} has no name"));
    }
    let kanji = match cols[2] {
        "" | "-" => None,
        k => Some(k.to_string()),
    };
    let promotes = match cols[3] {
        "-" => None,
        "" => {
            return Err(format!(
                "{code}: the promotes column is empty (write '-' for none)"
            ))
        }
        p => Some((p.to_string(), line)),
    };
    let atoms = betza::parse(cols[4]).map_err(|e| format!("{code}: movement {e}"))?;
    let mut k = RawKind {
        code: code.to_string(),
        name: cols[1].to_string(),
        kanji,
        promotes,
        moves_text: cols[4].to_string(),
        atoms,
        royal: false,
        rank: 0,
        last_rank_capture_only: false,
        lion: false,
        value: None,
        worthless: false,
        last_rank_promotes: false,
        must_promote_where_immobile: false,
        must_promote: false,
        converts: 0,
        promoted_only: false,
        shot_immune: 0,
        shot_min: 0,
        capture_immune: Vec::new(),
        line,
    };
    for flag in cols[5].split_whitespace() {
        if let Some(v) = flag.strip_prefix("shot-immune=") {
            for c in v.split(',') {
                k.shot_immune |= match c {
                    "bow" => 1,
                    "cannon" => 2,
                    "gatling" => 4,
                    "gun" => 2 | 4,
                    "adjacent" => 8,
                    _ => {
                        return Err(format!(
                            "{code}: shot-immune '{c}' is not bow, cannon, gatling, gun or adjacent"
                        ))
                    }
                };
            }
            continue;
        }
        if let Some(v) = flag.strip_prefix("shot-min=") {
            k.shot_min = match v.parse::<u8>() {
                Ok(n @ 1..=36) => n,
                _ => return Err(format!("{code}: shot-min must be 1..=36, found '{v}'")),
            };
            continue;
        }
        if let Some(v) = flag.strip_prefix("capture-immune=") {
            for c in v.split(',') {
                k.capture_immune.push((c.to_string(), line));
            }
            continue;
        }
        match flag {
            "royal" => k.royal = true,
            "last-rank-capture-only" => k.last_rank_capture_only = true,
            "lion" => k.lion = true,
            "worthless" => k.worthless = true,
            "last-rank-promotes" => k.last_rank_promotes = true,
            "must-promote-where-immobile" => k.must_promote_where_immobile = true,
            "must-promote" => k.must_promote = true,
            "promoted-only" => k.promoted_only = true,
            _ => {
                if let Some(v) = flag.strip_prefix("rank=") {
                    k.rank = match v.parse::<u8>() {
                        Ok(r @ 1..=3) => r,
                        _ => return Err(format!("{code}: rank must be 1, 2 or 3, found '{v}'")),
                    };
                } else if let Some(v) = flag.strip_prefix("value=") {
                    k.value = match v.parse::<u32>() {
                        Ok(n @ 1..=100_000) => Some(n),
                        _ => return Err(format!("{code}: value must be 1..=100000, found '{v}'")),
                    };
                } else if let Some(v) = flag.strip_prefix("converts=") {
                    k.converts = match v.parse::<u8>() {
                        Ok(r @ 1..=9) => r,
                        _ => return Err(format!("{code}: converts must be 1..=9, found '{v}'")),
                    };
                } else {
                    return Err(format!("{code}: unknown flag '{flag}'"));
                }
            }
        }
    }
    if k.promoted_only && k.promotes.is_some() {
        return Err(format!("{code} is promoted-only but promotes itself"));
    }
    for (flag, set) in [
        ("must-promote-where-immobile", k.must_promote_where_immobile),
        ("must-promote", k.must_promote),
    ] {
        if set && k.promotes.is_none() {
            return Err(format!(
                "{code} has {flag} but no promotion (its promotes column is '-')"
            ));
        }
    }
    Ok(k)
}
