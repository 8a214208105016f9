//! Static evaluation of positions of the giant shogi variants.
//!
//! Piece values come from each piece's movement ([`values`]); positional terms (advancement,
//! safety of the royal pieces, tempo) are cheap enough for every node of a Taikyoku search. All
//! parameters live in [`params::Params`]; [`Evaluator::breakdown`] shows a position's score term
//! by term (the `eval` command).

pub mod params;
pub mod values;

use std::fmt;
use std::sync::Arc;

use taikyoku_movegen::{Colour, Position, Variant, Weights};

pub use params::Params;
pub use values::Values;

/// Score of a position split by term, from Black's point of view except `total`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breakdown {
    /// Material (with promotion potential), per colour.
    pub material: [i32; 2],
    /// Advancement of small pieces, per colour.
    pub advancement: [i32; 2],
    /// Safety of the royal pieces, per colour.
    pub royal_safety: [i32; 2],
    /// Hunting the opponent's royal pieces when far ahead (the mop-up term), per colour.
    pub mop_up: [i32; 2],
    /// Tempo bonus of the side to move.
    pub tempo: i32,
    /// Total from the side to move's point of view.
    pub total: i32,
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "term            black    white     diff")?;
        for (name, v) in [
            ("material", self.material),
            ("advancement", self.advancement),
            ("royal safety", self.royal_safety),
            ("mop-up", self.mop_up),
        ] {
            writeln!(f, "{name:<12} {:>8} {:>8} {:>8}", v[0], v[1], v[0] - v[1])?;
        }
        writeln!(f, "{:<12} {:>26}", "tempo", self.tempo)?;
        write!(f, "total (side to move) {:>18}", self.total)
    }
}

/// Evaluates positions of one variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// The variant.
    pub variant: Arc<Variant>,
    /// Piece values.
    pub values: Values,
    /// Parameters.
    pub params: Params,
    advance_unit: i32,
    weights: Arc<Weights>,
    royal_kinds: Vec<usize>,
}

impl Evaluator {
    /// An evaluator for `variant` with the default parameters.
    pub fn new(variant: Arc<Variant>) -> Evaluator {
        Evaluator::with_params(variant, Params::default())
    }

    /// An evaluator with the given parameters.
    pub fn with_params(variant: Arc<Variant>, params: Params) -> Evaluator {
        let values = values::derive(&variant, &params);
        let ranks = variant.geo.ranks() as i32;
        let advance_unit = (params.advance_bonus * 12 / ranks.max(1)).max(1);
        let per_row = values
            .by_piece
            .iter()
            .map(|&v| {
                if v <= params.advance_max_value {
                    advance_unit
                } else {
                    0
                }
            })
            .collect();
        let weights = Arc::new(Weights {
            base: values.by_piece.clone(),
            per_row,
        });
        let royal_kinds = (0..variant.kind_count())
            .filter(|&k| variant.def.kinds[k].royal)
            .collect();
        Evaluator {
            variant,
            values,
            params,
            advance_unit,
            weights,
            royal_kinds,
        }
    }

    /// Installs the incremental material and advancement sums in `pos` (searches call this once
    /// on their own copy of the position; [`Evaluator::evaluate`] then costs O(royal pieces)).
    pub fn prepare<const N: usize>(&self, pos: &mut Position<N>) {
        pos.set_weights(self.weights.clone());
    }

    /// The score from the side to move's point of view, in centipawns. Uses the incremental
    /// sums if [`Evaluator::prepare`] installed them, else computes everything.
    #[inline]
    pub fn evaluate<const N: usize>(&self, pos: &Position<N>) -> i32 {
        if !pos.has_weights() {
            return self.terms(pos).total;
        }
        let us = pos.side_to_move();
        let sum = pos.weighted_sum(us) - pos.weighted_sum(us.flip());
        let safety = self.royal_safety(pos, us) - self.royal_safety(pos, us.flip());
        let (ours, theirs) = (pos.weighted_sum(us), pos.weighted_sum(us.flip()));
        let mop_up = self.mop_up(pos, us, sum, theirs) - self.mop_up(pos, us.flip(), -sum, ours);
        sum + safety + mop_up + self.params.tempo
    }

