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
    /// Per rank advanced, for the other pieces but the royal ones, scaled as `advance_bonus`:
    /// pieces that come forward meet the enemy, and contact is where a deeper search wins.
    pub advance_large_bonus: i32,
    /// Per file a small piece (worth at most `advance_max_value`) stands in from the nearer
    /// edge, scaled by 12 over the board's file count: a piece on the edge has fewer squares
    /// to go to and meets fewer enemies.
    pub centre_bonus: i32,
    /// See `centre_bonus`, for the other pieces but the royal ones.
    pub centre_large_bonus: i32,
    /// Per enemy piece within two squares of a royal piece (halved for a second royal).
    pub royal_attacker_penalty: i32,
    /// Per own piece next to a royal piece.
    pub royal_defender_bonus: i32,
    /// For the side to move.
    pub tempo: i32,
    /// A lead (material and placement) from which the leading side hunts the royal pieces
    /// (the mop-up term): its pieces near them and them near the edge score.
    pub mop_up_lead: i32,
    /// The lead must also be this percentage of the opponent's material and placement (so
    /// that a Taikyoku army's opening trades do not count as "far ahead").
    pub mop_up_share: i32,
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
            advance_large_bonus: 0,
            centre_bonus: 6,
            centre_large_bonus: 10,
            royal_attacker_penalty: 25,
            royal_defender_bonus: 8,
            tempo: 10,
            mop_up_lead: 1500,
            mop_up_share: 20,
            mop_up_closeness: 10,
            mop_up_edge: 12,
        }
    }
}

impl Params {
    /// A parameter by its field name (for tuning tools), as a float.
    pub fn get(&self, name: &str) -> Option<f64> {
        Some(match name {
            "mobility_scale" => self.mobility_scale,
            "mobility_power" => self.mobility_power,
            "forward_weight" => self.forward_weight,
            "backward_weight" => self.backward_weight,
            "lion_bonus" => self.lion_bonus,
            "lion_line_bonus" => self.lion_line_bonus,
            "igui_bonus" => self.igui_bonus,
            "range_capture_bonus" => self.range_capture_bonus,
            "jump_capture_bonus" => self.jump_capture_bonus,
            "pass_over_bonus" => self.pass_over_bonus,
            "double_move_bonus" => self.double_move_bonus,
            "multi_capture_bonus" => self.multi_capture_bonus,
            "shot_bonus" => self.shot_bonus,
            "burn_bonus" => self.burn_bonus,
            "royal_bonus" => self.royal_bonus,
            "promotion_share" => self.promotion_share,
            "max_value" => self.max_value,
            "advance_bonus" => self.advance_bonus as f64,
            "advance_max_value" => self.advance_max_value as f64,
            "royal_attacker_penalty" => self.royal_attacker_penalty as f64,
            "royal_defender_bonus" => self.royal_defender_bonus as f64,
            "tempo" => self.tempo as f64,
            "mop_up_lead" => self.mop_up_lead as f64,
            "mop_up_share" => self.mop_up_share as f64,
            "advance_large_bonus" => self.advance_large_bonus as f64,
            "mop_up_closeness" => self.mop_up_closeness as f64,
            "mop_up_edge" => self.mop_up_edge as f64,
            "centre_bonus" => self.centre_bonus as f64,
            "centre_large_bonus" => self.centre_large_bonus as f64,
            _ => return None,
        })
    }

