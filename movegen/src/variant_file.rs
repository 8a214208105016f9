//! Reading variant files (`docs/variant-format.md`) into a checked [`VariantDef`].
//!
//! Every error names the file, the line and the problem; a file is either accepted whole or
//! rejected.

use std::collections::HashMap;
use std::fmt;

use crate::betza::{self, Atom, AtomKind};
use crate::geometry::MAX_SIDE;

/// How promotion works in a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionRule {
    /// Compulsory at the end of a piece's first move that captures an enemy piece.
    Capture,
    /// Offered on capturing an enemy piece; compulsory when a captured piece is promoted.
    CaptureOptional,
}

/// How repeated positions are treated (by the game layer; move generation ignores history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    /// No move may recreate an earlier position with the same side to move.
    Forbidden,
    /// The fourth occurrence ends the game (a draw, or a loss for a perpetual checker).
    Fourfold,
}

/// Index of a piece kind in its variant's table.
pub type KindId = usize;

/// One row of the `[pieces]` table.
#[derive(Clone, Debug)]
pub struct KindDef {
    /// Code used in positions (1-3 upper-case letters).
    pub code: String,
    /// English name as the seed spells it.
    pub name: String,
    /// Kanji, if known.
    pub kanji: Option<String>,
    /// The kind this piece moves as once promoted.
    pub promotes: Option<KindId>,
    /// The movement as written in the file.
    pub moves_text: String,
    /// The parsed movement.
    pub atoms: Vec<Atom>,
    /// An objective piece.
    pub royal: bool,
    /// Range-capture rank (0 = none).
    pub rank: u8,
    /// On the furthest rank, may only make capturing moves.
    pub last_rank_capture_only: bool,
    /// Capturers of this piece turn into its promoted form (priority; 0 = no).
    pub converts: u8,
    /// Appears only as a promotion.
    pub promoted_only: bool,
    /// Line of the file the row came from.
    pub line: usize,
}

/// A parsed and checked variant file.
#[derive(Clone, Debug)]
pub struct VariantDef {
    /// Where the definition came from (file name or `builtin:<id>`), for messages.
    pub source: String,
    /// Command-line name (`taikyoku`, `dai-dai`, ...).
    pub id: String,
    /// Name for people.
    pub name: String,
    /// Number of files.
    pub files: usize,
    /// Number of ranks.
    pub ranks: usize,
    /// Promotion rule.
    pub promotion: PromotionRule,
    /// Repetition rule.
    pub repetition: RepetitionRule,
    /// The piece table, in file order.
    pub kinds: Vec<KindDef>,
    /// Black's setup: (column from Black's left, row from Black's back rank (0-based), kind).
    pub setup: Vec<(usize, usize, KindId)>,
}

impl VariantDef {
    /// The kind with the given code.
    pub fn kind_by_code(&self, code: &str) -> Option<KindId> {
        self.kinds.iter().position(|k| k.code == code)
    }
}

/// A problem in a variant file: which file, which line, what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// File name (or `builtin:<id>`).
    pub source: String,
    /// 1-based line number (0 when the problem is not on one line).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.source, self.line, self.message)
        } else {
            write!(f, "{}: {}", self.source, self.message)
        }
    }
}

impl std::error::Error for VariantError {}

#[derive(PartialEq, Clone, Copy)]
enum Section {
    None,
    Variant,
    Pieces,
    Setup,
}

struct RawKind {
    code: String,
    name: String,
    kanji: Option<String>,
    promotes: Option<(String, usize)>,
    moves_text: String,
    atoms: Vec<Atom>,
    royal: bool,
    rank: u8,
    last_rank_capture_only: bool,
    converts: u8,
    promoted_only: bool,
    line: usize,
}

