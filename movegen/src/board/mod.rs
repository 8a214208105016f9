//! Layer 2, board and position: the padded-mailbox geometry and square names ([`geometry`]),
//! wide bitboards ([`bitboard`]), moves and where generation puts them ([`moves`]), and the
//! position with make and unmake ([`position`]).

pub(crate) mod bitboard;
pub(crate) mod geometry;
pub(crate) mod moves;
pub(crate) mod position;
