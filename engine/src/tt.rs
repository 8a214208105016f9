//! The transposition table, shared by all search threads without locks.
//!
//! Entries are two `AtomicU64`: `check = key ^ data` and `data`, written with relaxed stores. A
//! reader recomputes `check ^ data` and accepts the entry only if it equals its key, so an entry
//! torn by two concurrent writers is rejected rather than misread. The move stored in an entry is
//! still checked for pseudo-legality before use (hash collisions). Two entries per slot pair
//! (same cache line): the probe looks at both, the store replaces the same key, then the
//! shallower or older one.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use taikyoku_movegen::Move;

/// Bound type of a stored score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact = 1,
    /// A lower bound (fail high).
    Lower = 2,
    /// An upper bound (fail low).
    Upper = 3,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    /// Key of the best or refutation move ([`Move::key`]), if any; resolve it against the
    /// position with `Position::move_from_key`, which also proves it legal there.
    pub mv: Option<u64>,
    /// Score (mate scores relative to the node).
    pub score: i32,
    /// Depth of the search that produced it.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

/// A lock-free hash table of search results.
pub struct Tt {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
    generation: AtomicU8,
}

// Data word layout: move key 38 bits | score 16 | depth 6 | bound 2 | generation 2.
const MOVE_BITS: u32 = 38;
const SCORE_SHIFT: u32 = 38;
const DEPTH_SHIFT: u32 = 54;
const BOUND_SHIFT: u32 = 60;
const GEN_SHIFT: u32 = 62;

impl Tt {
    /// A table of about `mb` megabytes.
    pub fn new(mb: usize) -> Tt {
        let bytes = mb.max(1) << 20;
        let mut n = (bytes / 16).next_power_of_two();
        if n * 16 > bytes {
            n /= 2;
        }
        let n = n.max(2);
        let mut slots = Vec::with_capacity(n);
        slots.resize_with(n, || [AtomicU64::new(0), AtomicU64::new(0)]);
        Tt {
            slots,
            mask: n - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Relaxed);
            s[1].store(0, Relaxed);
        }
    }

    /// Starts a new search (ages older entries).
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn read(&self, i: usize) -> (u64, u64) {
        let s = &self.slots[i];
        (s[0].load(Relaxed), s[1].load(Relaxed))
    }

    /// Looks the key up.
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let i = key as usize & self.mask;
        for j in [i, i ^ 1] {
            let (check, data) = self.read(j);
            if data != 0 && check ^ data == key {
                let bound = match data >> BOUND_SHIFT & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(TtEntry {
                    mv: Some(data & ((1 << MOVE_BITS) - 1)).filter(|&k| k != 0),
                    score: (data >> SCORE_SHIFT & 0xffff) as u16 as i16 as i32,
                    depth: (data >> DEPTH_SHIFT & 63) as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result.
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let gen = (self.generation.load(Relaxed) & 3) as u64;
        let i = key as usize & self.mask;
        // Same key first, then an empty slot, then the shallower / older of the two.
        let mut target = i;
        let mut best = i64::MAX;
        for j in [i, i ^ 1] {
            let (check, data) = self.read(j);
            if data == 0 || check ^ data == key {
                target = j;
                break;
            }
            let d = (data >> DEPTH_SHIFT & 63) as i64;
            let g = data >> GEN_SHIFT & 3;
            let worth = d - if g == gen { 0 } else { 100 };
            if worth < best {
                best = worth;
                target = j;
            }
        }
        let m = mv.map_or(0, |m| m.key());
        let data = m
            | ((score.clamp(-32767, 32767) as i16 as u16 as u64) << SCORE_SHIFT)
            | ((depth.clamp(0, 63) as u64) << DEPTH_SHIFT)
            | ((bound as u64) << BOUND_SHIFT)
            | (gen << GEN_SHIFT);
        let s = &self.slots[target];
        s[0].store(key ^ data, Relaxed);
        s[1].store(data, Relaxed);
    }

    /// Permille of the sampled slots used by the current search.
    pub fn hashfull(&self) -> u32 {
        let gen = (self.generation.load(Relaxed) & 3) as u64;
        let n = self.slots.len().min(2000);
        let used = (0..n)
            .filter(|&i| {
                let d = self.slots[i][1].load(Relaxed);
                d != 0 && d >> GEN_SHIFT & 3 == gen
            })
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use taikyoku_movegen::{Position, Variant};

    #[test]
    fn moves_are_found_again_from_their_keys() {
        let v = Variant::builtin("dai-dai").unwrap();
        // A position with lion double captures, igui and lion-dog triple captures.
        let p = Position::<5>::parse(
            v,
            "17/17/17/17/6k10/17/17/17/17/6ppp8/6p(LN)p8/6ppp8/7p9/7p9/7(LD)9/17/8K8 b - 1",
        )
        .unwrap();
        let moves = p.moves();
        assert!(moves.iter().any(|m| m.mid2().is_some()));
        for m in moves {
            assert_eq!(p.move_from_key(m.key()), Some(m));
        }
    }

    #[test]
    fn store_and_probe() {
        let tt = Tt::new(1);
        let m = Move::new(taikyoku_movegen::Square(300), taikyoku_movegen::Square(301));
        tt.store(0xdead_beef_1234, Some(m), -29_000, 7, Bound::Lower);
        let e = tt.probe(0xdead_beef_1234).unwrap();
        assert_eq!(e.mv, Some(m.key()));
        assert_eq!((e.score, e.depth, e.bound), (-29_000, 7, Bound::Lower));
        assert!(tt.probe(0xdead_beef_1235).is_none());
    }
}
