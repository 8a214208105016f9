//! Reading variant files (`docs/variant-format.md`) into a checked [`VariantDef`].
//!
//! Every error names the file, the line and the problem; a file is either accepted whole or
//! rejected.

use std::collections::HashMap;
use std::fmt;

use crate::board::geometry::MAX_SIDE;
use crate::definition::betza::{self, Atom, AtomKind};

/// How promotion works in a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionRule {
    /// Compulsory at the end of a piece's first move that captures an enemy piece.
    Capture,
    /// Offered on capturing an enemy piece; compulsory when a captured piece is promoted.
    CaptureOptional,
    /// Offered on moves into, within or out of the far `n` ranks, plus the special promotions
    /// of the `[rules]` section (Ko shogi).
    Zone(u8),
    /// Chu shogi's rule (lishogi): offered when a move enters the far `n` ranks, when a
    /// capturing move starts or ends in them, and when a `last-rank-promotes` piece reaches the
    /// last rank; never compulsory.
    Entry(u8),
    /// Compulsory and automatic (modern Taikyoku, the Taikyoku site's reading): an unpromoted
    /// piece that can promote does so when its move ends in the far `n` ranks or stops there
    /// between legs (a lion's or a pass's first step); the square it starts from does not
    /// count.
    ZoneCompulsory(u8),
}

/// How repeated positions are treated (by the game layer; move generation ignores history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    /// No move may recreate an earlier position with the same side to move.
    Forbidden,
    /// The fourth occurrence ends the game (a draw, or a loss for a perpetual checker).
    Fourfold,
    /// The fifth occurrence ends the game in a draw, whoever checked (tomatene's rule for
    /// modern Taikyoku, which has no check rule).
    Fivefold,
}

/// A piece kind of a variant: its index in the variant's `[pieces]` table.
///
/// Only the variant makes one (from its file, [`Variant::kind_by_code`](crate::Variant::kind_by_code),
/// [`Variant::kind_ids`](crate::Variant::kind_ids), ...), so a `KindId` is never a square, a form
/// or a piece code by mistake. Tables indexed by kind use [`KindId::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(u16);

/// The most kinds a piece table may have: a [`Piece`](crate::Piece) (16 bits) numbers two
/// forms of each kind in two colours after the empty and off-board cells.
pub(crate) const MAX_KINDS: usize = (u16::MAX as usize - 2) / 4;

impl KindId {
    /// The kind at `index` of the piece table (at most [`MAX_KINDS`] rows, which the file
    /// reader checks).
    #[inline]
    pub(crate) const fn new(index: usize) -> KindId {
        debug_assert!(index <= MAX_KINDS);
        KindId(index as u16)
    }

    /// The kind's index in the piece table (`0..Variant::kind_count()`), for tables indexed by
    /// kind.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A table with one entry per piece kind of a variant, indexed by [`KindId`].
#[derive(Clone, Debug, Default)]
pub(crate) struct PerKind<T>(Vec<T>);

impl<T: Clone> PerKind<T> {
    /// `value` for each of `kinds` kinds.
    pub(crate) fn new(kinds: usize, value: T) -> PerKind<T> {
        PerKind(vec![value; kinds])
    }
}

impl<T> PerKind<T> {
    /// The entry of `kind`, if the table has one.
    #[inline]
    pub(crate) fn get(&self, kind: KindId) -> Option<&T> {
        self.0.get(kind.index())
    }
}

impl<T> std::ops::Index<KindId> for PerKind<T> {
    type Output = T;

