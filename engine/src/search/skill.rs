//! A weaker engine on request (the `Skill Level` option, 0 to 19; 20 is full strength).
//!
//! A weak level searches at most [`Skill::max_nodes`] nodes a move, a budget that doubles every
//! two levels (100 nodes at level 0, about 72,000 at level 19), so each level sees more than the
//! one below it whatever the clock; and it finds at least [`LINES`] best lines as MultiPV does
//! and plays the one whose score plus a random bonus is highest. The bonus is drawn from
//! `0..spread`, where the spread shrinks with the square of the distance to full strength (five
//! pawns at level 0, one and a quarter pawns at level 10, a centipawn at level 19): weak levels
//! choose among nearly-best moves often, strong ones almost never, and no level plays a move the
//! search sees losing much more than its spread.
//!
//! A level may be fractional (in hundredths): `UCI_Elo` asks for one between two measured
//! levels.

use taikyoku_movegen::Move;

/// The level of full strength (no weakening).
pub const FULL: u8 = 20;

/// Lines a weak level finds, at least, to choose among.
pub const LINES: usize = 4;

/// Nodes a move at level 0; the budget doubles every two levels.
const NODES_AT_ZERO: f64 = 100.0;

/// Centipawns of random bonus at level 0.
const SPREAD_AT_ZERO: f64 = 500.0;

/// The Elo of the measured levels (`UCI_Elo`): the ladder of matches in chu at 10+0.1 (level
/// L+2 against L, and 5 between 4 and 6) and level 18 against HaChu 0.21, fitted together by
/// `scripts/elo-ladder.py` on a scale where HaChu 0.21 at 10+0.1 is 2000
/// (docs/skill-levels.md).
pub const ELO_OF_LEVEL: [(u8, i32); 12] = [
    (0, 170),
    (2, 350),
    (4, 651),
    (5, 772),
    (6, 1048),
    (8, 1195),
    (10, 1464),
    (12, 1667),
    (14, 1908),
    (16, 2135),
    (18, 2338),
    (20, 2902),
];

/// The weakest and the strongest Elo `UCI_Elo` can ask for.
pub fn elo_range() -> (i32, i32) {
    (ELO_OF_LEVEL[0].1, ELO_OF_LEVEL[ELO_OF_LEVEL.len() - 1].1)
}

/// The level, in hundredths, that plays at `elo` (linear between the measured levels; at or
/// above full strength's Elo: full strength, `100 * FULL`).
pub fn centi_level_for_elo(elo: i32) -> u16 {
    let (lowest, highest) = elo_range();
    let elo = elo.clamp(lowest, highest);
    for pair in ELO_OF_LEVEL.windows(2) {
        let ((l0, e0), (l1, e1)) = (pair[0], pair[1]);
        if elo <= e1 {
            let part = (elo - e0) as f64 / (e1 - e0) as f64;
            return ((l0 as f64 + part * (l1 - l0) as f64) * 100.0).round() as u16;
        }
    }
    FULL as u16 * 100
}

/// A weakened search's level and its random seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// Hundredths of a level, below `100 * FULL`.
    centi: u16,
    seed: u64,
}

impl Skill {
    /// A weakening at `level` (below [`FULL`]; `None` at or above it: full strength), choosing
    /// with `seed`.
    pub fn new(level: u8, seed: u64) -> Option<Skill> {
        Skill::fractional(level as u16 * 100, seed)
    }

    /// A weakening at `centi` hundredths of a level (`None` at or above full strength).
    pub fn fractional(centi: u16, seed: u64) -> Option<Skill> {
        (centi < FULL as u16 * 100).then_some(Skill { centi, seed })
    }

    fn level(self) -> f64 {
        self.centi as f64 / 100.0
    }

    /// The most nodes it searches for a move (the first iteration always completes).
    pub fn max_nodes(self) -> u64 {
        (NODES_AT_ZERO * 2f64.powf(self.level() / 2.0)).round() as u64
    }

    /// The largest random bonus a line can get, in centipawns.
    pub fn spread(self) -> i32 {
        let below = (FULL as f64 - self.level()) / FULL as f64;
        (SPREAD_AT_ZERO * below * below).round() as i32
    }

