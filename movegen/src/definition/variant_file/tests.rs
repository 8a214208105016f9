use super::*;

const MINI: &str = "\
[variant]
id = mini
name = Mini
board = 3x4
promotion = capture
repetition = fourfold

[pieces]
K | King | 玉将 | - | K | royal
P | Pawn | 歩兵 | G | fW | last-rank-capture-only
G | Gold general | - | - | WfF |

[setup]
2: . P .
1: . K .   # comment
";

#[test]
fn parses_a_small_file() {
    let v = parse("mini.var", MINI).unwrap();
    assert_eq!(v.id, "mini");
    assert_eq!((v.files, v.ranks), (3, 4));
    assert_eq!(v.kinds.len(), 3);
    assert_eq!(v.kinds[1].promotes, Some(KindId::new(2)));
    assert!(v.kinds[1].last_rank_capture_only);
    assert_eq!(v.setup.len(), 2);
    assert!(v.setup.contains(&(1, 1, KindId::new(1))));
}

/// A piece table too long for a 16-bit [`Piece`](crate::Piece) is refused, at its first row
/// too many, instead of numbering pieces past the mailbox's range.
#[test]
fn too_many_kinds_are_refused() {
    let letters = |mut i: usize| {
        let mut code = String::new();
        loop {
            code.insert(0, (b'A' + (i % 26) as u8) as char);
            i /= 26;
            if i == 0 {
                return code;
            }
            i -= 1;
        }
    };
    let rows = |n: usize| {
        (0..n)
            .map(|i| format!("{} | Extra | - | - | W |\n", letters(i + 26 * 27)))
            .collect::<String>()
    };
    let at_most = MINI.replace("[setup]", &format!("{}\n[setup]", rows(MAX_KINDS - 3)));
    assert_eq!(parse("mini.var", &at_most).unwrap().kinds.len(), MAX_KINDS);
    let too_many = MINI.replace("[setup]", &format!("{}\n[setup]", rows(MAX_KINDS - 2)));
    let e = parse("mini.var", &too_many).unwrap_err();
    assert!(e.message.contains("more than 16383 kinds"), "{e}");
    // MINI's three rows are lines 9 to 11 and a blank line follows: the extra rows start on 13.
    assert_eq!(e.line, 13 + MAX_KINDS - 3);
}

fn broken(from: &str, to: &str) -> VariantError {
    parse("mini.var", &MINI.replace(from, to)).unwrap_err()
}

#[test]
fn errors_name_file_line_and_problem() {
    let e = broken("fW |", "fX |");
    assert_eq!(e.line, 10);
    assert!(e.to_string().starts_with("mini.var:10: P: movement"), "{e}");
    let e = broken("| G | fW", "| Z | fW");
    assert!(e.message.contains("promotes to Z"), "{e}");
    let e = broken("2: . P .", "2: . P");
    assert!(e.message.contains("2 cells"), "{e}");
    let e = broken("2: . P .", "2: . Y .");
    assert!(e.message.contains("unknown piece code 'Y'"), "{e}");
    let e = broken("board = 3x4", "board = 3x40");
    assert_eq!(e.line, 4);
    let e = broken("G | Gold", "K | Gold");
    assert!(e.message.contains("already used on line 9"), "{e}");
    let e = broken("royal", "");
    assert!(e.message.contains("no royal"), "{e}");
    let e = broken("last-rank-capture-only", "sticky");
    assert!(e.message.contains("unknown flag 'sticky'"), "{e}");
    let e = broken("WfF |", "WfF | must-promote-where-immobile");
    assert_eq!(e.line, 11);
    assert!(
        e.message
            .contains("G has must-promote-where-immobile but no promotion"),
        "{e}"
    );
    let e = broken("WfF |", "WfF | must-promote");
    assert!(
        e.message.contains("G has must-promote but no promotion"),
        "{e}"
    );
    let e = broken("last-rank-capture-only", "value=0");
    assert!(e.message.contains("value must be"), "{e}");
    let e = broken("last-rank-capture-only", "lion value=lots");
    assert!(e.message.contains("value must be"), "{e}");
    let e = broken("promotion = capture", "promotion = zone-entry 0");
    assert!(e.message.contains("zone-entry"), "{e}");
    let e = broken("[setup]", "[start]");
    assert!(e.message.contains("unknown section"), "{e}");
    let e = broken("promotion = capture", "promotion = zone");
    assert!(e.message.contains("promotion 'zone'"), "{e}");
    let e = broken("repetition = fourfold\n", "");
    assert!(e.message.contains("missing the key 'repetition'"), "{e}");
    let e = broken(
        "K | King | 玉将 | - | K | royal",
        "K | King | - | K | royal",
    );
    assert!(e.message.contains("6 columns"), "{e}");
    let e = broken("2: . P .", "2: . P .\n2: . P .");
    assert!(e.message.contains("already given"), "{e}");
}

/// What the format forbids is rejected, with a message that says so (issue 10: these were
/// accepted, or rejected with a misleading message).
#[test]
fn forbidden_forms_are_rejected() {
    // K and Q take single direction letters only: a pair names one diagonal.
    for moves in ["flK", "brQ", "fbrK"] {
        let e = broken("| WfF |", &format!("| {moves} |"));
        assert!(e.message.contains("pair"), "{moves}: {e}");
        assert_eq!(e.line, 11, "{moves}");
    }
    // A count too long to be a number is out of range, not "no count" (an unlimited slide).
    for moves in [
        "W18446744073709551615",
        "R1000",
        "j9999R",
        "(1000,0)",
        "(3,1000)",
    ] {
        let e = broken("| WfF |", &format!("| {moves} |"));
        assert!(
            e.message.contains("outside") || e.message.contains("needs"),
            "{moves}: {e}"
        );
    }
    // A zone as deep as the board or deeper says so, even past 255 ranks.
    for zone in [
        "zone 4",
        "zone 5",
        "zone 300",
        "zone-entry 4",
        "zone 18446744073709551616",
    ] {
        let e = broken("promotion = capture", &format!("promotion = {zone}"));
        assert!(
            e.message.contains("deeper than the board") || e.message.contains("is not"),
            "{zone}: {e}"
        );
        assert_eq!(e.line, 5, "{zone}");
    }
    let e = broken("promotion = capture", "promotion = zone 300");
    assert!(e.message.contains("deeper than the board"), "{e}");
    let e = broken("promotion = capture", "promotion = zone 4");
    assert!(e.message.contains("at most 3"), "{e}");
    // Camps that overlap on a board too short for both (found by fuzzing: a square got two
    // pieces).
    let e = broken("board = 3x4", "board = 3x3");
    assert!(e.message.contains("camps overlap"), "{e}");
    assert_eq!(e.line, 14, "{e}");
    // The pairs are fine where the format allows them.
    parse("mini.var", &MINI.replace("| WfF |", "| flF frF W |")).unwrap();
}
