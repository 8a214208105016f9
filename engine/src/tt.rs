//! The transposition table, shared by all search threads without locks.
//!
//! Entries are two `AtomicU64`: `check = key ^ salt ^ data` and `data`, written with relaxed
//! stores. A reader recomputes `check ^ data` and accepts the entry only if it equals its key
//! with the table's current salt (see [`Tt::clear`]), so an entry
//! torn by two concurrent writers is rejected rather than misread. The move stored in an entry is
//! still checked for pseudo-legality before use (hash collisions). Two entries per slot pair
//! (same cache line): the probe looks at both, the store replaces the same key, then the
//! shallower or older one.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::Arc;
use std::thread::JoinHandle;

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

impl Bound {
    /// The bound of a search result `best` in the window (`alpha`, `beta`) it was searched with.
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound decides a search in (`alpha`, `beta`).
    #[inline]
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
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
///
/// Emptying it is free: every entry's check word also holds a salt, and [`Tt::clear`] changes
/// the salt, so that the entries written before no longer verify (and count as empty slots for
/// [`Tt::store`] and [`Tt::hashfull`]). A new game on a table of gigabytes needs no pass over
/// its memory.
pub struct Tt {
    slots: Box<[[AtomicU64; 2]]>,
    mask: usize,
    generation: AtomicU8,
    /// Mixed into every check word; a new salt empties the table.
    salt: AtomicU64,
    /// Size in MB (a power of two).
    mb: usize,
    /// The thread committing a table larger than [`COMMIT_MAX`] in the background.
    committer: Option<Committer>,
}

/// Commits a large table's pages in the background, a chunk at a time, after the table is made
/// (and `readyok` answered): the first searches then find the memory already committed instead
/// of faulting it in on their own time (about 0.5 ms per MB). `MADV_POPULATE_WRITE` changes no
/// contents, so the searches may read and write the table meanwhile.
struct Committer {
    /// Asks the thread to stop after its current chunk (the table is being dropped).
    stop: Arc<AtomicBool>,
    /// Whether every chunk was committed.
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// What the background committer commits at a time (a stop request waits at most one chunk,
/// about 30 ms).
const COMMIT_CHUNK: usize = 64 << 20;

impl Committer {
    /// Starts committing the `size` bytes at `p`, which must stay allocated until the
    /// committer is dropped. `None` if no thread can be started (the table then commits as the
    /// search writes to it).
    fn start(p: *mut u8, size: usize) -> Option<Committer> {
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (stop2, done2) = (stop.clone(), done.clone());
        // Addresses, not a pointer: the thread only passes them to `madvise`. Chunks of whole
        // pages, so that no page at a chunk's edge is left out.
        let (start, end) = whole_pages(p, size)?;
        let thread = std::thread::Builder::new()
            .name("tt-commit".into())
            .spawn(move || {
                let mut at = start;
                while at < end {
                    if stop2.load(Relaxed) {
                        return;
                    }
                    let len = COMMIT_CHUNK.min(end - at);
                    if !commit(at as *mut u8, len) {
                        // The system has not the memory now: the rest commits as it is
                        // written, as without this thread.
                        return;
                    }
                    at += len;
                }
                done2.store(true, Relaxed);
            })
            .ok()?;
        Some(Committer {
            stop,
            done,
            thread: Some(thread),
        })
    }
}

impl Drop for Committer {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A table of `n` zeroed slots, or `None` when the memory cannot be had. The memory comes from
/// `alloc_zeroed` (in huge pages where Linux offers them, see [`ask_for_huge_pages`]) and, up
/// to [`COMMIT_MAX`], is committed here, while the GUI waits for `readyok`, not by the first
/// search's writes: a first search that faulted in a fresh 64 MB table took 100-120 ms in a Ko
/// opening, and the first move of a game at a 50 ms byoyomi was lost on time (so bf3bd36 moved
/// the commit here).
/// Memory the system cannot commit makes this `None` (the caller tries a smaller table)
/// instead of a process killed in the middle of a game.
fn zeroed_slots(n: usize) -> Option<Box<[[AtomicU64; 2]]>> {
    let layout = std::alloc::Layout::array::<[AtomicU64; 2]>(n).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout has a non-zero size. All-zero bytes are a valid `AtomicU64`. The box
    // owns memory from the global allocator with exactly the layout a `Box<[[AtomicU64; 2]]>`
    // of `n` elements has, so dropping it frees the memory correctly.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout).cast::<[AtomicU64; 2]>();
        if p.is_null() {
            return None;
        }
        ask_for_huge_pages(p.cast::<u8>(), layout.size());
        if !commits_later(layout.size()) && !commit(p.cast::<u8>(), layout.size()) {
            std::alloc::dealloc(p.cast::<u8>(), layout);
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n)))
    }
}

