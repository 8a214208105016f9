//! The lion-trading rules (`docs/chu.md`): a lion taking a protected lion from two squares
//! away; the counter-strike after a non-lion took a lion; the pass that needs an empty first
//! step. Enabled by the variant file's `[rules]` (`lion-trading`, `pass-needs-empty`); how
//! protection and the counter-strike are judged is `lion-protection`, `counter-strike-from` and
//! `counter-strike-recapture` (lishogi's and HaChu's readings differ there, docs/chu.md §11).
//! The bare-king rule is [`crate::bare_king`].

use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveSink, Promotion};
use crate::board::position::{Position, Taken};
use crate::definition::piece::Piece;
use crate::definition::program::{Op, Program};
use crate::definition::variant_file::{
    CounterStrikeFrom, CounterStrikeRecapture, LionProtection, PromotionRule,
};

/// Bit of the recorded counter-strike square saying the lion died on the capturer's
/// destination (the only case HaChu counts).
pub(crate) const STRIKE_AT_DESTINATION: u16 = 0x8000;

/// A sink that passes on only the moves the lion-trading rules allow.
pub(crate) struct LionFilter<'a, S, const N: usize> {
    /// The position the moves are generated in.
    pub(crate) pos: &'a Position<N>,
    /// Where allowed moves go.
    pub(crate) inner: &'a mut S,
}

impl<S: MoveSink, const N: usize> MoveSink for LionFilter<'_, S, N> {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.pos.lion_rules_allow(m) {
            self.inner.push(m);
        }
    }

    #[inline]
    fn push_classified(&mut self, m: Move, captures: bool) {
        if self.pos.lion_rules_allow(m) {
            self.inner.push_classified(m, captures);
        }
    }
}

impl<const N: usize> Position<N> {
    /// Whether the piece on `from` (running `prog`) has an empty square to step out to and
    /// back from: a chu pass needs one (a lion: any neighbour; a falcon or eagle: a square on
    /// one of its lion lines), and so does a `{pass}`.
    pub(crate) fn can_pass(&self, prog: &Program, from: Square) -> bool {
        let mut any = false;
        self.for_each_pass_square(prog, from, |_| any = true);
        any
    }

    /// Calls `f` with each empty square the piece on `from` (running `prog`) may step out to
    /// and back from in a pass (a square two of its ops share is given twice).
    pub(crate) fn for_each_pass_square(
        &self,
        prog: &Program,
        from: Square,
        mut f: impl FnMut(i32),
    ) {
        let at = from.0 as i32;
        let empty = |s: i32| self.board[s as usize] == Piece::EMPTY;
        for op in &prog.rest {
            match *op {
                Op::Lion => {
                    for &d in &self.variant.king_steps {
                        if empty(at + d) {
                            f(at + d);
                        }
                    }
                }
                Op::LionLine { d, .. } | Op::Pass { d } if empty(at + d) => f(at + d),
                _ => {}
            }
        }
    }

    /// How many move strings denote `m`, a move generated for this position (`perft
    /// --paths`), counting as lishogi (chu) and tomatene (modern Taikyoku) do: a lion-power
    /// move to a square it could also reach by a first step to an empty square counts once per
    /// such path, a pass once per empty first-step square; every other move once. Under
    /// `promotion = zone-compulsory` only the paths that give the move's promotion count (a
    /// step into the zone between legs promotes).
    pub fn path_count(&self, m: Move) -> u64 {
        let from = m.from();
        let piece = self.board[from.index()];
        let v = &*self.variant;
        let prog = &v.programs[piece.index()];
        if !prog.pass || m.has_stops() {
            return 1;
        }
        let geo = &v.geo;
        let (f, to) = (from.0 as i32, m.to());
        let us = piece.colour();
        let king_dist = |a: i32, b: Square| geo.king_distance(Square(a as u16), b);
        let empty = |s: i32| self.board[s as usize] == Piece::EMPTY;
        // Whether a path stopping on `stop` (or on no square) makes the move's promotion.
        let zone_rule =
            matches!(v.promotion(), PromotionRule::ZoneCompulsory(_)) && v.form(piece).can_promote;
        let want = m.promotion() == Promotion::Promote;
        let gives = |stop: Option<i32>| {
            !zone_rule
                || (v.in_promotion_zone(to, us)
                    || stop.is_some_and(|s| v.in_promotion_zone(Square(s as u16), us)))
                    == want
        };
        let mut n = u64::from(to != from && gives(None));
        for op in &prog.rest {
            match *op {
                Op::Lion => {
                    for &d in &v.king_steps {
                        let s = f + d;
                        if empty(s)
                            && (to == from || (s != to.0 as i32 && king_dist(s, to) == 1))
                            && gives(Some(s))
                        {
                            n += 1;
                        }
                    }
                }
                Op::LionLine { d, .. }
                    if empty(f + d)
                        && (to == from || to.0 as i32 == f + 2 * d)
                        && gives(Some(f + d)) =>
                {
                    n += 1;
                }
                Op::Pass { d } if empty(f + d) && to == from && gives(Some(f + d)) => n += 1,
                _ => {}
            }
        }
        n.max(1)
    }

    /// The recorded counter-strike square (a lion was just taken there by a non-lion).
    pub(crate) fn counter_strike(&self) -> Option<Square> {
        (self.strike != 0).then_some(Square(self.strike & !STRIKE_AT_DESTINATION))
    }

    /// The counter-strike record a move by `moved` leaves, given what it captured.
    pub(crate) fn strike_after(&self, moved: Piece, to: Square, captured: &[Taken]) -> u16 {
        let v = &*self.variant;
        if v.form(moved).lion {
            return 0;
        }
        let mut rec = 0;
        for &Taken { sq, piece: p, .. } in captured {
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
            let r = &v.def.rules;
            return (r.counter_strike_from == CounterStrikeFrom::Destination && !at_dest)
                || (r.counter_strike_recapture == CounterStrikeRecapture::Recorded
                    && only_recorded);
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
        if geo.king_distance(from, x) <= 1 {
            return true;
        }
        let mid = m.stops().next();
        let bridge = mid.map(|s| self.board[s.index()]);
        if bridge.is_some_and(|p| p.is_piece() && !v.form(p).worthless) {
            return true;
        }
        let before = || !self.lion_protected(mover, from, mid, x, true);
        let after = || !self.lion_protected(mover, from, mid, x, false);
        match v.def.rules.lion_protection {
            LionProtection::Before => before(),
            LionProtection::After => after(),
            LionProtection::BeforeAndAfter => before() && after(),
            LionProtection::BeforeOrAfter => before() || after(),
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
}
