//! Layer 1, variant files and compilation: the text of a variant file read into a checked
//! definition ([`variant_file`]), movement strings parsed into atoms ([`betza`]), atoms compiled
//! into per-colour programs of movement ops ([`program`]), pieces and forms ([`piece`]), and the
//! immutable [`Variant`] that play needs ([`variant`]), loaded and compiled by `compile.rs`,
//! which calls the builders of the tables other modules own (the attacks' reach tables, zone
//! promotion's rules).
//!
//! [`Variant`]: variant::Variant

pub(crate) mod betza;
mod compile;
pub(crate) mod piece;
pub(crate) mod program;
pub(crate) mod variant;
pub(crate) mod variant_file;