/// The memory the system can give without swapping (`MemAvailable`), where it says.
fn available_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// Whether a table of `bytes` is committed in the background rather than when it is made.
fn commits_later(bytes: usize) -> bool {
    bytes > COMMIT_MAX
}

/// The whole 4 KB pages of the allocation at `p` of `size` bytes, as an address range, if any
/// (what `madvise` may be asked about).
fn whole_pages(p: *mut u8, size: usize) -> Option<(usize, usize)> {
    const PAGE: usize = 4096;
    let start = (p as usize).next_multiple_of(PAGE);
    let end = (p as usize + size) / PAGE * PAGE;
    (end > start).then_some((start, end))
}

/// Asks Linux to back the table with transparent huge pages (2 MB) where it can, with 512 times
/// fewer page faults: with 4 KB pages the faults of a large table cost a single thread about a
/// quarter of its speed and, on the virtual machines measured, two threads of one process half
/// of theirs (Dai dai, 256 MB: 469k nodes/s on 1 thread, 633k on 2; with a 16 MB table 605k
/// and 1,169k). A refusal (no THP, another system) changes nothing but speed.
#[cfg(target_os = "linux")]
fn ask_for_huge_pages(p: *mut u8, size: usize) {
    if let Some((start, end)) = whole_pages(p, size) {
        // SAFETY: [start, end) lies inside the allocation just made and is page-aligned;
        // MADV_HUGEPAGE only changes how the kernel backs the range, never its contents.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn ask_for_huge_pages(_p: *mut u8, _size: usize) {}

/// Tables up to this size are committed when made; a larger one is committed by a background
/// thread ([`Committer`]) after `readyok` (committing takes about 0.5 ms per MB on the machines
/// measured: 33 ms for 64 MB, 2.4 s for 1 GB, 7.5 s for 4 GB, and a GUI waiting that long for
/// `readyok` may give up).
const COMMIT_MAX: usize = 256 << 20;

/// Commits the pages of a fresh allocation (`MADV_POPULATE_WRITE`, Linux 5.14 and later): true
/// unless the system has not the memory, which it reports as an error rather than by killing
/// the process later. On kernels without the call the pages are committed on first write, as
/// before.
#[cfg(target_os = "linux")]
fn commit(p: *mut u8, size: usize) -> bool {
    let Some((start, end)) = whole_pages(p, size) else {
        return true;
    };
    // SAFETY: [start, end) lies inside the allocation just made and is page-aligned;
    // MADV_POPULATE_WRITE faults the pages in writable as a write would (zero-filled memory
    // stays zero), changing no contents.
    let r = unsafe {
        libc::madvise(
            start as *mut libc::c_void,
            end - start,
            libc::MADV_POPULATE_WRITE,
        )
    };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ENOMEM)
}

#[cfg(not(target_os = "linux"))]
fn commit(_p: *mut u8, _size: usize) -> bool {
    true
}

/// The largest power of two at most `n` (`n` >= 1).
fn prev_power_of_two(n: usize) -> usize {
    1 << (usize::BITS - 1 - n.leading_zeros())
}

/// The salt after `salt` (splitmix64's increment and mixing: every bit changes often).
fn next_salt(salt: u64) -> u64 {
    let mut z = salt.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

// Data word layout: move key 34 bits | score 20 | depth 6 | bound 2 | generation 2. The score
// takes 20 bits because a Taikyoku material balance runs to hundreds of thousands of
// centipawns (the search's `MATE` is 500,000).
const MOVE_BITS: u32 = 34;
const SCORE_SHIFT: u32 = 34;
const SCORE_BITS: u32 = 20;
const SCORE_MAX: i32 = (1 << (SCORE_BITS - 1)) - 1;
const DEPTH_SHIFT: u32 = 54;
const BOUND_SHIFT: u32 = 60;
const GEN_SHIFT: u32 = 62;

impl Drop for Tt {
    fn drop(&mut self) {
        // Stops and joins the committer while the slots are still allocated (fields are
        // dropped after this, in declaration order, so the slots would go first otherwise).
        self.committer.take();
    }
}

impl Tt {
    /// A table of about `mb` megabytes (or smaller, see [`Tt::try_new`]).
    pub fn new(mb: usize) -> Tt {
        Tt::try_new(mb).0
    }

    /// A table of about `mb` megabytes (rounded down to a power of two), and its size in MB.
    /// When that much memory cannot be allocated, the size is halved until it can (down to a
    /// table of a few slots), so a failed allocation never ends the process; the caller tells
    /// the user when the size is smaller than asked.
    pub fn try_new(mb: usize) -> (Tt, usize) {
        let mut mb = prev_power_of_two(mb.clamp(1, 1 << 30));
        loop {
            let n = (mb << 20) / 16;
            if let Some(slots) = zeroed_slots(n) {
                return (Tt::from_slots(slots), mb);
            }
            if mb == 1 {
                break;
            }
            mb /= 2;
        }
        // Not even a megabyte: a table of two slots still works (it only forgets fast).
        let slots = zeroed_slots(2).expect("32 bytes");
        (Tt::from_slots(slots), 0)
    }

    fn from_slots(mut slots: Box<[[AtomicU64; 2]]>) -> Tt {
        let n = slots.len();
        let bytes = std::mem::size_of_val(&*slots);
        // The committer is dropped (and joined) in `Tt`'s drop, before the slots are freed.
        // Only a table that fits twice in the memory the system has free is committed: a larger
        // one (allowed by overcommit) would push other processes out, or call the OOM killer.
        let committer =
            if commits_later(bytes) && available_memory().is_some_and(|a| bytes <= a / 2) {
                Committer::start(slots.as_mut_ptr().cast::<u8>(), bytes)
            } else {
                None
            };
        Tt {
            mask: n - 1,
            slots,
            generation: AtomicU8::new(0),
            salt: AtomicU64::new(0),
            mb: (n * 16) >> 20,
            committer,
        }
    }

    /// Whether the whole table is committed: made so (up to 256 MB), or the background
    /// committer has finished (on a kernel without `MADV_POPULATE_WRITE`: has nothing left to
    /// try). False while it works, and for good where it could not.
    pub fn committed(&self) -> bool {
        match &self.committer {
            None => !commits_later(std::mem::size_of_val(&*self.slots)),
            Some(c) => c.done.load(Relaxed),
        }
    }

    /// The table's size in MB.
    pub fn size_mb(&self) -> usize {
        self.mb
    }

    /// Empties the table at once (a new salt: see [`Tt`]). Not to be called while a search
    /// uses the table.
    pub fn clear(&self) {
        let salt = self.salt.load(Relaxed);
        self.salt.store(next_salt(salt), Relaxed);
    }

    /// Whether slot `j` holds an entry written under the current salt: the key it verifies
    /// against must index slot `j` or its partner. An entry from before a [`Tt::clear`] fails
    /// this except by a chance of two in the number of slots.
    fn live(&self, j: usize, check: u64, data: u64, salt: u64) -> bool {
        data != 0 && ((check ^ data ^ salt) as usize & self.mask) | 1 == j | 1
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
        let salted = key ^ self.salt.load(Relaxed);
        for j in [i, i ^ 1] {
            let (check, data) = self.read(j);
            if data != 0 && check ^ data == salted {
                let bound = match data >> BOUND_SHIFT & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(TtEntry {
                    mv: Some(data & ((1 << MOVE_BITS) - 1)).filter(|&k| k != 0),
                    score: ((data >> SCORE_SHIFT << (64 - SCORE_BITS)) as i64 >> (64 - SCORE_BITS))
                        as i32,
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
        let salt = self.salt.load(Relaxed);
        let salted = key ^ salt;
        // Same key first, then an empty slot, then the shallower / older of the two.
        let mut target = i;
        let mut best = i64::MAX;
        for j in [i, i ^ 1] {
            let (check, data) = self.read(j);
            if !self.live(j, check, data, salt) || check ^ data == salted {
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
            | ((score.clamp(-SCORE_MAX, SCORE_MAX) as u64 & ((1 << SCORE_BITS) - 1))
                << SCORE_SHIFT)
            | ((depth.clamp(0, 63) as u64) << DEPTH_SHIFT)
            | ((bound as u64) << BOUND_SHIFT)
            | (gen << GEN_SHIFT);
        let s = &self.slots[target];
        s[0].store(salted ^ data, Relaxed);
        s[1].store(data, Relaxed);
    }

    /// Permille of the sampled slots used by the current search.
    pub fn hashfull(&self) -> u32 {
        let gen = (self.generation.load(Relaxed) & 3) as u64;
        let salt = self.salt.load(Relaxed);
        let n = self.slots.len().min(2000);
        let used = (0..n)
            .filter(|&i| {
                let (check, d) = self.read(i);
                self.live(i, check, d, salt) && d >> GEN_SHIFT & 3 == gen
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
        tt.store(0xdead_beef_1234, Some(m), -499_000, 7, Bound::Lower);
        let e = tt.probe(0xdead_beef_1234).unwrap();
        assert_eq!(e.mv, Some(m.key()));
        assert_eq!((e.score, e.depth, e.bound), (-499_000, 7, Bound::Lower));
        assert!(tt.probe(0xdead_beef_1235).is_none());
    }

    /// Clearing changes the salt and touches no slot (a new game is instant whatever the
    /// size, issue 10): the old entry's words are still there, but no probe finds it, a store
    /// may take its slot, and `hashfull` does not count it.
    #[test]
    fn clear_is_lazy_and_complete() {
        let tt = Tt::new(1);
        let m = Move::new(taikyoku_movegen::Square(300), taikyoku_movegen::Square(301));
        for k in 0..5000u64 {
            tt.store(
                k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                Some(m),
                5,
                3,
                Bound::Exact,
            );
        }
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, Some(m), 17, 9, Bound::Exact);
        assert!(tt.hashfull() > 0);
        let i = key as usize & tt.mask;
        let before = [i, i ^ 1].map(|j| tt.read(j));
        tt.clear();
        assert_eq!(
            [i, i ^ 1].map(|j| tt.read(j)),
            before,
            "clear wrote to the table"
        );
        assert!(tt.probe(key).is_none());
        assert_eq!(tt.hashfull(), 0);
        tt.store(key, Some(m), -3, 2, Bound::Upper);
        let e = tt.probe(key).unwrap();
        assert_eq!((e.score, e.depth, e.bound), (-3, 2, Bound::Upper));
    }

    /// A size that cannot be allocated gives a smaller table, not an abort (issue 10).
    #[test]
    fn impossible_sizes_shrink() {
        // 2^30 MB is 2^50 bytes: no machine has it, and the address space may not either.
        // The table escapes into `black_box`: otherwise an optimised build may elide the unused
        // allocation and assume it succeeded.
        let (tt, got) = std::hint::black_box(Tt::try_new(1 << 30));
        assert!(got < 1 << 30 && got == tt.size_mb(), "{got}");
        let (small, got) = Tt::try_new(3);
        assert_eq!((got, small.size_mb()), (2, 2));
    }

    /// The share of the table's pages that are in memory (`mincore`).
    #[cfg(target_os = "linux")]
    fn resident_share(tt: &Tt) -> f64 {
        let bytes = std::mem::size_of_val(&*tt.slots);
        let (start, end) = whole_pages(tt.slots.as_ptr() as *mut u8, bytes).unwrap();
        let pages = (end - start) / 4096;
        let mut v = vec![0u8; pages];
        // SAFETY: [start, end) is page-aligned and inside the table, which outlives the call;
        // `v` has one byte per page.
        let r = unsafe { libc::mincore(start as *mut libc::c_void, end - start, v.as_mut_ptr()) };
        assert_eq!(r, 0);
        v.iter().filter(|&&b| b & 1 != 0).count() as f64 / pages as f64
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_large_table_is_committed_in_the_background() {
        assert!(!commits_later(16 << 20) && commits_later(512 << 20));
        let room = available_memory().expect("Linux says how much memory is available");
        let tt = Tt::new(512);
        if room < 1 << 30 {
            // More than half of what the system has free: left to commit as it is written.
            assert!(tt.committer.is_none() && !tt.committed());
            return;
        }
        let start = std::time::Instant::now();
        while !tt.committed() {
            assert!(
                start.elapsed().as_secs() < 120,
                "not committed after two minutes"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let share = resident_share(&tt);
        assert!(share > 0.999, "{share}");
        // The table works while and after it is committed.
        let m = Move::new(taikyoku_movegen::Square(300), taikyoku_movegen::Square(301));
        tt.store(0xdead_beef, Some(m), 7, 3, Bound::Exact);
        assert_eq!(tt.probe(0xdead_beef).unwrap().score, 7);
    }

    #[test]
    fn dropping_a_table_stops_its_committer() {
        // Made and dropped at once (a GUI setting the hash size twice): the drop stops the
        // thread and waits for it, so nothing of it outlives the table.
        if available_memory().is_none_or(|a| a < 2 << 30) {
            assert!(Tt::new(1024).committer.is_none());
            return;
        }
        for _ in 0..3 {
            let tt = Tt::new(1024);
            let c = tt.committer.as_ref().expect("a committer for 1 GB");
            let (stop, done) = (c.stop.clone(), c.done.clone());
            drop(tt);
            assert!(stop.load(Relaxed));
            // The thread's own references are gone: it has ended.
            assert_eq!((Arc::strong_count(&stop), Arc::strong_count(&done)), (1, 1));
        }
    }
}