    /// The mop-up term of side `c`, ahead by `lead` (material and advancement) over an
    /// opponent whose material and advancement is `theirs`: far ahead, the game is won by
    /// capturing the royal pieces, not by collecting more material, so `c`'s pieces score for
    /// standing near the nearest enemy royal and the enemy royals for being driven from the
    /// centre. Zero unless the lead is at least `mop_up_lead` and a fifth of what the opponent
    /// has (so a Taikyoku army's opening trades do not count as "far ahead"), and never more
    /// than half the lead, so that it never outweighs the material it rewards.
    fn mop_up<const N: usize>(&self, pos: &Position<N>, c: Colour, lead: i32, theirs: i32) -> i32 {
        let p = &self.params;
        if lead < p.mop_up_lead || lead < theirs / 5 {
            return 0;
        }
        let geo = &self.variant.geo;
        let mut targets = [(0i32, 0i32); 4];
        let mut n = 0;
        let mut total = 0;
        let (files, ranks) = (geo.files() as i32, geo.ranks() as i32);
        for &kind in &self.royal_kinds {
            for d in pos.kind_bitboard(kind, c.flip()).iter() {
                let sq = geo.from_dense(d);
                let (col, row) = (geo.col(sq) as i32, geo.row(sq) as i32);
                // Twice the distance from the centre, so even boards count alike.
                let off = (2 * col - (files - 1))
                    .abs()
                    .max((2 * row - (ranks - 1)).abs());
                total += p.mop_up_edge * off / 2;
                if n < targets.len() {
                    targets[n] = (col, row);
                    n += 1;
                }
            }
        }
        if n == 0 {
            return 0;
        }
        let span = files.max(ranks);
        for sq in pos.pieces(c) {
            let (col, row) = (geo.col(sq) as i32, geo.row(sq) as i32);
            let dist = targets[..n]
                .iter()
                .map(|&(tc, tr)| (tc - col).abs().max((tr - row).abs()))
                .min()
                .unwrap_or(i32::MAX);
            total += p.mop_up_closeness * (span - dist).max(0);
        }
        total.min(lead / 2)
    }

    /// Safety of a side's royal pieces.
    fn royal_safety<const N: usize>(&self, pos: &Position<N>, c: Colour) -> i32 {
        let v = &*self.variant;
        let geo = &v.geo;
        let p = &self.params;
        let mut total = 0;
        let mut royals = 0;
        for &kind in &self.royal_kinds {
            for d in pos.kind_bitboard(kind, c).iter() {
                royals += 1;
                let weight = if royals == 1 { 2 } else { 1 };
                total += self.safety_around(pos, c, geo.from_dense(d), weight, p);
            }
        }
        total
    }

    fn safety_around<const N: usize>(
        &self,
        pos: &Position<N>,
        c: Colour,
        sq: taikyoku_movegen::Square,
        weight: i32,
        p: &Params,
    ) -> i32 {
        let geo = &self.variant.geo;
        let (col, row) = (geo.col(sq) as i32, geo.row(sq) as i32);
        let mut total = 0;
        for dr in -2..=2i32 {
            for dc in -2..=2i32 {
                let (c2, r2) = (col + dc, row + dr);
                if (dc, dr) == (0, 0)
                    || c2 < 0
                    || r2 < 0
                    || c2 >= geo.files() as i32
                    || r2 >= geo.ranks() as i32
                {
                    continue;
                }
                let q = pos.piece_at(geo.square(c2 as usize, r2 as usize));
                if !q.is_piece() {
                    continue;
                }
                if q.colour() != c {
                    total -= p.royal_attacker_penalty * weight;
                } else if dc.abs() <= 1 && dr.abs() <= 1 {
                    total += p.royal_defender_bonus * weight;
                }
            }
        }
        total
    }

    /// The score with every term shown.
    pub fn breakdown<const N: usize>(&self, pos: &Position<N>) -> Breakdown {
        self.terms(pos)
    }

