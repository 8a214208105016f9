//! Layer 4, rules beyond movement: the game layer (repetition, legal moves, game result:
//! [`game`]), the lion-trading rules on generated moves ([`lion_trading`]) and the bare-king
//! rule ([`bare_king`]).

pub mod bare_king;
pub mod game;
pub mod lion_trading;