    /// The line to play among `lines` (score, moves), best first as the search found them:
    /// the one whose score plus its bonus is highest; `None` when no line has a move.
    pub fn choose(self, lines: &[(i32, Vec<Move>)]) -> Option<usize> {
        let mut rng = self.seed ^ 0x9e37_79b9_7f4a_7c15;
        let spread = self.spread().max(1) as u64;
        let mut best: Option<(i64, usize)> = None;
        for (i, (score, pv)) in lines.iter().enumerate() {
            if pv.is_empty() {
                continue;
            }
            let bonus = (next(&mut rng) % spread) as i64;
            let total = *score as i64 + bonus;
            if best.is_none_or(|(b, _)| total > b) {
                best = Some((total, i));
            }
        }
        best.map(|(_, i)| i)
    }
}

/// The next number of a splitmix64 sequence.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use taikyoku_movegen::Square;

    fn lines(scores: &[i32]) -> Vec<(i32, Vec<Move>)> {
        scores
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, vec![Move::new(Square(100 + i as u16), Square(200))]))
            .collect()
    }

    #[test]
    fn full_strength_is_no_skill() {
        assert_eq!(Skill::new(FULL, 1), None);
        assert_eq!(Skill::fractional(2000, 1), None);
        assert_eq!(Skill::new(0, 1).unwrap().spread(), 500);
        assert_eq!(Skill::new(10, 1).unwrap().spread(), 125);
        assert_eq!(Skill::new(19, 1).unwrap().spread(), 1);
    }

    #[test]
    fn an_elo_asks_for_the_level_between_its_measured_neighbours() {
        let (lowest, highest) = elo_range();
        assert_eq!(centi_level_for_elo(lowest - 500), 0);
        assert_eq!(centi_level_for_elo(highest), 2000);
        assert_eq!(centi_level_for_elo(highest + 1), 2000);
        let (l, e) = ELO_OF_LEVEL[3];
        assert_eq!(centi_level_for_elo(e), l as u16 * 100);
        let (l1, e1) = ELO_OF_LEVEL[4];
        let middle = centi_level_for_elo((e + e1) / 2);
        assert!(
            middle > l as u16 * 100 && middle < l1 as u16 * 100,
            "{middle}"
        );
        // The scale is monotone: a higher Elo never asks for a lower level.
        assert!(ELO_OF_LEVEL
            .windows(2)
            .all(|p| p[1].1 > p[0].1 && p[1].0 > p[0].0));
        assert!((lowest..highest).all(|e| centi_level_for_elo(e + 1) >= centi_level_for_elo(e)));
    }

    #[test]
    fn the_node_budget_doubles_every_two_levels() {
        let nodes = |c| Skill::fractional(c, 1).unwrap().max_nodes();
        assert_eq!(nodes(0), 100);
        assert_eq!(nodes(200), 200);
        assert_eq!(nodes(1000), 3200);
        assert_eq!(nodes(1900), 72_408);
        assert_eq!(nodes(50), 119);
        // Every hundredth of a level searches at least as much as the one below it.
        assert!((1..2000).all(|c| nodes(c) >= nodes(c - 1)));
    }

    #[test]
    fn close_lines_are_chosen_by_chance_far_worse_ones_never() {
        // Level 0 (spread 500): the second line, 100 worse, wins about a third of the draws;
        // the third, 600 worse, never can.
        let l = lines(&[0, -100, -600]);
        let mut picked = [0; 3];
        for seed in 0..300 {
            picked[Skill::new(0, seed).unwrap().choose(&l).unwrap()] += 1;
        }
        assert_eq!(picked[2], 0, "{picked:?}");
        assert!(picked[1] > 50 && picked[0] > picked[1], "{picked:?}");
        // Level 19 (spread 1): the best line always.
        for seed in 0..300 {
            assert_eq!(Skill::new(19, seed).unwrap().choose(&l), Some(0));
        }
    }

    #[test]
    fn a_line_without_a_move_is_not_chosen() {
        let mut l = lines(&[0, -10]);
        l[0].1.clear();
        assert_eq!(Skill::new(0, 3).unwrap().choose(&l), Some(1));
        assert_eq!(Skill::new(0, 3).unwrap().choose(&[]), None);
    }
}
