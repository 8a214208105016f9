//! Layer 2, board and position: the padded-mailbox geometry and square names ([`geometry`]),
//! wide bitboards ([`bitboard`]), moves and where generation puts them ([`moves`]), and the
//! position with make and unmake ([`position`]).

pub mod bitboard;
pub mod geometry;
pub mod moves;
pub mod position;