    fn terms<const N: usize>(&self, pos: &Position<N>) -> Breakdown {
        let v = &*self.variant;
        let geo = &v.geo;
        let p = &self.params;
        let mut b = Breakdown::default();
        for c in [Colour::Black, Colour::White] {
            let ci = c.index();
            for sq in pos.pieces(c) {
                let pc = pos.piece_at(sq);
                let val = self.values.piece(pc);
                b.material[ci] += val;
                if val <= p.advance_max_value {
                    let row = geo.row(sq) as i32;
                    let advanced = match c {
                        Colour::Black => geo.ranks() as i32 - 1 - row,
                        Colour::White => row,
                    };
                    b.advancement[ci] += advanced * self.advance_unit;
                }
            }
        }
        for c in [Colour::Black, Colour::White] {
            b.royal_safety[c.index()] = self.royal_safety(pos, c);
        }
        let lead = b.material[0] - b.material[1] + b.advancement[0] - b.advancement[1];
        b.mop_up = [
            self.mop_up(pos, Colour::Black, lead, b.material[1] + b.advancement[1]),
            self.mop_up(pos, Colour::White, -lead, b.material[0] + b.advancement[0]),
        ];
        let us = pos.side_to_move().index();
        let them = 1 - us;
        b.tempo = p.tempo;
        b.total = b.material[us] - b.material[them] + b.advancement[us] - b.advancement[them]
            + b.royal_safety[us]
            - b.royal_safety[them]
            + b.mop_up[us]
            - b.mop_up[them]
            + b.tempo;
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced() {
        for id in taikyoku_movegen::variant::BUILTIN {
            let v = Variant::builtin(id).unwrap();
            let e = Evaluator::new(v.clone());
            let any = taikyoku_movegen::AnyPosition::startpos(v);
            let b = taikyoku_movegen::with_position!(&any, p => e.breakdown(p));
            assert_eq!(b.material[0], b.material[1], "{id}");
            assert_eq!(b.total, e.params.tempo, "{id}: {b}");
        }
    }

    #[test]
    fn incremental_sums_match_the_full_evaluation() {
        use rand::{Rng, SeedableRng};
        let v = Variant::builtin("maka-dai-dai").unwrap();
        let e = Evaluator::new(v.clone());
        let mut p = Position::<6>::startpos(v);
        e.prepare(&mut p);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for _ in 0..300 {
            assert_eq!(e.evaluate(&p), e.breakdown(&p).total);
            let moves = p.moves();
            if moves.is_empty() {
                break;
            }
            p.make(moves[rng.gen_range(0..moves.len())]);
        }
    }

    #[test]
    fn material_difference_shows() {
        let v = Variant::builtin("dai-dai").unwrap();
        let e = Evaluator::new(v.clone());
        let start = Position::<5>::startpos(v.clone());
        let text = start.to_notation().replacen("(lg)q(fr)", "(lg)1(fr)", 1);
        let p = Position::<5>::parse(v, &text).unwrap();
        // White lost its queen: Black (to move) is clearly ahead.
        assert!(e.evaluate(&p) > 800, "{}", e.breakdown(&p));
    }

    /// Far ahead, pieces near the enemy royal and that royal off the centre score; nothing
    /// changes for the side behind, and the incremental evaluation agrees with the breakdown.
    #[test]
    fn mop_up_hunts_the_royal_when_far_ahead() {
        let v = Variant::builtin("dai-dai").unwrap();
        let e = Evaluator::new(v.clone());
        let board = |rows: [&str; 17]| {
            let mut p =
                Position::<5>::parse(v.clone(), &format!("{} b - 1", rows.join("/"))).unwrap();
            e.prepare(&mut p);
            p
        };
        let mut far = ["17"; 17];
        far[0] = "k16";
        far[15] = "QQQ14";
        far[16] = "8K8";
        let mut near = far;
        near[15] = "17";
        near[2] = "QQQ14";
        let (bf, bn) = (e.breakdown(&board(far)), e.breakdown(&board(near)));
        assert!(bf.mop_up[0] > 0 && bf.mop_up[1] == 0, "{bf}");
        assert!(bn.mop_up[0] > bf.mop_up[0], "{bn}\n{bf}");
        // The royal in the corner scores more than in the centre (the same distance from the
        // queens).
        let mut corner = ["17"; 17];
        corner[0] = "k16";
        corner[4] = "QQQ14";
        corner[16] = "8K8";
        let mut centre = ["17"; 17];
        centre[8] = "4k12";
        centre[12] = "QQQ14";
        centre[16] = "8K8";
        let (bk, bc) = (e.breakdown(&board(corner)), e.breakdown(&board(centre)));
        assert!(bc.mop_up[0] < bk.mop_up[0], "{bc}\n{bk}");
        for p in [board(far), board(near), board(corner), board(centre)] {
            assert_eq!(e.evaluate(&p), e.breakdown(&p).total);
        }
    }
}
