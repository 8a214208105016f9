//! Match statistics: score, Elo difference with a 95% interval, likelihood of superiority,
//! pentanomial counts of game pairs, the sequential probability ratio test, and the lengths
//! of each engine's won games.
//!
//! Elo uses the logistic model (`score = 1 / (1 + 10^(-elo/400))`). With game pairs (the same
//! opening played with both colours) the interval comes from the variance of pair scores, which
//! removes the openings' bias; otherwise from the per-game (trinomial) variance. The SPRT uses
//! the usual normal approximation of the generalised log-likelihood ratio:
//! `LLR = (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance / n)`.

use std::collections::BTreeMap;
use std::fmt;

/// Results of the first engine, counted by game and by pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won by the first engine.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost by the first engine.
    pub losses: u32,
    /// Pairs by the first engine's points in the pair: 0, 0.5, 1, 1.5, 2.
    pub pentanomial: [u32; 5],
}

impl Tally {
    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points of the first engine.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Mean score per game and its variance per sample (pair or game), and the sample count.
    fn mean_var(&self) -> Option<(f64, f64, f64)> {
        let pairs: u32 = self.pentanomial.iter().sum();
        if pairs >= 2 {
            let n = pairs as f64;
            let xs = [0.0, 0.25, 0.5, 0.75, 1.0];
            let mean: f64 = xs
                .iter()
                .zip(self.pentanomial)
                .map(|(x, c)| x * c as f64)
                .sum::<f64>()
                / n;
            let var: f64 = xs
                .iter()
                .zip(self.pentanomial)
                .map(|(x, c)| c as f64 * (x - mean).powi(2))
                .sum::<f64>()
                / n;
            Some((mean, var, n))
        } else if self.games() >= 2 {
            let n = self.games() as f64;
            let mean = self.points() / n;
            let var = (self.wins as f64 * (1.0 - mean).powi(2)
                + self.draws as f64 * (0.5 - mean).powi(2)
                + self.losses as f64 * mean.powi(2))
                / n;
            Some((mean, var, n))
        } else {
            None
        }
    }

    /// Elo difference and the half-width of its 95% interval (`None` with too few games or a
    /// perfect score, where the interval is unbounded).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (e, lo, hi) = self.elo_interval()?;
        (lo.is_finite() && hi.is_finite()).then_some((e, (hi - lo) / 2.0))
    }

    /// Elo difference and the ends of its 95% interval, an end infinite where the interval
    /// runs past a perfect (or null) score; `None` with too few games, or when the score
    /// itself is perfect or null.
    pub fn elo_interval(&self) -> Option<(f64, f64, f64)> {
        let (mean, var, n) = self.mean_var()?;
        let se = (var / n).sqrt();
        let e = score_to_elo(mean);
        e.is_finite().then(|| {
            (
                e,
                score_to_elo(mean - 1.959964 * se),
                score_to_elo(mean + 1.959964 * se),
            )
        })
    }

    /// Likelihood of superiority of the first engine, from wins and losses.
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    /// Log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let Some((mean, var, n)) = self.mean_var() else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (elo_to_score(elo0), elo_to_score(elo1));
        (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var / n)
    }
}

/// The lengths in plies of the games one engine won, for how quickly it wins (a deeper
/// search against a shallower one, or a lead converted): counted by length, so the memory is
/// bounded by the distinct lengths (at most the longest game), not by the number of games.
/// Every win counts, at the ply its game ended, whatever ended it (the rules, an
/// adjudication, the opponent's fault).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WinLengths {
    counts: BTreeMap<usize, u32>,
    total: u32,
}

impl WinLengths {
    /// Counts a won game of `plies` plies.
    pub fn add(&mut self, plies: usize) {
        *self.counts.entry(plies).or_insert(0) += 1;
        self.total += 1;
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.total
    }

    /// The shortest length within which at least `share` (0 to 1) of the wins, and at least
    /// one, ended (the nearest-rank quantile: share 0 gives the shortest win, 1 the longest);
    /// None without wins.
    pub fn within(&self, share: f64) -> Option<usize> {
        let rank = ((share * self.total as f64).ceil() as u32).clamp(1, self.total.max(1));
        let mut seen = 0;
        self.counts.iter().find_map(|(&plies, &n)| {
            seen += n;
            (seen >= rank).then_some(plies)
        })
    }
}

