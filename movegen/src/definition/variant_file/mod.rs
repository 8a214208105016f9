//! Reading variant files (`docs/variant-format.md`) into a checked [`VariantDef`].
//!
//! Every error names the file, the line and the problem; a file is either accepted whole or
//! rejected.
//!
//! The parts, lowest layer first: [`kind`] (kind ids, per-kind tables, a piece row's checked
//! definition), [`rules`] (the `[rules]` section's types and its reading), [`variant_def`]
//! (the variant's promotion and repetition rules, [`VariantDef`], [`VariantError`]),
//! [`pieces`] (one `[pieces]` row read on its own) and [`reader`] (the whole file: sections,
//! setup, cross-checks).

mod kind;
mod pieces;
mod reader;
mod rules;
mod variant_def;

#[cfg(test)]
mod tests;

pub use kind::KindId;
pub(crate) use kind::{KindDef, PerKind, MAX_KINDS};
pub(crate) use reader::parse;
pub(crate) use rules::{
    CounterStrikeFrom, CounterStrikeRecapture, EmperorRule, FormRef, LastRankPromotion,
    LionProtection, RangeCaptureRule, RulesDef,
};
pub(crate) use variant_def::VariantDef;
pub use variant_def::{PromotionRule, RepetitionRule, VariantError};
