//! The bare-king rule (`docs/chu.md`): a side left with its royal piece alone (apart from
//! pawns and lances on the last rank) loses unless it can bare the other at once; two bare
//! royals draw. Enabled by the variant file's `[rules]` `bare-king` (HaChu's reading of chu,
//! `chu-hachu.var`, has no such rule).

use crate::board::geometry::{Colour, Square};
use crate::board::position::Position;
use crate::rules::game::{EndReason, GameResult, Outcome};

impl<const N: usize> Position<N> {
    /// Chu shogi's bare-king rule and draw by bare kings (`docs/chu.md`), if the variant has
    /// them and they apply: `Some(Some(winner))`, `Some(None)` for the draw. Such a position
    /// is over: it has no moves. Cheap when both sides still have many pieces (the usual
    /// case), and allocation-free, since move generation asks it at every node.
    #[inline]
    pub fn bare_king_state(&self) -> Option<Option<Colour>> {
        let v = &*self.variant;
        if !v.def.rules.bare_king {
            return None;
        }
        // A bared side has its royal and at most its pawns and lances on its last rank.
        const MOST: usize = 15;
        if self.plist[0].len() > MOST && self.plist[1].len() > MOST {
            return None;
        }
        self.bare_king_slow()
    }

    #[inline(never)]
    fn bare_king_slow(&self) -> Option<Option<Colour>> {
        let v = &*self.variant;
        #[derive(Default)]
        struct Side {
            live: usize,
            royals: [u16; 4],
            nroyal: usize,
            counted: [u16; 3],
            ncounted: usize,
        }
        let mut sides = [Side::default(), Side::default()];
        for c in [Colour::Black, Colour::White] {
            let side = &mut sides[c.index()];
            for &sq in &self.plist[c.index()] {
                let p = self.board[sq as usize];
                let f = v.form(p);
                if f.royal && side.nroyal < 4 {
                    side.royals[side.nroyal] = sq;
                    side.nroyal += 1;
                }
                if f.last_rank_promotes && v.geo.row(Square(sq)) == v.geo.last_row(c) {
                    continue; // dead
                }
                side.live += 1;
                if !f.worthless {
                    if side.ncounted < 3 {
                        side.counted[side.ncounted] = sq;
                    }
                    side.ncounted += 1;
                }
            }
        }
        let attacks_royal = |c: Colour| {
            let (a, b) = (&sides[c.index()], &sides[c.flip().index()]);
            a.royals[..a.nroyal].iter().any(|&k| {
                b.royals[..b.nroyal]
                    .iter()
                    .any(|&r| self.attacks_on(&self.board, Square(k), Square(r)))
            })
        };
        let adjacent = |a: u16, b: u16| {
            let g = &v.geo;
            let (a, b) = (Square(a), Square(b));
            g.col(a).abs_diff(g.col(b)).max(g.row(a).abs_diff(g.row(b))) <= 1
        };
        let [b, w] = &sides;
        if b.live == 1 && w.live == 1 && b.nroyal == 1 && w.nroyal == 1 {
            if !attacks_royal(Colour::Black) && !attacks_royal(Colour::White) {
                return Some(None);
            }
            return None;
        }
        for x in [Colour::Black, Colour::White] {
            let y = x.flip();
            let (xs, ys) = (&sides[x.index()], &sides[y.index()]);
            if xs.live != 1 || xs.nroyal != 1 {
                continue;
            }
            let k = xs.royals[0];
            if ys.ncounted < 2 || ys.nroyal == 0 || attacks_royal(x) {
                continue;
            }
            if ys.ncounted >= 3 || !ys.counted[..ys.ncounted].iter().any(|&s| adjacent(k, s)) {
                return Some(Some(y));
            }
        }
        None
    }

    /// Whether the position is drawn by a rule of the board alone (chu's two bare kings).
    pub fn is_drawn_by_rule(&self) -> bool {
        self.bare_king_state() == Some(None)
    }

    /// The bare-king result as the game layer reports it.
    pub(crate) fn bare_king_result(&self) -> Option<GameResult> {
        self.bare_king_state().map(|w| match w {
            Some(y) => GameResult {
                outcome: Outcome::Win(y),
                reason: EndReason::BareKing,
            },
            None => GameResult {
                outcome: Outcome::Draw,
                reason: EndReason::BareKings,
            },
        })
    }
}
