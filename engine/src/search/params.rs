//! The search's margins, reductions and depth limits, named and in one place (as Reckless and
//! Viridithas keep them): the aspiration windows, then by the step of
//! [`Thread::search`](super::thread::Thread) that uses them. Depths are in plies, margins in
//! centipawns. Quiescence keeps its own limits (`quiescence.rs`), the move picker its ordering
//! constants.

/// Iterative deepening: the first depth searched in an aspiration window.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Iterative deepening: the aspiration window's half-width around the last score, tripled on
/// each failure.
pub const ASPIRATION_DELTA: i32 = 60;

/// Step 6, reverse futility: the deepest node it stands at.
pub const RFP_MAX_DEPTH: i32 = 6;

/// Step 6: how far the evaluation must be above beta, per ply of depth (one ply less when the
/// side to move is improving).
pub const RFP_MARGIN: i32 = 90;

/// Step 7, null move: the shallowest node that tries it.
pub const NMP_MIN_DEPTH: i32 = 3;

/// Step 7: the null move's reduction, more at depth and the further the evaluation stands
/// above beta (by up to 3 plies).
#[inline]
pub fn nmp_reduction(depth: i32, eval_over_beta: i32) -> i32 {
    3 + depth / 4 + (eval_over_beta / 200).min(3)
}

/// Step 8, internal iterative reduction: the shallowest node without a hash move that is
/// searched a ply less.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Step 9, check exemption: the deepest node at which a quiet move that attacks the enemy's
/// sole royal is not pruned by move count or futility (deeper, exempting every check doubled
/// the nodes to a fixed depth).
pub const CHECK_EXEMPT_MAX_DEPTH: i32 = 2;

/// Step 10, late-move pruning: the deepest node that skips quiet moves by their count.
pub const LMP_MAX_DEPTH: i32 = 8;

/// Step 10: how many moves are searched before the remaining quiet ones are skipped (half as
/// many when the side to move is not improving).
#[inline]
pub fn lmp_limit(depth: i32, improving: bool) -> usize {
    (3 + depth * depth) as usize / if improving { 1 } else { 2 }
}

/// Step 10, futility of quiet moves: the deepest node it prunes at.
pub const FUTILITY_MAX_DEPTH: i32 = 6;

/// Step 10: a quiet move is pruned when the evaluation (less what a threat it ignores wins)
/// plus this margin does not reach alpha.
#[inline]
pub fn futility_margin(depth: i32) -> i32 {
    120 + 110 * depth
}

/// Step 10, the exchange test of quiet moves (and of checks): the deepest node it prunes at.
pub const QUIET_SEE_MAX_DEPTH: i32 = 4;

/// Step 10: a quiet move that loses more than this by static exchange is pruned.
#[inline]
pub fn quiet_see_threshold(depth: i32) -> i32 {
    -30 * depth * depth
}

/// Step 10, futility of captures: the deepest node it prunes at.
pub const CAPTURE_FUTILITY_MAX_DEPTH: i32 = 4;

/// Step 10: a capture is pruned when the evaluation plus what it takes plus this margin does
/// not reach alpha.
#[inline]
pub fn capture_futility_margin(depth: i32) -> i32 {
    200 + 150 * depth
}

/// Step 10, the exchange test of captures: the deepest node it prunes at.
pub const CAPTURE_SEE_MAX_DEPTH: i32 = 6;

/// Step 10: a capture that loses more than this by static exchange is pruned.
#[inline]
pub fn capture_see_threshold(depth: i32) -> i32 {
    -110 * depth
}

/// Step 11, late-move reductions: the shallowest node that reduces.
pub const LMR_MIN_DEPTH: i32 = 3;

/// Step 11: the base reduction of the `moves`-th move at `depth`, logarithmic in both, since
/// nodes of the giant variants have hundreds of moves.
#[inline]
pub fn lmr_base(depth: i32, moves: usize) -> i32 {
    (0.4 + ln(depth as usize) * ln(moves) / 2.3) as i32
}

/// Step 11: history score per ply of reduction taken off (or added), at most two plies.
pub const LMR_HISTORY_DIVISOR: i32 = 6_000;

/// Natural logarithms for the reduction formula.
fn ln(x: usize) -> f64 {
    (x.max(1) as f64).ln()
}