    /// Sets a parameter by its field name (integer fields round `v`).
    pub fn set(&mut self, name: &str, v: f64) -> Result<(), String> {
        match name {
            "mobility_scale" => self.mobility_scale = v,
            "mobility_power" => self.mobility_power = v,
            "forward_weight" => self.forward_weight = v,
            "backward_weight" => self.backward_weight = v,
            "lion_bonus" => self.lion_bonus = v,
            "lion_line_bonus" => self.lion_line_bonus = v,
            "igui_bonus" => self.igui_bonus = v,
            "range_capture_bonus" => self.range_capture_bonus = v,
            "jump_capture_bonus" => self.jump_capture_bonus = v,
            "pass_over_bonus" => self.pass_over_bonus = v,
            "double_move_bonus" => self.double_move_bonus = v,
            "multi_capture_bonus" => self.multi_capture_bonus = v,
            "shot_bonus" => self.shot_bonus = v,
            "burn_bonus" => self.burn_bonus = v,
            "royal_bonus" => self.royal_bonus = v,
            "promotion_share" => self.promotion_share = v,
            "max_value" => self.max_value = v,
            "advance_bonus" => self.advance_bonus = v.round() as i32,
            "advance_max_value" => self.advance_max_value = v.round() as i32,
            "royal_attacker_penalty" => self.royal_attacker_penalty = v.round() as i32,
            "royal_defender_bonus" => self.royal_defender_bonus = v.round() as i32,
            "tempo" => self.tempo = v.round() as i32,
            "mop_up_lead" => self.mop_up_lead = v.round() as i32,
            "mop_up_share" => self.mop_up_share = v.round() as i32,
            "advance_large_bonus" => self.advance_large_bonus = v.round() as i32,
            "mop_up_closeness" => self.mop_up_closeness = v.round() as i32,
            "mop_up_edge" => self.mop_up_edge = v.round() as i32,
            "centre_bonus" => self.centre_bonus = v.round() as i32,
            "centre_large_bonus" => self.centre_large_bonus = v.round() as i32,
            _ => return Err(format!("no evaluation parameter '{name}'")),
        }
        Ok(())
    }

    /// Sets parameters from assignments `name=value`, separated by commas or spaces (the
    /// engine's `EvalParams` option, for tuning by matches). Every assignment is checked before
    /// any is applied, so a bad one leaves the parameters unchanged; the error names it.
    pub fn apply(&mut self, text: &str) -> Result<(), String> {
        let mut next = self.clone();
        for item in text.split([',', ' ']).filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("'{item}' is not name=value"))?;
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("'{item}': '{value}' is not a number"))?;
            next.set(name, v)?;
        }
        *self = next;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name `get` knows, `set` knows too, and a set value reads back (integer fields
    /// rounded); unknown names are refused.
    #[test]
    fn parameters_are_set_and_read_by_name() {
        let names = [
            "mobility_power",
            "forward_weight",
            "lion_bonus",
            "promotion_share",
            "advance_bonus",
            "royal_attacker_penalty",
            "mop_up_edge",
            "centre_bonus",
            "centre_large_bonus",
        ];
        for name in names {
            let mut p = Params::default();
            let before = p.get(name).unwrap();
            p.set(name, before + 3.25).unwrap();
            let after = p.get(name).unwrap();
            assert!(
                after == before + 3.25 || after == (before + 3.25).round(),
                "{name}: {before} -> {after}"
            );
        }
        assert!(Params::default().get("no_such").is_none());
        assert!(Params::default().set("no_such", 1.0).is_err());
    }

    /// Assignments apply together, and a bad one (unknown name, no `=`, not a number) applies
    /// none of them and names itself.
    #[test]
    fn assignments_apply_all_or_nothing() {
        let mut p = Params::default();
        p.apply("tempo=7, mop_up_lead=900").unwrap();
        assert_eq!((p.tempo, p.mop_up_lead), (7, 900));
        for bad in [
            "tempo=3,nope=1",
            "tempo=3,mop_up_edge",
            "tempo=3,mop_up_edge=x",
        ] {
            let err = p.apply(bad).unwrap_err();
            assert!(
                err.contains("nope") || err.contains("mop_up_edge"),
                "{bad}: {err}"
            );
            assert_eq!(p.tempo, 7, "{bad} changed a parameter");
        }
        p.apply("").unwrap();
        assert_eq!(p.tempo, 7);
    }
}