    #[inline]
    fn index(&self, kind: KindId) -> &T {
        &self.0[kind.index()]
    }
}

impl<T> std::ops::IndexMut<KindId> for PerKind<T> {
    #[inline]
    fn index_mut(&mut self, kind: KindId) -> &mut T {
        &mut self.0[kind.index()]
    }
}

/// One row of the `[pieces]` table.
#[derive(Clone, Debug)]
pub(crate) struct KindDef {
    /// Code used in positions (1-3 upper-case letters).
    pub(crate) code: String,
    /// English name as the seed spells it.
    pub(crate) name: String,
    /// Kanji, if known.
    pub(crate) kanji: Option<String>,
    /// The kind this piece moves as once promoted.
    pub(crate) promotes: Option<KindId>,
    /// The movement as written in the file.
    pub(crate) moves_text: String,
    /// The parsed movement.
    pub(crate) atoms: Vec<Atom>,
    /// An objective piece.
    pub(crate) royal: bool,
    /// Range-capture rank (0 = none).
    pub(crate) rank: u8,
    /// On the furthest rank, may only make capturing moves.
    pub(crate) last_rank_capture_only: bool,
    /// A lion for the lion-trading rules (chu shogi).
    pub(crate) lion: bool,
    /// The piece's value for the evaluation, when the file gives one (`value=N`) instead of
    /// letting it be derived from the movement.
    pub(crate) value: Option<u32>,
    /// Unpromoted, not a bridge for the lion-trading rules nor counted against a bare king
    /// (chu shogi's pawn and go-between).
    pub(crate) worthless: bool,
    /// Unpromoted, may promote on reaching the last rank, and is dead there for the bare-king
    /// rule (chu shogi's pawn and lance).
    pub(crate) last_rank_promotes: bool,
    /// Unpromoted, may not decline a promotion on a move ending where its own movement has no
    /// move on the empty board (Dai shogi's knight on its last two ranks, the forward-only
    /// pieces on the last rank): the promotion offered there is compulsory.
    pub(crate) must_promote_where_immobile: bool,
    /// Unpromoted, may not decline a promotion anywhere: every promotion offered is compulsory
    /// (`must-promote`; Dai shogi's pawn, as HaChu plays it).
    pub(crate) must_promote: bool,
    /// Capturers of this piece turn into its promoted form (priority; 0 = no).
    pub(crate) converts: u8,
    /// Appears only as a promotion.
    pub(crate) promoted_only: bool,
    /// Shot classes that cannot hit this piece (bits of [`crate::definition::betza::ShotClass::bit`]).
    pub(crate) shot_immune: u8,
    /// Shots from this many squares or nearer cannot hit this piece (0 = no limit).
    pub(crate) shot_min: u8,
    /// Kinds whose pieces (moving as them) cannot capture this piece by displacement.
    pub(crate) capture_immune: Vec<KindId>,
    /// Line of the file the row came from.
    pub(crate) line: usize,
}

/// A reference to a piece in the `[rules]` section: a kind in either state (`CODE` where a
/// base is meant), or a specific form (`CODE` = unpromoted, `+CODE` = promoted, where a form
/// is meant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FormRef {
    /// The kind.
    pub(crate) kind: KindId,
    /// The promoted form.
    pub(crate) promoted: bool,
}

