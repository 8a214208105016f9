//! Perft: counting the leaf nodes of the move tree, to check move generation against known
//! numbers. Bulk-counts at the last ply and splits the root across threads with rayon.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use rayon::prelude::*;

use crate::board::moves::Move;
use crate::board::position::Position;

impl<const N: usize> Position<N> {
    /// Leaf count at `depth` (depth 0 = 1), single-threaded. `buf` is scratch space for move
    /// lists shared by all plies (no allocation per node once it has grown).
    pub(crate) fn perft_with(&mut self, depth: u32, buf: &mut Vec<Move>) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_moves(),
            _ => {
                let start = buf.len();
                self.generate(buf);
                let end = buf.len();
                let mut total = 0;
                for i in start..end {
                    let m = buf[i];
                    self.make(m);
                    total += self.perft_with(depth - 1, buf);
                    self.unmake();
                }
                buf.truncate(start);
                total
            }
        }
    }

    /// Leaf count at `depth` counting lishogi's path strings (`perft --paths`: a move that
    /// several paths make counts once per path, see [`Position::path_count`]).
    pub fn perft_paths_with(&mut self, depth: u32, buf: &mut Vec<Move>) -> u64 {
        match depth {
            0 => return 1,
            1 => return self.count_paths(buf),
            _ => {}
        }
        let start = buf.len();
        self.generate(buf);
        let end = buf.len();
        let mut total = 0;
        for i in start..end {
            let m = buf[i];
            let paths = self.path_count(m);
            if depth == 1 {
                total += paths;
                continue;
            }
            self.make(m);
            total += paths * self.perft_paths_with(depth - 1, buf);
            self.unmake();
        }
        buf.truncate(start);
        total
    }

    /// The path counts of all the moves here, summed (`perft --paths` at its last ply): the
    /// moves bulk-counted, plus the further paths of the few pieces with a pass (lion powers,
    /// `{pass}`), the only ones whose moves can have more than one ([`Position::path_count`]).
    fn count_paths(&self, buf: &mut Vec<Move>) -> u64 {
        let mut total = self.count_moves();
        let v = &*self.variant;
        for &kind in &v.pass_kinds {
            for d in self.kind_bitboard(kind, self.side).iter() {
                let start = buf.len();
                self.piece_moves(v.geo.from_dense(d), buf);
                for &m in &buf[start..] {
                    total += self.path_count(m) - 1;
                }
                buf.truncate(start);
            }
        }
        total
    }

    /// Per-root-move path counts at `depth` (>= 1), in parallel (see
    /// [`Position::perft_paths_with`]).
    pub fn divide_paths(&self, depth: u32) -> Vec<(Move, u64)> {
        let moves = self.moves();
        moves
            .par_iter()
            .map_init(
                || (self.clone(), Vec::with_capacity(1 << 14)),
                |(pos, buf), &m| {
                    let paths = pos.path_count(m);
                    pos.make(m);
                    let n = pos.perft_paths_with(depth - 1, buf);
                    pos.unmake();
                    (m, paths * n)
                },
            )
            .collect()
    }

    /// [`Position::perft_with`] that gives up (`None`) as soon as `stop` is set; the flag is
    /// read at every node above the last ply. The position is left as it was either way.
    pub(crate) fn perft_until(
        &mut self,
        depth: u32,
        buf: &mut Vec<Move>,
        stop: &AtomicBool,
    ) -> Option<u64> {
        match depth {
            0 => Some(1),
            1 => Some(self.count_moves()),
            _ => {
                if stop.load(Relaxed) {
                    return None;
                }
                let start = buf.len();
                self.generate(buf);
                let end = buf.len();
                let mut total = Some(0u64);
                for i in start..end {
                    let m = buf[i];
                    self.make(m);
                    let n = self.perft_until(depth - 1, buf, stop);
                    self.unmake();
                    match n {
                        Some(n) => total = total.map(|t| t + n),
                        None => {
                            total = None;
                            break;
                        }
                    }
                }
                buf.truncate(start);
                total
            }
        }
    }

    /// [`Position::divide`] that gives up (`None`) as soon as `stop` is set (the protocol's
    /// `go perft`, which `stop` and `quit` must be able to end).
    pub fn divide_until(&self, depth: u32, stop: &AtomicBool) -> Option<Vec<(Move, u64)>> {
        let moves = self.moves();
        moves
            .par_iter()
            .map_init(
                || (self.clone(), Vec::with_capacity(1 << 14)),
                |(pos, buf), &m| {
                    pos.make(m);
                    let n = pos.perft_until(depth - 1, buf, stop);
                    pos.unmake();
                    n.map(|n| (m, n))
                },
            )
            .collect()
    }

    /// Leaf count at `depth`, single-threaded.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buf = Vec::with_capacity(1 << 14);
        self.perft_with(depth, &mut buf)
    }

    /// Per-root-move leaf counts at `depth` (>= 1), computed in parallel on the current rayon
    /// pool, in move generation order.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let moves = self.moves();
        moves
            .par_iter()
            .map_init(
                || (self.clone(), Vec::with_capacity(1 << 14)),
                |(pos, buf), &m| {
                    pos.make(m);
                    let n = pos.perft_with(depth - 1, buf);
                    pos.unmake();
                    (m, n)
                },
            )
            .collect()
    }
}
