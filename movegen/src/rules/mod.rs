//! Layer 4, rules beyond movement: the game layer (repetition, legal moves, game result:
//! [`game`]), the lion-trading rules on generated moves ([`lion_trading`]), the bare-king
//! rule ([`bare_king`]) and what follows a move in a zone-promotion variant (burning,
//! promotion side effects, reversions, zone entry: [`promotion_effects`]).

pub(crate) mod bare_king;
pub(crate) mod game;
pub(crate) mod lion_trading;
pub(crate) mod promotion_effects;
