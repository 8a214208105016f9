//! Piece values derived from movement, so that every one of Taikyoku's ~300 kinds gets a
//! sensible value without a hand-typed table.
//!
//! A kind's worth starts from its average mobility on an empty board of the variant's size
//! (destinations counted once each, forward ones weighted a little more than backward ones),
//! raised to a power below one (fitted to the Dai dai seed's table of average values: pawn 1,
//! gold 3, bishop 7, rook 8, queen 15), then adjusted for powers mobility does not show: lion
//! moves, igui, range capture, capture at a distance, passing over pieces. A piece that promotes
//! by capture is worth part of the difference to its promoted form.

use taikyoku_movegen::AtomKind;
use taikyoku_movegen::EmptyBoardReach;
use taikyoku_movegen::PromotionRule;
use taikyoku_movegen::{KindId, Piece, Variant};

use crate::params::Params;

/// Value of every form of a variant's pieces, in centipawns.
#[derive(Clone, Debug)]
pub struct Values {
    /// Value by form, indexed by [`FormId::index`](taikyoku_movegen::FormId::index)
    /// (`kind * 2 + promoted`).
    pub by_form: Vec<i32>,
    /// Value by [`Piece::index`] (colour included, for lookups in the hot path).
    pub by_piece: Vec<i32>,
    /// Value of each kind as it moves (no promotion potential), by [`KindId::index`].
    pub by_kind: Vec<i32>,
}

impl Values {
    /// The value of a piece.
    #[inline]
    pub fn piece(&self, p: Piece) -> i32 {
        self.by_piece[p.index()]
    }
}

/// Average weighted number of empty-board destinations of a kind's movement, over sample
/// squares (found by the movement interpreter on `board`, the variant's empty board).
pub fn mobility(board: &mut EmptyBoardReach<'_>, kind: KindId, params: &Params) -> f64 {
    let variant = board.variant();
    let (files, ranks) = (variant.geometry().files(), variant.geometry().ranks());
    let form = Variant::form_of(kind, false);
    let step_c = (files / 9).max(1);
    let step_r = (ranks / 9).max(1);
    let mut total = 0.0;
    let mut samples = 0usize;
    for row in (0..ranks).step_by(step_r) {
        for col in (0..files).step_by(step_c) {
            let mut here = 0.0;
            board.reach(form, col, row, |_, dy| {
                // dy < 0 is toward the opponent for Black.
                here += if dy < 0 {
                    params.forward_weight
                } else if dy > 0 {
                    params.backward_weight
                } else {
                    1.0
                };
            });
            total += here;
            samples += 1;
        }
    }
    total / samples.max(1) as f64
}

/// Value of a kind's movement, without promotion potential.
pub fn movement_value(board: &mut EmptyBoardReach<'_>, kind: KindId, p: &Params) -> f64 {
    let variant = board.variant();
    let mob = mobility(board, kind, p);
    let mut v = p.mobility_scale * mob.max(0.5).powf(p.mobility_power);
    for (atom, dirs) in variant.kind(kind).atoms() {
        let dirs = dirs as f64;
        v += match atom {
            AtomKind::Lion => p.lion_bonus,
            AtomKind::LionLine { n } => p.lion_line_bonus * dirs * n as f64 / 3.0,
            AtomKind::Igui => p.igui_bonus * dirs,
            AtomKind::RangeCapture => p.range_capture_bonus * dirs,
            AtomKind::JumpCapture => p.jump_capture_bonus * dirs,
            AtomKind::PassOver { n, .. } => p.pass_over_bonus * dirs * n as f64,
            AtomKind::Double { .. } => p.double_move_bonus,
            AtomKind::Steps { n } | AtomKind::MultiLine { n } => {
                p.multi_capture_bonus * n as f64 / 5.0
            }
            AtomKind::Shoot { range, shots, .. } => p.shot_bonus * range as f64 * shots as f64,
            AtomKind::Priest { legs } => p.shot_bonus * 2.0 * legs as f64,
            AtomKind::Burn => p.burn_bonus,
            _ => 0.0,
        };
    }
    v.min(p.max_value)
}

