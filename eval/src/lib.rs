//! Static evaluation of positions of the giant shogi variants.
//!
//! Piece values come from each piece's movement ([`values`]); positional terms (placement:
//! advancement and centrality; safety of the royal pieces; tempo) are cheap enough for every
//! node of a Taikyoku search. All parameters live in [`params::Params`];
//! [`Evaluator::breakdown`] shows a position's score term by term (the `eval` command).
//!
//! Material and placement are sums over the pieces; a search keeps them in an [`Accumulator`]
//! that follows its position's make and unmake as a [`MoveObserver`], so that
//! [`Evaluator::evaluate_with`] reads them in O(1). The position itself knows nothing of the
//! evaluation.

#![forbid(unsafe_code)]

pub mod params;
pub mod values;

use std::fmt;
use std::sync::Arc;

use taikyoku_movegen::{Colour, KindId, MoveObserver, Piece, Position, Square, Variant};

pub use params::Params;
pub use values::Values;

/// Score of a position split by term, from Black's point of view except `total`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breakdown {
    /// Material (with promotion potential), per colour.
    pub material: [i32; 2],
    /// Where the pieces stand (advancement and centrality), per colour.
    pub placement: [i32; 2],
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
            ("placement", self.placement),
            ("royal safety", self.royal_safety),
            ("mop-up", self.mop_up),
        ] {
            writeln!(f, "{name:<12} {:>8} {:>8} {:>8}", v[0], v[1], v[0] - v[1])?;
        }
        writeln!(f, "{:<12} {:>26}", "tempo", self.tempo)?;
        write!(f, "total (side to move) {:>18}", self.total)
    }
}

/// What each piece weighs in the material and placement sums: a piece contributes
/// `base[piece] + per_row[piece] * (rows it stands from its own back rank) + per_col[piece] *
/// (files it stands in from the nearer edge)`, indexed by [`Piece::index`].
#[derive(Debug)]
struct Weights {
    /// Constant part per piece (material).
    base: Vec<i32>,
    /// Per rank advanced, per piece.
    per_row: Vec<i32>,
    /// Per file in from the nearer edge, per piece.
    per_col: Vec<i32>,
    /// Per padded square, the files it stands in from the nearer edge (0 off the board).
    cols: Vec<i32>,
    /// Per colour and padded square, the rows it stands from that colour's own back rank
    /// (index `square * 2 + colour`; 0 off the board).
    rows: Vec<i32>,
}

impl Weights {
    /// The contribution of piece `p` on `sq`.
    #[inline]
    fn of(&self, sq: Square, p: Piece) -> i32 {
        let i = p.index();
        let (pr, pc) = (self.per_row[i], self.per_col[i]);
        if pr == 0 && pc == 0 {
            self.base[i]
        } else {
            self.base[i]
                + pr * self.rows[sq.index() * 2 + p.colour().index()]
                + pc * self.cols[sq.index()]
        }
    }
}

/// The running material and placement sums of one position, per colour: what
/// [`Evaluator::evaluate_with`] reads instead of visiting every piece.
///
/// It lives outside the position (a search thread owns one next to its position) and follows
/// it as a [`MoveObserver`]: pass it to `Position::make_observed` and `unmake_observed`. Each
/// piece placed adds its weight and each piece removed subtracts it, so unmake, which reports
/// the reverse changes, restores the sums exactly with no stack; null moves change nothing.
/// Plain `make`/`unmake` leave it alone, so a line made and unmade that way leaves it right.
#[derive(Clone, Debug)]
pub struct Accumulator {
    weights: Arc<Weights>,
    sums: [i32; 2],
}

impl Accumulator {
    /// The sum of a side's material and placement.
    #[inline]
    pub fn sum(&self, c: Colour) -> i32 {
        self.sums[c.index()]
    }
}

impl MoveObserver for Accumulator {
    #[inline]
    fn placed(&mut self, sq: Square, p: Piece) {
        self.sums[p.colour().index()] += self.weights.of(sq, p);
    }

    #[inline]
    fn removed(&mut self, sq: Square, p: Piece) {
        self.sums[p.colour().index()] -= self.weights.of(sq, p);
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
    weights: Arc<Weights>,
    royal_kinds: Vec<KindId>,
}

impl Evaluator {
    /// An evaluator for `variant` with the default parameters.
    pub fn new(variant: Arc<Variant>) -> Evaluator {
        Evaluator::with_params(variant, Params::default())
    }

