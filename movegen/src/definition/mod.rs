//! Layer 1, variant files and compilation: the text of a variant file read into a checked
//! definition ([`variant_file`]), movement strings parsed into atoms ([`betza`]), atoms compiled
//! into per-colour programs of movement ops ([`program`]), and the immutable [`Variant`] that
//! play needs ([`variant`]).
//!
//! [`Variant`]: variant::Variant

pub(crate) mod betza;
pub(crate) mod program;
pub(crate) mod variant;
pub(crate) mod variant_file;
