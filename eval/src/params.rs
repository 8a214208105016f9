//! Every evaluation parameter, in one place.

/// Tunable constants of piece values and positional terms (centipawns; a pawn of the small
/// variants is about 100).
#[derive(Clone, Debug)]
pub struct Params {
    /// Value = `mobility_scale * mobility^mobility_power` (+ bonuses).
    pub mobility_scale: f64,
    /// See `mobility_scale` (fitted to the Dai dai seed's value table).
    pub mobility_power: f64,
    /// Weight of a destination toward the opponent.
    pub forward_weight: f64,
    /// Weight of a destination toward the own side.
    pub backward_weight: f64,
    /// The lion's area move (double capture, igui, pass) beyond its mobility.
    pub lion_bonus: f64,
    /// Per direction of a three-step lion line move.
    pub lion_line_bonus: f64,
    /// Per direction of igui.
    pub igui_bonus: f64,
    /// Per direction of range capture.
    pub range_capture_bonus: f64,
    /// Per direction of capture at a distance over pieces.
    pub jump_capture_bonus: f64,
    /// Per direction and piece passed over.
    pub pass_over_bonus: f64,
    /// Ko's double movers beyond their mobility.
    pub double_move_bonus: f64,
    /// Ko's thunderclap and roaming assault (five captures), scaled by steps / 5.
    pub multi_capture_bonus: f64,
    /// Per square of shooting range and per shot (Ko).
    pub shot_bonus: f64,
    /// Ko's poison flame.
    pub burn_bonus: f64,
    /// Added to royal pieces (losing one of several is serious, losing the last is the game).
    pub royal_bonus: f64,
    /// Part of the difference to the promoted form that a promotable piece is worth.
    pub promotion_share: f64,
    /// No piece is worth more than this.
    pub max_value: f64,
    /// Per rank advanced, for pieces worth at most `advance_max_value`, scaled by the board's
    /// rank count over 12.
    pub advance_bonus: i32,
    /// See `advance_bonus`.
    pub advance_max_value: i32,
    /// Per enemy piece within two squares of a royal piece (halved for a second royal).
    pub royal_attacker_penalty: i32,
    /// Per own piece next to a royal piece.
    pub royal_defender_bonus: i32,
    /// For the side to move.
    pub tempo: i32,
    /// A lead (material and advancement) from which the leading side hunts the royal pieces
    /// (the mop-up term): its pieces near them and them near the edge score.
    pub mop_up_lead: i32,
    /// Per own piece and per square it is closer to the nearest enemy royal than the board is
    /// wide (Chebyshev distance: a gradient that pulls pieces in from anywhere on the board).
    pub mop_up_closeness: i32,
    /// Per square an enemy royal piece stands away from the board's centre.
    pub mop_up_edge: i32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            mobility_scale: 100.0,
            mobility_power: 0.62,
            forward_weight: 1.15,
            backward_weight: 0.8,
            lion_bonus: 1200.0,
            lion_line_bonus: 40.0,
            igui_bonus: 15.0,
            range_capture_bonus: 120.0,
            jump_capture_bonus: 60.0,
            pass_over_bonus: 10.0,
            double_move_bonus: 500.0,
            multi_capture_bonus: 400.0,
            shot_bonus: 40.0,
            burn_bonus: 400.0,
            royal_bonus: 300.0,
            promotion_share: 0.3,
            max_value: 6000.0,
            advance_bonus: 4,
            advance_max_value: 350,
            royal_attacker_penalty: 25,
            royal_defender_bonus: 8,
            tempo: 10,
            mop_up_lead: 1500,
            mop_up_closeness: 3,
            mop_up_edge: 12,
        }
    }
}
