//! The whole-variant types of a parsed variant file: the promotion and repetition rules of
//! `[variant]`, the checked [`VariantDef`] the reader returns, and the [`VariantError`] it
//! refuses a file with. Kept apart from the reading so that the compiler and the rules code
//! depend on the data, not on the parser.

use std::fmt;

use super::kind::{KindDef, KindId};
use super::rules::RulesDef;

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
