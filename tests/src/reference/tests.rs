use super::*;

#[test]
fn startpos_counts() {
    for (v, n) in [("taikyoku", 402), ("dai-dai", 96), ("maka-dai-dai", 96)] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let black = p.sq.iter().flatten().filter(|q| q.color == 0).count();
        let white = p.sq.iter().flatten().filter(|q| q.color == 1).count();
        assert_eq!((black, white), (n, n), "{v}");
    }
}

#[test]
#[ignore]
fn print_perft() {
    for v in ["taikyoku", "dai-dai", "maka-dai-dai"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let t = std::time::Instant::now();
        let m = p.moves();
        let el = t.elapsed();
        let t2 = std::time::Instant::now();
        let p2 = p.perft(2);
        println!(
            "{v}: perft1 {} ({el:?}) perft2 {p2} ({:?})",
            m.len(),
            t2.elapsed()
        );
    }
}

#[test]
#[ignore]
fn print_perft3() {
    println!("rayon threads {}", rayon::current_num_threads());
    for v in ["taikyoku", "dai-dai", "maka-dai-dai"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let t = std::time::Instant::now();
        let p3 = p.perft(3);
        println!("{v}: perft3 {p3} ({:?})", t.elapsed());
    }
}
