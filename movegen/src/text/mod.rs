//! Layer 5, notation and perft: positions and moves read and written as text ([`notation`]),
//! the Taikyoku site's positions ([`tsfen`]), and the leaf counts that check the generator
//! ([`perft`]).

pub(crate) mod notation;
pub(crate) mod perft;
pub(crate) mod tsfen;
