//! Chu shogi's rules that go beyond piece movement (`docs/chu.md`): the lion-trading rules
//! (a lion taking a protected lion from two squares away; the counter-strike after a non-lion
//! took a lion), the pass that needs an empty first step, and the bare-king rule. Enabled by
//! the variant file's `[rules]` (`lion-trading`, `pass-needs-empty`, `bare-king`); the reading
//! (lishogi's, HaChu's, both, either) is [`ChuRules`].

use crate::game::{EndReason, GameResult, Outcome};
use crate::geometry::{Colour, Square};
use crate::moves::{Move, MoveSink};
use crate::position::Position;
use crate::program::{Op, Program};
use crate::variant::{ChuRules, Piece};

/// Bit of the recorded counter-strike square saying the lion died on the capturer's
/// destination (the only case HaChu counts).
pub(crate) const STRIKE_AT_DESTINATION: u16 = 0x8000;

/// A sink that passes on only the moves the lion-trading rules allow.
pub(crate) struct LionFilter<'a, S, const N: usize> {
    /// The position the moves are generated in.
    pub pos: &'a Position<N>,
    /// Where allowed moves go.
    pub inner: &'a mut S,
}

impl<S: MoveSink, const N: usize> MoveSink for LionFilter<'_, S, N> {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.pos.lion_rules_allow(m) {
            self.inner.push(m);
        }
    }
}

impl<const N: usize> Position<N> {
    /// Whether the piece on `from` (running `prog`) has an empty square to step out to and
    /// back from: a chu pass needs one (a lion: any neighbour; a falcon or eagle: a square on
    /// one of its lion lines).
    pub(crate) fn can_pass(&self, prog: &Program, from: Square) -> bool {
        let f = from.0 as i32;
        prog.rest.iter().any(|op| match *op {
            Op::Lion => self
                .variant
                .king_steps
                .iter()
                .any(|&d| self.board[(f + d) as usize] == Piece::EMPTY),
            Op::LionLine { d, .. } => self.board[(f + d) as usize] == Piece::EMPTY,
            _ => false,
        })
    }

    /// How many of lishogi's move strings denote `m`, a move generated for this position
    /// (`perft --paths`): a lion-power move to a square it could also reach by a first step to
    /// an empty square counts once per such path, a pass once per empty first-step square;
    /// every other move once.
    pub fn path_count(&self, m: Move) -> u64 {
        let from = m.from();
        let prog = &self.variant.programs[self.board[from.index()].index()];
        if !prog.pass || m.has_stops() {
            return 1;
        }
        let geo = &self.variant.geo;
        let (f, to) = (from.0 as i32, m.to());
        let king_dist = |a: i32, b: Square| {
            let a = Square(a as u16);
            geo.col(a)
                .abs_diff(geo.col(b))
                .max(geo.row(a).abs_diff(geo.row(b)))
        };
        let empty = |s: i32| self.board[s as usize] == Piece::EMPTY;
        let mut n = if to == from { 0 } else { 1 };
        for op in &prog.rest {
            match *op {
                Op::Lion => {
                    for &d in &self.variant.king_steps {
                        let s = f + d;
                        if empty(s) && (to == from || (s != to.0 as i32 && king_dist(s, to) == 1)) {
                            n += 1;
                        }
                    }
                }
                Op::LionLine { d, .. }
                    if empty(f + d) && (to == from || to.0 as i32 == f + 2 * d) =>
                {
                    n += 1;
                }
                _ => {}
            }
        }
        n.max(1)
    }

    /// The recorded counter-strike square (a lion was just taken there by a non-lion).
    pub fn counter_strike(&self) -> Option<Square> {
        (self.strike != 0).then_some(Square(self.strike & !STRIKE_AT_DESTINATION))
    }

    /// The counter-strike record a move by `moved` leaves, given what it captured.
    pub(crate) fn strike_after(&self, moved: Piece, to: Square, captured: &[(u16, Piece)]) -> u16 {
        let v = &*self.variant;
        if v.form(moved).lion {
            return 0;
        }
        let mut rec = 0;
        for &(sq, p) in captured {
            if p.colour() == moved.colour() || !v.form(p).lion {
                continue;
            }
            if sq == to.0 {
                return to.0 | STRIKE_AT_DESTINATION;
            }
            if rec == 0 {
                rec = sq;
            }
        }
        rec
    }