    /// An evaluator with the given parameters.
    pub fn with_params(variant: Arc<Variant>, params: Params) -> Evaluator {
        let values = values::derive(&variant, &params);
        let geo = variant.geometry();
        let (ranks, files) = (geo.ranks() as i32, geo.files() as i32);
        let advance_unit = (params.advance_bonus * 12 / ranks.max(1)).max(1);
        let large_unit = params.advance_large_bonus * 12 / ranks.max(1);
        let centre_unit = params.centre_bonus * 12 / files.max(1);
        let centre_large_unit = params.centre_large_bonus * 12 / files.max(1);
        // Per piece: small pieces advance by `advance_unit` and centre by `centre_unit`,
        // larger ones by `large_unit` and `centre_large_unit`, royal pieces not at all (their
        // safety is scored apart).
        let mut per_row = vec![0; values.by_piece.len()];
        let mut per_col = vec![0; values.by_piece.len()];
        for kind in variant.kind_ids() {
            for promoted in [false, true] {
                let f = Variant::form_of(kind, promoted);
                let moves_as = if promoted {
                    variant.kind(kind).promotes_to().unwrap_or(kind)
                } else {
                    kind
                };
                let (unit, cunit) = if variant.kind(moves_as).is_royal() {
                    (0, 0)
                } else if values.by_form[f.index()] <= params.advance_max_value {
                    (advance_unit, centre_unit)
                } else {
                    (large_unit, centre_large_unit)
                };
                for c in [Colour::Black, Colour::White] {
                    per_row[Piece::new(f, c).index()] = unit;
                    per_col[Piece::new(f, c).index()] = cunit;
                }
            }
        }
        let mut rows = vec![0; geo.padded_len() * 2];
        let mut cols = vec![0; geo.padded_len()];
        for sq in geo.all_squares() {
            let col = geo.col(sq) as i32;
            cols[sq.index()] = col.min(files - 1 - col);
            let row = geo.row(sq) as i32;
            rows[sq.index() * 2 + Colour::Black.index()] = ranks - 1 - row;
            rows[sq.index() * 2 + Colour::White.index()] = row;
        }
        let weights = Arc::new(Weights {
            base: values.by_piece.clone(),
            per_row,
            rows,
            per_col,
            cols,
        });
        let royal_kinds = variant
            .kind_ids()
            .filter(|&k| variant.kind(k).is_royal())
            .collect();
        Evaluator {
            variant,
            values,
            params,
            weights,
            royal_kinds,
        }
    }

    /// The material and placement sums of `pos`, computed afresh, to be kept by make and
    /// unmake from now on (searches call this once, on their own copy of the position).
    pub fn accumulator<const N: usize>(&self, pos: &Position<N>) -> Accumulator {
        let mut sums = [0; 2];
        for c in [Colour::Black, Colour::White] {
            for sq in pos.pieces(c) {
                sums[c.index()] += self.weights.of(sq, pos.piece_at(sq));
            }
        }
        Accumulator {
            weights: self.weights.clone(),
            sums,
        }
    }

    /// The score from the side to move's point of view, in centipawns, computed from scratch
    /// (every piece visited; [`Evaluator::evaluate_with`] is the search's O(royal pieces) path).
    pub fn evaluate<const N: usize>(&self, pos: &Position<N>) -> i32 {
        self.terms(pos).total
    }

    /// The score from the side to move's point of view, in centipawns, with material and
    /// placement read from `acc`, which must describe `pos` (made by
    /// [`Evaluator::accumulator`] of this evaluator and kept by make/unmake since). Equal to
    /// [`Evaluator::evaluate`].
    #[inline]
    pub fn evaluate_with<const N: usize>(&self, pos: &Position<N>, acc: &Accumulator) -> i32 {
        debug_assert!(Arc::ptr_eq(&acc.weights, &self.weights));
        let us = pos.side_to_move();
        let (ours, theirs) = (acc.sum(us), acc.sum(us.flip()));
        let sum = ours - theirs;
        let safety = self.royal_safety(pos, us) - self.royal_safety(pos, us.flip());
        let mop_up = self.mop_up(pos, us, sum, theirs) - self.mop_up(pos, us.flip(), -sum, ours);
        sum + safety + mop_up + self.params.tempo
    }

