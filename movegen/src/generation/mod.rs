//! Layer 3, generation: the movement interpreter ([`interp`]), the move visitor that layers
//! the promotion rule on top ([`movegen`]), and zone promotion's landings, shots and burning
//! ([`ko`]). The attack maps and attack questions, reach visitors of the same interpreter, are
//! `crate::attacks` (kept at the top of the tree).

pub(crate) mod interp;
pub mod ko;
pub mod movegen;