    /// Whether the lion-trading rules allow `m`, a move generated for this position.
    fn lion_rules_allow(&self, m: Move) -> bool {
        let v = &*self.variant;
        let from = m.from();
        let mover = self.board[from.index()];
        let us = mover.colour();
        let enemy_lion = |p: Piece| p.is_piece() && p.colour() != us && v.form(p).lion;
        let mut lions = [0u16; 6];
        let mut n = 0;
        for s in m.stops() {
            if enemy_lion(self.board[s.index()]) {
                lions[n] = s.0;
                n += 1;
            }
        }
        if m.to() != from && enemy_lion(self.board[m.to().index()]) {
            lions[n] = m.to().0;
            n += 1;
        }
        let lions = &lions[..n];
        if lions.is_empty() {
            return true;
        }
        if !v.form(mover).lion {
            if self.strike == 0 {
                return true;
            }
            let sq = self.strike & !STRIKE_AT_DESTINATION;
            let at_dest = self.strike & STRIKE_AT_DESTINATION != 0;
            let only_recorded = lions.iter().all(|&x| x == sq);
            return match v.chu_rules {
                ChuRules::Lishogi => only_recorded,
                ChuRules::Hachu => !at_dest,
                ChuRules::Both => false,
                ChuRules::Either => !at_dest || only_recorded,
            };
        }
        lions
            .iter()
            .all(|&x| self.lion_may_take_lion(m, mover, Square(x)))
    }

    /// §6.1: a lion may take an adjacent lion; one two squares away only over a bridge (a
    /// first-step capture of something other than a worthless piece) or when it is not
    /// protected.
    fn lion_may_take_lion(&self, m: Move, mover: Piece, x: Square) -> bool {
        let v = &*self.variant;
        let geo = &v.geo;
        let from = m.from();
        let dist = geo
            .col(from)
            .abs_diff(geo.col(x))
            .max(geo.row(from).abs_diff(geo.row(x)));
        if dist <= 1 {
            return true;
        }
        let mid = m.stops().next();
        let bridge = mid.map(|s| self.board[s.index()]);
        if bridge.is_some_and(|p| p.is_piece() && !v.form(p).worthless) {
            return true;
        }
        let before = || !self.lion_protected(mover, from, mid, x, true);
        let after = || !self.lion_protected(mover, from, mid, x, false);
        match v.chu_rules {
            ChuRules::Lishogi => before(),
            ChuRules::Hachu => after(),
            ChuRules::Both => before() && after(),
            ChuRules::Either => before() || after(),
        }
    }

    /// Whether the enemy protects `x` against the lion `mover` coming from `from` over `mid`:
    /// lishogi's reading (`before`: the bridge piece on `mid` still guards, though lines pass
    /// through `mid`) or HaChu's (after the move: the bridge is gone).
    #[inline(never)]
    fn lion_protected(
        &self,
        mover: Piece,
        from: Square,
        mid: Option<Square>,
        x: Square,
        before: bool,
    ) -> bool {
        let them = mover.colour().flip();
        let mut stack = [Piece::EMPTY; 1024];
        let mut heap = Vec::new();
        let b: &mut [Piece] = if self.board.len() <= stack.len() {
            &mut stack[..self.board.len()]
        } else {
            heap.extend_from_slice(&self.board);
            &mut heap
        };
        b.copy_from_slice(&self.board);
        b[from.index()] = Piece::EMPTY;
        b[x.index()] = mover;
        let bridge = mid.map(|s| (s, self.board[s.index()]));
        if let Some((s, _)) = bridge {
            b[s.index()] = Piece::EMPTY;
        }
        let guards = |b: &[Piece], at: u16| self.attacks_on(b, Square(at), x);
        for &at in &self.plist[them.index()] {
            if at == x.0 || mid.is_some_and(|s| s.0 == at) {
                continue;
            }
            if guards(b, at) {
                return true;
            }
        }
        if before {
            if let Some((s, p)) = bridge {
                if p.is_piece() && p.colour() == them {
                    b[s.index()] = p;
                    return guards(b, s.0);
                }
            }
        }
        false
    }

    /// Chu shogi's bare-king rule and draw by bare kings (`docs/chu.md`), if the variant has
    /// them and they apply: `Some(Some(winner))`, `Some(None)` for the draw. Such a position
    /// is over: it has no moves. Cheap when both
    /// sides still have many pieces (the usual case), and allocation-free, since move
    /// generation asks it at every node.
    #[inline]
    pub fn bare_king_state(&self) -> Option<Option<Colour>> {
        let v = &*self.variant;
        // HaChu has no bare-king rule: under its reading, and under the readings that must
        // agree with it, games go on until a royal is taken.
        if !v.def.rules.bare_king || v.chu_rules != ChuRules::Lishogi {
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