impl fmt::Display for WinLengths {
    /// `N won (10% by A, half by B, 90% by C, all by D)`, or `0` without wins.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match [0.1, 0.5, 0.9, 1.0].map(|share| self.within(share)) {
            [Some(p10), Some(p50), Some(p90), Some(all)] => write!(
                f,
                "{} won (10% by {p10}, half by {p50}, 90% by {p90}, all by {all})",
                self.total
            ),
            _ => write!(f, "0"),
        }
    }
}

/// Bounds of the SPRT: (lower, upper) log-likelihood ratios for error rates alpha, beta.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// Expected score for an Elo difference.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference for an expected score.
pub fn score_to_elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.3275911 * x.abs());
    let y = 1.0
        - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
            + 0.254829592)
            * t
            * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!((score_to_elo(0.75) - 190.85).abs() < 0.1);
        assert!((elo_to_score(0.0) - 0.5).abs() < 1e-12);
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
    }

    /// Lengths 10, 20, ..., 120: 10% of the 12 wins by ply 20 (rank ceil(1.2) = 2), half by
    /// 60 (rank 6), 90% by 110 (rank ceil(10.8) = 11; a floor would give 100), all by 120;
    /// one win gives its length for every share.
    #[test]
    fn win_lengths_quantiles() {
        let mut w = WinLengths::default();
        assert_eq!(w.within(0.5), None);
        assert_eq!(w.to_string(), "0");
        w.add(70);
        assert_eq!([0.0, 0.1, 0.9, 1.0].map(|s| w.within(s)), [Some(70); 4]);
        let mut w = WinLengths::default();
        for plies in (1..=12).rev().map(|k| k * 10) {
            w.add(plies);
        }
        assert_eq!(w.games(), 12);
        assert_eq!(w.within(0.0), Some(10));
        assert_eq!(w.within(0.1), Some(20));
        assert_eq!(w.within(0.5), Some(60));
        assert_eq!(w.within(0.9), Some(110));
        assert_eq!(w.within(1.0), Some(120));
        assert_eq!(
            w.to_string(),
            "12 won (10% by 20, half by 60, 90% by 110, all by 120)"
        );
    }

    #[test]
    fn tally_figures() {
        let t = Tally {
            wins: 30,
            draws: 10,
            losses: 20,
            pentanomial: [0; 5],
        };
        let (e, ci) = t.elo().unwrap();
        assert!((e - 58.45).abs() < 0.1, "{e}");
        assert!(ci > 50.0 && ci < 150.0, "{ci}");
        assert!(t.los() > 0.9 && t.los() < 0.95, "{}", t.los());
        let p = Tally {
            wins: 0,
            draws: 0,
            losses: 0,
            pentanomial: [1, 2, 3, 6, 8],
        };
        let (e, _) = p.elo().unwrap();
        // Mean pair score (0*1 + .25*2 + .5*3 + .75*6 + 1*8) / 20 = 0.725.
        assert!((e - score_to_elo(0.725)).abs() < 1e-9);
        let (lo, hi) = sprt_bounds(0.05, 0.05);
        assert!((lo + 2.944).abs() < 0.01 && (hi - 2.944).abs() < 0.01);
        assert!(p.llr(0.0, 10.0) > 0.0);
        assert!(Tally {
            wins: 5,
            draws: 0,
            losses: 0,
            pentanomial: [0; 5]
        }
        .elo()
        .is_none());
        // 99 wins and 1 loss in pairs: the estimate and a lower end, the upper end unbounded.
        let near = Tally {
            wins: 99,
            draws: 0,
            losses: 1,
            pentanomial: [0, 0, 1, 0, 49],
        };
        assert!(near.elo().is_none());
        let (e, lo, hi) = near.elo_interval().unwrap();
        assert!((e - score_to_elo(0.99)).abs() < 1e-9, "{e}");
        assert!(lo.is_finite() && lo < e && hi == f64::INFINITY, "{lo} {hi}");
        let all = Tally {
            wins: 5,
            draws: 0,
            losses: 0,
            pentanomial: [0; 5],
        };
        assert!(all.elo_interval().is_none());
    }
}
