//! A weaker engine on request (the `Skill Level` option, 0 to 19; 20 is full strength).
//!
//! A weak level searches no deeper than `1 + level` plies, finds at least [`LINES`] best lines
//! as MultiPV does, and plays the line whose score plus a random bonus is highest: the bonus is
//! drawn from `0..spread`, where the spread grows by a quarter pawn per level below full
//! strength (five pawns at level 0). So a weak level chooses among the moves that are nearly as
//! good as the best, more often the weaker the level, but never a move that the search sees
//! losing much more than the spread.

use taikyoku_movegen::Move;

/// The level of full strength (no weakening).
pub const FULL: u8 = 20;

/// Lines a weak level finds, at least, to choose among.
pub const LINES: usize = 4;

/// Centipawns of random bonus per level below [`FULL`].
const SPREAD_PER_LEVEL: i32 = 25;

/// A weakened search's level and its random seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u8,
    seed: u64,
}

impl Skill {
    /// A weakening at `level` (below [`FULL`]; `None` at or above it: full strength), choosing
    /// with `seed`.
    pub fn new(level: u8, seed: u64) -> Option<Skill> {
        (level < FULL).then_some(Skill { level, seed })
    }

    /// The level, 0 to 19.
    pub fn level(self) -> u8 {
        self.level
    }

    /// The deepest iteration it searches.
    pub fn max_depth(self) -> i32 {
        1 + self.level as i32
    }

    /// The largest random bonus a line can get, in centipawns.
    pub fn spread(self) -> i32 {
        SPREAD_PER_LEVEL * (FULL - self.level) as i32
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
        assert_eq!(Skill::new(19, 1).unwrap().max_depth(), 20);
        assert_eq!(Skill::new(0, 1).unwrap().spread(), 500);
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
        // Level 19 (spread 25): the best line always.
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