/// Parses a variant file. `source` names it in error messages.
pub fn parse(source: &str, text: &str) -> Result<VariantDef, VariantError> {
    let err = |line: usize, message: String| VariantError {
        source: source.to_string(),
        line,
        message,
    };
    let mut section = Section::None;
    let mut keys: HashMap<String, (String, usize)> = HashMap::new();
    let mut raw: Vec<RawKind> = Vec::new();
    let mut setup_rows: Vec<(usize, Vec<String>, usize)> = Vec::new();
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
                _ => {
                    return Err(err(
                        line,
                        format!(
                            "unknown section {content} (expected [variant], [pieces] or [setup])"
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
            return Err(err(
                pline,
                format!("promotion '{other}' is not 'capture' or 'capture-optional'"),
            ))
        }
    };
    let (repetition, rline) = get("repetition")?;
    let repetition = match repetition.as_str() {
        "forbidden" => RepetitionRule::Forbidden,
        "fourfold" => RepetitionRule::Fourfold,
        other => {
            return Err(err(
                rline,
                format!("repetition '{other}' is not 'forbidden' or 'fourfold'"),
            ))
        }
    };
    if raw.is_empty() {
        return Err(err(0, "the [pieces] table is empty".into()));
    }
    // Codes.
    let mut by_code: HashMap<String, KindId> = HashMap::new();
    for (i, k) in raw.iter().enumerate() {
        if let Some(&j) = by_code.get(&k.code) {
            return Err(err(
                k.line,
                format!("code {} is already used on line {}", k.code, raw[j].line),
            ));
        }
        by_code.insert(k.code.clone(), i);
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
        kinds.push(KindDef {
            code: k.code.clone(),
            name: k.name.clone(),
            kanji: k.kanji.clone(),
            promotes,
            moves_text: k.moves_text.clone(),
            atoms: k.atoms.clone(),
            royal: k.royal,
            rank: k.rank,
            last_rank_capture_only: k.last_rank_capture_only,
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
    for (row, cells, line) in setup_rows {
        if row == 0 || row > ranks {
            return Err(err(line, format!("row {row} is not between 1 and {ranks}")));
        }
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
            if kinds[kind].promoted_only {
                return Err(err(
                    line,
                    format!("row {row}: {cell} is promoted-only and cannot be in the setup"),
                ));
            }
            setup.push((col, row - 1, kind));
        }
    }
    if !setup.iter().any(|&(_, _, k)| kinds[k].royal) {
        return Err(err(0, "the setup has no royal piece".into()));
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
    })
}

fn parse_piece_row(content: &str, line: usize) -> Result<RawKind, String> {
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
        converts: 0,
        promoted_only: false,
        line,
    };
    for flag in cols[5].split_whitespace() {
        match flag {
            "royal" => k.royal = true,
            "last-rank-capture-only" => k.last_rank_capture_only = true,
            "promoted-only" => k.promoted_only = true,
            _ => {
                if let Some(v) = flag.strip_prefix("rank=") {
                    k.rank = match v.parse::<u8>() {
                        Ok(r @ 1..=3) => r,
                        _ => return Err(format!("{code}: rank must be 1, 2 or 3, found '{v}'")),
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
    Ok(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINI: &str = "\
[variant]
id = mini
name = Mini
board = 3x3
promotion = capture
repetition = fourfold

[pieces]
K | King | 玉将 | - | K | royal
P | Pawn | 歩兵 | G | fW | last-rank-capture-only
G | Gold general | - | - | WfF |

[setup]
2: . P .
1: . K .   # comment
";

    #[test]
    fn parses_a_small_file() {
        let v = parse("mini.var", MINI).unwrap();
        assert_eq!(v.id, "mini");
        assert_eq!((v.files, v.ranks), (3, 3));
        assert_eq!(v.kinds.len(), 3);
        assert_eq!(v.kinds[1].promotes, Some(2));
        assert!(v.kinds[1].last_rank_capture_only);
        assert_eq!(v.setup.len(), 2);
        assert!(v.setup.contains(&(1, 1, 1)));
    }

    fn broken(from: &str, to: &str) -> VariantError {
        parse("mini.var", &MINI.replace(from, to)).unwrap_err()
    }

    #[test]
    fn errors_name_file_line_and_problem() {
        let e = broken("fW |", "fX |");
        assert_eq!(e.line, 10);
        assert!(e.to_string().starts_with("mini.var:10: P: movement"), "{e}");
        let e = broken("| G | fW", "| Z | fW");
        assert!(e.message.contains("promotes to Z"), "{e}");
        let e = broken("2: . P .", "2: . P");
        assert!(e.message.contains("2 cells"), "{e}");
        let e = broken("2: . P .", "2: . Y .");
        assert!(e.message.contains("unknown piece code 'Y'"), "{e}");
        let e = broken("board = 3x3", "board = 3x40");
        assert_eq!(e.line, 4);
        let e = broken("G | Gold", "K | Gold");
        assert!(e.message.contains("already used on line 9"), "{e}");
        let e = broken("royal", "");
        assert!(e.message.contains("no royal"), "{e}");
        let e = broken("last-rank-capture-only", "sticky");
        assert!(e.message.contains("unknown flag 'sticky'"), "{e}");
        let e = broken("[setup]", "[start]");
        assert!(e.message.contains("unknown section"), "{e}");
        let e = broken("promotion = capture", "promotion = zone");
        assert!(e.message.contains("promotion 'zone'"), "{e}");
        let e = broken("repetition = fourfold\n", "");
        assert!(e.message.contains("missing the key 'repetition'"), "{e}");
        let e = broken(
            "K | King | 玉将 | - | K | royal",
            "K | King | - | K | royal",
        );
        assert!(e.message.contains("6 columns"), "{e}");
        let e = broken("2: . P .", "2: . P .\n2: . P .");
        assert!(e.message.contains("already given"), "{e}");
    }
}