/// The special rules of the `[rules]` section (Ko shogi); empty for other variants. See
/// `docs/variant-format.md`.
#[derive(Clone, Debug, Default)]
pub(crate) struct RulesDef {
    /// Besides royal pieces, a side stays alive while it has a piece of every kind of one of
    /// these groups (either side up).
    pub(crate) commanders: Vec<Vec<KindId>>,
    /// Capturing a piece of one of these kinds (either side up) promotes the capturer.
    pub(crate) commanding: Vec<KindId>,
    /// A step mover capturing one of these forms promotes.
    pub(crate) step_capture_promotes: Vec<FormRef>,
    /// (capturer kind, kinds it promotes by capturing, either side up).
    pub(crate) capture_promotes: Vec<(KindId, Vec<KindId>)>,
    /// (kind, kinds of its side that promote with it).
    pub(crate) promote_with: Vec<(KindId, Vec<KindId>)>,
    /// (kind, enemy forms removed when it promotes).
    pub(crate) kill_on_promotion: Vec<(KindId, Vec<FormRef>)>,
    /// (kind, kinds that must each have entered the zone before it promotes there).
    pub(crate) zone_promotion_needs: Vec<(KindId, Vec<KindId>)>,
    /// (kinds, kinds needed): the kinds cannot promote without an allied piece of a needed
    /// kind, and revert when the last one is gone.
    pub(crate) needs_alive: Vec<(Vec<KindId>, Vec<KindId>)>,
    /// (form, form, distance): the first reverts when the second (either side) is within the
    /// distance on a line.
    pub(crate) reverts_near: Vec<(FormRef, FormRef, u8)>,
    /// (kind, kinds needed): the kind's forward step needs an allied piece of a needed kind.
    pub(crate) forward_needs: Vec<(KindId, Vec<KindId>)>,
    /// (kind, letter): the position's extra field records, with this letter (upper case for
    /// Black, lower case for White), that a piece of the kind has entered its promotion zone.
    pub(crate) zone_letters: Vec<(KindId, char)>,
    /// Chu shogi's lion-trading rules for `lion` pieces (lishogi's reading).
    pub(crate) lion_trading: bool,
    /// A pass (stepping out and back) needs an empty first-step square (chu shogi).
    pub(crate) pass_needs_empty: bool,
    /// The bare-king rule and the draw by bare kings (chu shogi).
    pub(crate) bare_king: bool,
    /// For the repetition rule, a move after which the piece that moved attacks an enemy piece
    /// is an attacking move, like a check (perpetual chasing; chu shogi). Defaults to
    /// `bare_king`'s value.
    pub(crate) perpetual_chasing: bool,
    /// When a lion taking a lion two squares away counts it as protected.
    pub(crate) lion_protection: LionProtection,
    /// Which captures of a lion by a non-lion bind the opponent's next move.
    pub(crate) counter_strike_from: CounterStrikeFrom,
    /// Whether, under a counter-strike, a non-lion may take a lion standing on the recorded
    /// square (a kirin that promoted by taking the lion).
    pub(crate) counter_strike_recapture: CounterStrikeRecapture,
    /// How a `last-rank-promotes` piece reaching the last rank promotes (`zone-entry`).
    pub(crate) last_rank_promotion: LastRankPromotion,
    /// What a range capturer (`x`) may land on.
    pub(crate) range_capture: RangeCaptureRule,
    /// Where an emperor (`{emperor}`) may go.
    pub(crate) emperor: EmperorRule,
}

/// `emperor`: where a piece that moves as the emperor may go (docs/rules-decisions.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum EmperorRule {
    /// `unattacked`: any square the opponent does not attack, empty or holding an enemy piece;
    /// attacked empty squares too while its side has another royal piece; only squares its own
    /// side protects while neither side has a second royal and both have an emperor (Maka dai
    /// dai's seed).
    #[default]
    Unattacked,
    /// `all-but-protected-royals`: any empty square, and any enemy piece except a royal one
    /// that its side protects (another of that side's emperors protects every other royal
    /// piece of its side; QBoard's reading).
    AllButProtectedRoyals,
}

/// `range-capture`: what a range capturer may land on, and so capture (docs/rules.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum RangeCaptureRule {
    /// `any-enemy`: an empty square or any enemy piece, whatever its rank (the seeds'
    /// Taikyoku); it flies over pieces of lower rank only.
    #[default]
    AnyEnemy,
    /// `lower-rank`: an empty square or any piece of lower rank than its own, of either colour
    /// (removing it); a piece of its rank or higher blocks it and cannot be taken (the
    /// Taikyoku site's reading).
    LowerRank,
}

/// `lion-protection`: when a lion may not take a lion two squares away (without a bridge)
/// because the target is protected (docs/chu.md §6.1, §11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum LionProtection {
    /// `before`: protected on the board before the move, the bridge piece on the first-step
    /// square still guarding (lishogi).
    #[default]
    Before,
    /// `after`: protected on the board after the move, the bridge gone (HaChu).
    After,
    /// `before-and-after`: the capture needs the target unprotected by both judgements.
    BeforeAndAfter,
    /// `before-or-after`: the capture needs the target unprotected by either judgement.
    BeforeOrAfter,
}

