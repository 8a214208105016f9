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