/// Derives the values of every form of `variant`.
pub fn derive(variant: &Variant, p: &Params) -> Values {
    let mut board = EmptyBoardReach::new(variant);
    let by_kind: Vec<i32> = variant
        .kind_ids()
        .zip(variant.kinds())
        .map(|(i, k)| {
            if let Some(v) = k.value() {
                return v as i32;
            }
            let v = movement_value(&mut board, i, p);
            let v = if k.is_royal() { v + p.royal_bonus } else { v };
            v.round() as i32
        })
        .collect();
    let mut by_form = vec![0; variant.kind_count() * 2];
    let mut by_piece = vec![0; 2 + by_form.len() * 2];
    for (k, kind) in variant.kind_ids().zip(variant.kinds()) {
        let own = by_kind[k.index()] as f64;
        let unpromoted = match kind.promotes_to() {
            // A value the variant file gives is the piece's whole worth.
            _ if kind.value().is_some() => own as i32,
            None => own as i32,
            Some(t) => {
                let diff = by_kind[t.index()] as f64 - own;
                let diff = match variant.promotion() {
                    // Compulsory: a promotion that loses power is a loss too.
                    PromotionRule::Capture | PromotionRule::ZoneCompulsory(_) => diff,
                    PromotionRule::CaptureOptional
                    | PromotionRule::Zone(_)
                    | PromotionRule::Entry(_) => diff.max(0.0),
                };
                (own + p.promotion_share * diff).round() as i32
            }
        };
        let promoted = by_kind[kind.promotes_to().unwrap_or(k).index()];
        for (f, v) in [
            (Variant::form_of(k, false), unpromoted),
            (Variant::form_of(k, true), promoted),
        ] {
            by_form[f.index()] = v;
            for c in [
                taikyoku_movegen::Colour::Black,
                taikyoku_movegen::Colour::White,
            ] {
                by_piece[Piece::new(f, c).index()] = v;
            }
        }
    }
    Values {
        by_form,
        by_piece,
        by_kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(variant: &str, code: &str) -> i32 {
        let v = Variant::builtin(variant).unwrap();
        let vals = derive(&v, &Params::default());
        vals.by_kind[v.kind_by_code(code).unwrap().index()]
    }

    #[test]
    fn dai_dai_values_follow_the_seed_table_roughly() {
        // The seed's averages (pawn = 1): gold 3, bishop 7, rook 8, queen 15, lion 22.
        let pawn = value("dai-dai", "P") as f64;
        let ratio = |c: &str| value("dai-dai", c) as f64 / pawn;
        assert!((2.0..4.5).contains(&ratio("G")), "gold {}", ratio("G"));
        assert!((5.0..10.0).contains(&ratio("B")), "bishop {}", ratio("B"));
        assert!((6.0..11.0).contains(&ratio("R")), "rook {}", ratio("R"));
        assert!((10.0..20.0).contains(&ratio("Q")), "queen {}", ratio("Q"));
        assert!(
            ratio("LN") > ratio("Q"),
            "lion {} vs queen {}",
            ratio("LN"),
            ratio("Q")
        );
        assert!(ratio("R") > ratio("B"));
    }

    #[test]
    fn values_given_by_the_variant_file_are_used_whole() {
        // chu.var gives every value (value=N): no promotion share is added, and a promoted
        // piece is worth what it moves as.
        let v = Variant::builtin("chu").unwrap();
        let vals = derive(&v, &Params::default());
        let kind = |c: &str| v.kind_by_code(c).unwrap();
        assert_eq!(vals.by_kind[kind("P").index()], 100);
        assert_eq!(
            vals.by_form[Variant::form_of(kind("KR"), false).index()],
            385
        );
        assert_eq!(
            vals.by_form[Variant::form_of(kind("KR"), true).index()],
            vals.by_kind[kind("LN").index()]
        );
    }

    #[test]
    fn taikyoku_range_capturers_are_worth_most() {
        let gg = value("taikyoku", "GG");
        let q = value("taikyoku", "Q");
        let p = value("taikyoku", "P");
        assert!(gg > q && q > 10 * p, "GG {gg} Q {q} P {p}");
        // Every kind gets a positive value.
        let v = Variant::builtin("taikyoku").unwrap();
        let vals = derive(&v, &Params::default());
        assert!(vals.by_kind.iter().all(|&x| x > 0));
    }

    #[test]
    fn promotion_potential_counts() {
        // A Dai dai flying dragon (promotes to dragon king) is worth more than its movement.
        let v = Variant::builtin("dai-dai").unwrap();
        let vals = derive(&v, &Params::default());
        let fd = v.kind_by_code("FD").unwrap();
        assert!(vals.by_form[Variant::form_of(fd, false).index()] > vals.by_kind[fd.index()]);
        assert_eq!(
            vals.by_form[Variant::form_of(fd, true).index()],
            vals.by_kind[v.kind_by_code("DK").unwrap().index()]
        );
    }
}
