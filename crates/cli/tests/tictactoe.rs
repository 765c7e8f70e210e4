//! End-to-end test of `delve tictactoe count`: the published game-tree figures, as JSON
//! (the six keys beside the ones every report has) and as text.

mod common;

#[test]
fn tictactoe_count_gives_the_published_figures() {
    let v = common::json("tictactoe", &["count"], 0);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 6 + 5, "{v}");
    assert_eq!((v["algorithm"].as_str(), v["outcome"].as_str()), (Some("count"), Some("complete")), "{v}");
    for (key, n) in [
        ("games", 255_168),
        ("x_wins", 131_184),
        ("o_wins", 77_904),
        ("draws", 46_080),
        ("positions", 5_478),
        ("tree_nodes", 549_946),
    ] {
        assert_eq!(v[key].as_u64(), Some(n), "{key}");
    }
    let text = common::run("tictactoe", &["count"], 0);
    assert!(text.starts_with("games:      255168 (X wins 131184, O wins 77904, draws 46080)\n"), "{text}");
}

#[test]
fn tictactoe_play_through_piped_stdin() {
    // The engine moves first and never loses; the human plays cells in order, 9 and 0 are
    // refused, a taken cell is refused.
    let out = common::delve()
        .args(["tictactoe", "play", "--first", "ai"])
        .write_stdin("0\n1\n1\n2\n3\n4\n6\n7\n8\n9\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("You play O, the engine plays X."), "{text}");
    assert!(text.contains("the engine plays 5 (with best play: a draw)"), "{text}");
    assert!(text.contains("\"0\" is not a cell"), "{text}");
    assert!(text.contains("the engine wins") || text.contains("a draw\n"), "{text}");
    assert!(!text.contains("you win"), "{text}");
    // The human first: quitting at once is fine.
    let out = common::delve().args(["tictactoe", "play"]).write_stdin("q\n").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout).unwrap().ends_with("bye\n"));
}