/// `counter-strike-from`: which captures of a lion by a non-lion restrict the next move
/// (docs/chu.md §6.2, §11). The position records the square in every case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum CounterStrikeFrom {
    /// `any-step`: a lion taken on the destination or on a falcon's or eagle's first step
    /// (lishogi).
    #[default]
    AnyStep,
    /// `destination`: only a lion taken on the capturer's destination (HaChu).
    Destination,
}

/// `counter-strike-recapture`: whether the lion standing on the recorded square is exempt
/// from the counter-strike (docs/chu.md §6.2, §11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum CounterStrikeRecapture {
    /// `recorded`: a non-lion may take a lion on the recorded square (lishogi).
    #[default]
    Recorded,
    /// `none`: no exception (HaChu).
    None,
}

/// `last-rank-promotion`: how a `last-rank-promotes` piece (pawn, lance) promotes on reaching
/// the last rank under `promotion = zone-entry` (docs/chu.md §7, §11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum LastRankPromotion {
    /// `optional`: reaching the last rank offers promotion by any move, never compulsory
    /// (lishogi).
    #[default]
    Optional,
    /// `compulsory`: only the zone's own rule offers promotion there (entering, or capturing
    /// in the zone), and then it is compulsory; otherwise the piece arrives unpromoted (HaChu).
    Compulsory,
    /// `strict`: as `compulsory`, and a move that would leave the piece unpromoted on the last
    /// rank is not allowed (what both readings allow).
    Strict,
}

/// A parsed and checked variant file.
#[derive(Clone, Debug)]
pub(crate) struct VariantDef {
    /// Where the definition came from (file name or `builtin:<id>`), for messages.
    pub(crate) source: String,
    /// Command-line name (`taikyoku`, `dai-dai`, ...).
    pub(crate) id: String,
    /// Name for people.
    pub(crate) name: String,
    /// Number of files.
    pub(crate) files: usize,
    /// Number of ranks.
    pub(crate) ranks: usize,
    /// Promotion rule.
    pub(crate) promotion: PromotionRule,
    /// Repetition rule.
    pub(crate) repetition: RepetitionRule,
    /// The piece table, in file order.
    pub(crate) kinds: Vec<KindDef>,
    /// Black's setup: (column from Black's left, row from Black's back rank (0-based), kind).
    pub(crate) setup: Vec<(usize, usize, KindId)>,
    /// The special rules (`[rules]`).
    pub(crate) rules: RulesDef,
}

