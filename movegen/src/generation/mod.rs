//! Layer 3, generation: the movement interpreter ([`interp`]), the move visitor that layers
//! the promotion rule on top ([`movegen`]), the generator of zone-promotion variants with its
//! landings and promotion choices ([`zone_promotion`]), the shots and burning layered on top of
//! a landing ([`shooting`]), and the attack maps and attack questions ([`attacks`]), reach
//! visitors of the same interpreter.

pub(crate) mod attacks;
pub(crate) mod interp;
pub(crate) mod movegen;
pub(crate) mod shooting;
pub(crate) mod zone_promotion;