    /// The mop-up term of side `c`, ahead by `lead` (material and placement) over an
    /// opponent whose material and placement is `theirs`: far ahead, the game is won by
    /// capturing the royal pieces, not by collecting more material, so `c`'s pieces score for
    /// standing near the nearest enemy royal and the enemy royals for being driven from the
    /// centre. Zero unless the lead is at least `mop_up_lead` and `mop_up_share` percent of what
    /// the opponent has (so a Taikyoku army's opening trades do not count as "far ahead"), and never more
    /// than half the lead, so that it never outweighs the material it rewards.
    fn mop_up<const N: usize>(&self, pos: &Position<N>, c: Colour, lead: i32, theirs: i32) -> i32 {
        let p = &self.params;
        if lead < p.mop_up_lead || lead * 100 < theirs * p.mop_up_share {
            return 0;
        }
        let geo = self.variant.geometry();
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
        let geo = v.geometry();
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

    /// The safety term of one royal on `sq` (times `weight`): enemy pieces within two squares
    /// of it, own pieces next to it.
    fn safety_around<const N: usize>(
        &self,
        pos: &Position<N>,
        c: Colour,
        sq: taikyoku_movegen::Square,
        weight: i32,
        p: &Params,
    ) -> i32 {
        let mut total = 0;
        pos.for_each_piece_near(sq, 2, |dc, dr, q| {
            if q.colour() != c {
                total -= p.royal_attacker_penalty * weight;
            } else if dc.abs() <= 1 && dr.abs() <= 1 {
                total += p.royal_defender_bonus * weight;
            }
        });
        total
    }

    /// The score with every term shown.
    pub fn breakdown<const N: usize>(&self, pos: &Position<N>) -> Breakdown {
        self.terms(pos)
    }

    fn terms<const N: usize>(&self, pos: &Position<N>) -> Breakdown {
        let p = &self.params;
        let mut b = Breakdown::default();
        for c in [Colour::Black, Colour::White] {
            let ci = c.index();
            for sq in pos.pieces(c) {
                let pc = pos.piece_at(sq);
                let val = self.values.piece(pc);
                b.material[ci] += val;
                b.placement[ci] += self.weights.of(sq, pc) - val;
            }
        }
        for c in [Colour::Black, Colour::White] {
            b.royal_safety[c.index()] = self.royal_safety(pos, c);
        }
        let lead = b.material[0] - b.material[1] + b.placement[0] - b.placement[1];
        b.mop_up = [
            self.mop_up(pos, Colour::Black, lead, b.material[1] + b.placement[1]),
            self.mop_up(pos, Colour::White, -lead, b.material[0] + b.placement[0]),
        ];
        let us = pos.side_to_move().index();
        let them = 1 - us;
        b.tempo = p.tempo;
        b.total = b.material[us] - b.material[them] + b.placement[us] - b.placement[them]
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
        for id in taikyoku_movegen::BUILTIN {
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
        let mut acc = e.accumulator(&p);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for _ in 0..300 {
            assert_eq!(e.evaluate_with(&p, &acc), e.breakdown(&p).total);
            let moves = p.moves();
            if moves.is_empty() {
                break;
            }
            p.make_observed(moves[rng.gen_range(0..moves.len())], &mut acc);
        }
    }

    /// What a random game exercised.
    #[derive(Debug, Default)]
    struct Tally {
        captures: usize,
        multiple_removals: usize,
        promotions: usize,
        unmakes: usize,
    }

    /// Plays a random game of `plies` from the start (capturing moves preferred, the one taking
    /// the most pieces a quarter of the time, so that material changes hands), taking back about one move in four, and checks after every make
    /// and unmake that the accumulator equals one computed afresh and that unmake restores the
    /// sums from before the move; at the end takes every move back.
    fn accumulator_along_random_game<const N: usize>(id: &str, seed: u64, plies: usize) -> Tally {
        use rand::{Rng, SeedableRng};
        use taikyoku_movegen::Promotion;
        let v = Variant::builtin(id).unwrap();
        let e = Evaluator::new(v.clone());
        let mut p = Position::<N>::startpos(v);
        let mut acc = e.accumulator(&p);
        let start = acc.sums;
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut tally = Tally::default();
        let mut before = Vec::new();
        let pieces = |p: &Position<N>| p.piece_count(Colour::Black) + p.piece_count(Colour::White);
        let same = |p: &Position<N>, acc: &Accumulator, what: &str| {
            assert_eq!(acc.sums, e.accumulator(p).sums, "{id}: after {what}");
        };
        for _ in 0..plies {
            if p.winner().is_some() {
                break;
            }
            let moves = p.moves();
            if moves.is_empty() {
                break;
            }
            // Capturing moves, with how many pieces each takes (shots and range captures
            // included).
            let captures: Vec<_> = moves
                .iter()
                .map(|&m| {
                    let mut n = 0;
                    p.for_each_captured(m, |_, _| n += 1);
                    (n, m)
                })
                .filter(|&(n, _)| n > 0)
                .collect();
            let m = match rng.gen_range(0..4) {
                0 if !captures.is_empty() => captures.iter().max_by_key(|c| c.0).unwrap().1,
                1 if !captures.is_empty() => captures[rng.gen_range(0..captures.len())].1,
                _ => moves[rng.gen_range(0..moves.len())],
            };
            let n = pieces(&p);
            before.push(acc.sums);
            p.make_observed(m, &mut acc);
            same(&p, &acc, "make");
            let removed = n - pieces(&p);
            tally.captures += (removed > 0) as usize;
            tally.multiple_removals += (removed > 1) as usize;
            tally.promotions += (m.promotion() == Promotion::Promote) as usize;
            if rng.gen_range(0..4) == 0 {
                p.unmake_observed(&mut acc);
                same(&p, &acc, "unmake");
                assert_eq!(
                    Some(acc.sums),
                    before.pop(),
                    "{id}: unmake restores the sums"
                );
                tally.unmakes += 1;
            }
        }
        while p.ply() > 0 {
            p.unmake_observed(&mut acc);
            same(&p, &acc, "unmake");
        }
        assert_eq!(acc.sums, start, "{id}");
        tally
    }

    /// The accumulator equals a fresh computation along random games with captures, promotions
    /// and unmake: Ko shogi (shots and burns remove several pieces at once, promotions change
    /// pieces in place) and Taikyoku (range captures).
    #[test]
    fn accumulator_follows_make_and_unmake() {
        let games = |id: &str, seeds: std::ops::Range<u64>| {
            let mut t = Tally::default();
            for seed in seeds {
                let g = match id {
                    "ko" => accumulator_along_random_game::<6>(id, seed, 600),
                    _ => accumulator_along_random_game::<21>(id, seed, 600),
                };
                t.captures += g.captures;
                t.multiple_removals += g.multiple_removals;
                t.promotions += g.promotions;
                t.unmakes += g.unmakes;
            }
            t
        };
        let ko = games("ko", 11..17);
        let taikyoku = games("taikyoku", 11..13);
        for (id, t) in [("ko", &ko), ("taikyoku", &taikyoku)] {
            assert!(
                t.captures > 20 && t.promotions > 0 && t.unmakes > 20,
                "{id}: {t:?}"
            );
        }
        assert!(ko.multiple_removals > 2, "ko: {ko:?}");
        eprintln!("ko {ko:?}, taikyoku {taikyoku:?}");
    }

    /// Every move of a Ko position where a poison flame burns the four enemies around 10i
    /// (docs/ko.md "Burning"): after make and after unmake the accumulator equals one computed
    /// afresh.
    #[test]
    fn accumulator_follows_burning() {
        let v = Variant::builtin("ko").unwrap();
        let e = Evaluator::new(v.clone());
        // Black: general 2s, poison flame 10j, shield 11i; White: general 18a, pawns 11h, 10h,
        // 9i, poison flame 9h.
        let rows = [
            "1g17",
            "19",
            "19",
            "19",
            "19",
            "19",
            "19",
            "8pp+(en)8",
            "8(SP)1p8",
            "9+(EN)9",
            "19",
            "19",
            "19",
            "19",
            "19",
            "19",
            "19",
            "19",
            "17G1",
        ];
        let mut p = Position::<6>::parse(v, &format!("{} b - 1", rows.join("/"))).unwrap();
        let mut acc = e.accumulator(&p);
        let start = acc.sums;
        let mut most = 0;
        let pieces = |p: &Position<6>| p.piece_count(Colour::Black) + p.piece_count(Colour::White);
        for m in p.moves() {
            let n = pieces(&p);
            p.make_observed(m, &mut acc);
            most = most.max(n - pieces(&p));
            assert_eq!(acc.sums, e.accumulator(&p).sums);
            p.unmake_observed(&mut acc);
            assert_eq!(acc.sums, start);
        }
        assert_eq!(most, 4, "the poison flame burns four pieces on 10i");
    }

    /// Centrality by hand: with `centre_bonus` 17 and `centre_large_bonus` 34 a Dai dai board
    /// (17 files) scores 12 and 24 per file in from the nearer edge; a pawn four files in
    /// scores 48 more than on the edge, a queen eight files in (the centre) 192 more, a king
    /// nothing; the incremental evaluation agrees.
    #[test]
    fn centrality_scores_files_in_from_the_edge() {
        let v = Variant::builtin("dai-dai").unwrap();
        let mut params = Params::default();
        params
            .apply("centre_bonus=17,centre_large_bonus=34")
            .unwrap();
        let e = Evaluator::with_params(v.clone(), params);
        let placement = |rows: [&str; 17]| {
            let p = Position::<5>::parse(v.clone(), &format!("{} b - 1", rows.join("/"))).unwrap();
            assert_eq!(e.evaluate_with(&p, &e.accumulator(&p)), e.evaluate(&p));
            e.breakdown(&p).placement[0]
        };
        let mut rows = ["17"; 17];
        rows[0] = "8k8";
        rows[16] = "8K8";
        rows[12] = "P16";
        let edge = placement(rows);
        rows[12] = "4P12";
        assert_eq!(placement(rows) - edge, 4 * 12, "pawn");
        rows[12] = "P16";
        rows[14] = "16Q";
        let queen_edge = placement(rows);
        rows[14] = "8Q8";
        assert_eq!(placement(rows) - queen_edge, 8 * 24, "queen");
        rows[16] = "16K";
        let king_edge = placement(rows);
        rows[16] = "8K8";
        assert_eq!(placement(rows), king_edge, "king");
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

    /// Royal safety counts the enemy pieces within two squares of a royal and its own pieces
    /// next to it, doubled for a side's first royal (here each side's only one); the board's
    /// edge is no piece. White's king in the corner (17a): its gold on 16a is next to it, its
    /// silver on 15c two squares away (not counted), Black's pawn on 16b, gold on 15a and
    /// silver on 17c within two (one in each direction), Black's pawns on 14a and 17d three
    /// files and three ranks away (not counted). Black's king on 9q has nothing near.
    #[test]
    fn royal_safety_counts_pieces_near_the_royal() {
        let v = Variant::builtin("dai-dai").unwrap();
        let e = Evaluator::new(v.clone());
        let mut rows = ["17"; 17];
        rows[0] = "kgGP13";
        rows[1] = "1P15";
        rows[2] = "S1s14";
        rows[3] = "P16";
        rows[16] = "8K8";
        let p = Position::<5>::parse(v, &format!("{} b - 1", rows.join("/"))).unwrap();
        let b = e.breakdown(&p);
        let params = Params::default();
        let white = 2 * params.royal_defender_bonus - 2 * 3 * params.royal_attacker_penalty;
        assert_ne!(white, 0);
        assert_eq!(b.royal_safety, [0, white], "{b}");
    }

    /// Far ahead, pieces near the enemy royal and that royal off the centre score; nothing
    /// changes for the side behind, and the incremental evaluation agrees with the breakdown.
    #[test]
    fn mop_up_hunts_the_royal_when_far_ahead() {
        let v = Variant::builtin("dai-dai").unwrap();
        let e = Evaluator::new(v.clone());
        let board = |rows: [&str; 17]| {
            Position::<5>::parse(v.clone(), &format!("{} b - 1", rows.join("/"))).unwrap()
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
        // queens; the closeness term off, since the own king is nearer the central royal).
        let edge_only = Evaluator::with_params(
            v.clone(),
            crate::Params {
                mop_up_closeness: 0,
                ..Default::default()
            },
        );
        let mut corner = ["17"; 17];
        corner[0] = "k16";
        corner[4] = "QQQ14";
        corner[16] = "8K8";
        let mut centre = ["17"; 17];
        centre[8] = "4k12";
        centre[12] = "QQQ14";
        centre[16] = "8K8";
        let (bk, bc) = (
            edge_only.breakdown(&board(corner)),
            edge_only.breakdown(&board(centre)),
        );
        assert!(
            0 < bc.mop_up[0] && bc.mop_up[0] < bk.mop_up[0],
            "{bc}\n{bk}"
        );
        for p in [board(far), board(near), board(corner), board(centre)] {
            assert_eq!(
                e.evaluate_with(&p, &e.accumulator(&p)),
                e.breakdown(&p).total
            );
        }
    }
}