impl VariantDef {
    /// The kind with the given code.
    pub(crate) fn kind_by_code(&self, code: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.code == code)
            .map(KindId::new)
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
    Rules,
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
    lion: bool,
    value: Option<u32>,
    worthless: bool,
    last_rank_promotes: bool,
    must_promote_where_immobile: bool,
    must_promote: bool,
    converts: u8,
    promoted_only: bool,
    shot_immune: u8,
    shot_min: u8,
    capture_immune: Vec<(String, usize)>,
    line: usize,
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

/// Parses the `[rules]` lines.
fn parse_rules(
    lines: &[(String, String, usize)],
    by_code: &HashMap<String, KindId>,
    kinds: &[KindDef],
) -> Result<RulesDef, (usize, String)> {
    let mut r = RulesDef::default();
    let mut chasing = None;
    for (key, value, line) in lines {
        let line = *line;
        let kind = |code: &str| -> Result<KindId, (usize, String)> {
            by_code
                .get(code)
                .copied()
                .ok_or_else(|| (line, format!("{key}: '{code}' is not a piece code")))
        };
        let form = |w: &str| -> Result<FormRef, (usize, String)> {
            let (code, promoted) = match w.strip_prefix('+') {
                Some(c) => (c, true),
                None => (w, false),
            };
            let k = kind(code)?;
            if promoted && kinds[k.index()].promotes.is_none() {
                return Err((line, format!("{key}: {code} does not promote")));
            }
            Ok(FormRef { kind: k, promoted })
        };
        let kinds_of = |ws: &str| -> Result<Vec<KindId>, (usize, String)> {
            let v: Vec<KindId> = ws
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .map(kind)
                .collect::<Result<_, _>>()?;
            if v.is_empty() {
                return Err((line, format!("{key}: no piece codes")));
            }
            Ok(v)
        };
        let pair = |v: &str| -> Result<(String, String), (usize, String)> {
            let (a, b) = v.split_once(':').ok_or_else(|| {
                (
                    line,
                    format!("{key}: expected '<codes>: <codes>', found '{v}'"),
                )
            })?;
            Ok((a.trim().to_string(), b.trim().to_string()))
        };
        let yes_no = |v: &str| -> Result<bool, (usize, String)> {
            match v {
                "yes" => Ok(true),
                "no" => Ok(false),
                _ => Err((line, format!("{key}: expected 'yes' or 'no', found '{v}'"))),
            }
        };
        let one = |a: &str| -> Result<KindId, (usize, String)> {
            let ks = kinds_of(a)?;
            if ks.len() != 1 {
                return Err((
                    line,
                    format!("{key}: expected one code before ':', found '{a}'"),
                ));
            }
            Ok(ks[0])
        };
        match key.as_str() {
            "commanders" => {
                for g in value.split('|') {
                    r.commanders.push(kinds_of(g)?);
                }
            }
            "commanding" => r.commanding = kinds_of(value)?,
            "step-capture-promotes" => {
                r.step_capture_promotes = value
                    .split_whitespace()
                    .map(form)
                    .collect::<Result<_, _>>()?
            }
            "capture-promotes" => {
                let (a, b) = pair(value)?;
                r.capture_promotes.push((one(&a)?, kinds_of(&b)?));
            }
            "promote-with" => {
                let (a, b) = pair(value)?;
                r.promote_with.push((one(&a)?, kinds_of(&b)?));
            }
            "kill-on-promotion" => {
                let (a, b) = pair(value)?;
                let forms = b.split_whitespace().map(form).collect::<Result<_, _>>()?;
                r.kill_on_promotion.push((one(&a)?, forms));
            }
            "zone-promotion-needs" => {
                let (a, b) = pair(value)?;
                r.zone_promotion_needs.push((one(&a)?, kinds_of(&b)?));
            }
            "needs-alive" => {
                let (a, b) = pair(value)?;
                r.needs_alive.push((kinds_of(&a)?, kinds_of(&b)?));
            }
            "reverts-near" => {
                let (a, b) = pair(value)?;
                let w: Vec<&str> = b.split_whitespace().collect();
                let dist = match w.get(1).map(|d| d.parse::<u8>()) {
                    Some(Ok(d)) if (1..=36).contains(&d) && w.len() == 2 => d,
                    _ => {
                        return Err((
                            line,
                            format!("{key}: expected '<form>: <form> <distance>', found '{value}'"),
                        ))
                    }
                };
                r.reverts_near.push((form(&a)?, form(w[0])?, dist));
            }
            "forward-needs" => {
                let (a, b) = pair(value)?;
                r.forward_needs.push((one(&a)?, kinds_of(&b)?));
            }
            "zone-entry-letters" => {
                for item in value.split_whitespace() {
                    let (code, letter) = item.split_once(':').ok_or_else(|| {
                        (
                            line,
                            format!("{key}: expected '<code>:<letter>', found '{item}'"),
                        )
                    })?;
                    let mut chars = letter.chars();
                    let c = match (chars.next(), chars.next()) {
                        (Some(c), None) if c.is_ascii_uppercase() => c,
                        _ => {
                            return Err((
                                line,
                                format!("{key}: '{letter}' is not one upper-case letter"),
                            ))
                        }
                    };
                    if r.zone_letters.iter().any(|&(_, l)| l == c) {
                        return Err((line, format!("{key}: letter {c} is used twice")));
                    }
                    r.zone_letters.push((kind(code)?, c));
                }
            }
            "lion-trading" => r.lion_trading = yes_no(value)?,
            "pass-needs-empty" => r.pass_needs_empty = yes_no(value)?,
            "bare-king" => r.bare_king = yes_no(value)?,
            "perpetual-chasing" => chasing = Some(yes_no(value)?),
            "lion-protection" => {
                r.lion_protection = choice(
                    key,
                    value,
                    &[
                        ("before", LionProtection::Before),
                        ("after", LionProtection::After),
                        ("before-and-after", LionProtection::BeforeAndAfter),
                        ("before-or-after", LionProtection::BeforeOrAfter),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "counter-strike-from" => {
                r.counter_strike_from = choice(
                    key,
                    value,
                    &[
                        ("any-step", CounterStrikeFrom::AnyStep),
                        ("destination", CounterStrikeFrom::Destination),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "counter-strike-recapture" => {
                r.counter_strike_recapture = choice(
                    key,
                    value,
                    &[
                        ("recorded", CounterStrikeRecapture::Recorded),
                        ("none", CounterStrikeRecapture::None),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "last-rank-promotion" => {
                r.last_rank_promotion = choice(
                    key,
                    value,
                    &[
                        ("optional", LastRankPromotion::Optional),
                        ("compulsory", LastRankPromotion::Compulsory),
                        ("strict", LastRankPromotion::Strict),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "range-capture" => {
                r.range_capture = choice(
                    key,
                    value,
                    &[
                        ("any-enemy", RangeCaptureRule::AnyEnemy),
                        ("lower-rank", RangeCaptureRule::LowerRank),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            "emperor" => {
                r.emperor = choice(
                    key,
                    value,
                    &[
                        ("unattacked", EmperorRule::Unattacked),
                        (
                            "all-but-protected-royals",
                            EmperorRule::AllButProtectedRoyals,
                        ),
                    ],
                )
                .map_err(|e| (line, e))?
            }
            _ => return Err((line, format!("unknown rule '{key}'"))),
        }
    }
    r.perpetual_chasing = chasing.unwrap_or(r.bare_king);
    Ok(r)
}

/// The value of a `[rules]` key with named choices: `value` looked up in `options`, or an
/// error listing them ("expected a, b or c, found 'x'").
fn choice<T: Copy>(key: &str, value: &str, options: &[(&str, T)]) -> Result<T, String> {
    if let Some(&(_, v)) = options.iter().find(|(name, _)| *name == value) {
        return Ok(v);
    }
    let names: Vec<&str> = options.iter().map(|o| o.0).collect();
    let (last, rest) = names.split_last().unwrap_or((&"", &[]));
    let expected = if rest.is_empty() {
        last.to_string()
    } else {
        format!("{} or {last}", rest.join(", "))
    };
    Err(format!("{key}: expected {expected}, found '{value}'"))
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

#[cfg(test)]
mod tests {
    use super::*;

    const MINI: &str = "\
[variant]
id = mini
name = Mini
board = 3x4
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
        assert_eq!((v.files, v.ranks), (3, 4));
        assert_eq!(v.kinds.len(), 3);
        assert_eq!(v.kinds[1].promotes, Some(KindId::new(2)));
        assert!(v.kinds[1].last_rank_capture_only);
        assert_eq!(v.setup.len(), 2);
        assert!(v.setup.contains(&(1, 1, KindId::new(1))));
    }

    /// A piece table too long for a 16-bit [`Piece`](crate::Piece) is refused, at its first row
    /// too many, instead of numbering pieces past the mailbox's range.
    #[test]
    fn too_many_kinds_are_refused() {
        let letters = |mut i: usize| {
            let mut code = String::new();
            loop {
                code.insert(0, (b'A' + (i % 26) as u8) as char);
                i /= 26;
                if i == 0 {
                    return code;
                }
                i -= 1;
            }
        };
        let rows = |n: usize| {
            (0..n)
                .map(|i| format!("{} | Extra | - | - | W |\n", letters(i + 26 * 27)))
                .collect::<String>()
        };
        let at_most = MINI.replace("[setup]", &format!("{}\n[setup]", rows(MAX_KINDS - 3)));
        assert_eq!(parse("mini.var", &at_most).unwrap().kinds.len(), MAX_KINDS);
        let too_many = MINI.replace("[setup]", &format!("{}\n[setup]", rows(MAX_KINDS - 2)));
        let e = parse("mini.var", &too_many).unwrap_err();
        assert!(e.message.contains("more than 16383 kinds"), "{e}");
        // MINI's three rows are lines 9 to 11 and a blank line follows: the extra rows start on 13.
        assert_eq!(e.line, 13 + MAX_KINDS - 3);
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
        let e = broken("board = 3x4", "board = 3x40");
        assert_eq!(e.line, 4);
        let e = broken("G | Gold", "K | Gold");
        assert!(e.message.contains("already used on line 9"), "{e}");
        let e = broken("royal", "");
        assert!(e.message.contains("no royal"), "{e}");
        let e = broken("last-rank-capture-only", "sticky");
        assert!(e.message.contains("unknown flag 'sticky'"), "{e}");
        let e = broken("WfF |", "WfF | must-promote-where-immobile");
        assert_eq!(e.line, 11);
        assert!(
            e.message
                .contains("G has must-promote-where-immobile but no promotion"),
            "{e}"
        );
        let e = broken("WfF |", "WfF | must-promote");
        assert!(
            e.message.contains("G has must-promote but no promotion"),
            "{e}"
        );
        let e = broken("last-rank-capture-only", "value=0");
        assert!(e.message.contains("value must be"), "{e}");
        let e = broken("last-rank-capture-only", "lion value=lots");
        assert!(e.message.contains("value must be"), "{e}");
        let e = broken("promotion = capture", "promotion = zone-entry 0");
        assert!(e.message.contains("zone-entry"), "{e}");
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

    /// What the format forbids is rejected, with a message that says so (issue 10: these were
    /// accepted, or rejected with a misleading message).
    #[test]
    fn forbidden_forms_are_rejected() {
        // K and Q take single direction letters only: a pair names one diagonal.
        for moves in ["flK", "brQ", "fbrK"] {
            let e = broken("| WfF |", &format!("| {moves} |"));
            assert!(e.message.contains("pair"), "{moves}: {e}");
            assert_eq!(e.line, 11, "{moves}");
        }
        // A count too long to be a number is out of range, not "no count" (an unlimited slide).
        for moves in [
            "W18446744073709551615",
            "R1000",
            "j9999R",
            "(1000,0)",
            "(3,1000)",
        ] {
            let e = broken("| WfF |", &format!("| {moves} |"));
            assert!(
                e.message.contains("outside") || e.message.contains("needs"),
                "{moves}: {e}"
            );
        }
        // A zone as deep as the board or deeper says so, even past 255 ranks.
        for zone in [
            "zone 4",
            "zone 5",
            "zone 300",
            "zone-entry 4",
            "zone 18446744073709551616",
        ] {
            let e = broken("promotion = capture", &format!("promotion = {zone}"));
            assert!(
                e.message.contains("deeper than the board") || e.message.contains("is not"),
                "{zone}: {e}"
            );
            assert_eq!(e.line, 5, "{zone}");
        }
        let e = broken("promotion = capture", "promotion = zone 300");
        assert!(e.message.contains("deeper than the board"), "{e}");
        let e = broken("promotion = capture", "promotion = zone 4");
        assert!(e.message.contains("at most 3"), "{e}");
        // Camps that overlap on a board too short for both (found by fuzzing: a square got two
        // pieces).
        let e = broken("board = 3x4", "board = 3x3");
        assert!(e.message.contains("camps overlap"), "{e}");
        assert_eq!(e.line, 14, "{e}");
        // The pairs are fine where the format allows them.
        parse("mini.var", &MINI.replace("| WfF |", "| flF frF W |")).unwrap();
    }
}
