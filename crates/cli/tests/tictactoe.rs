//! End-to-end test of `delve tictactoe count`: the published game-tree figures, as JSON
//! (exactly the six keys) and as text.

mod common;

#[test]
fn tictactoe_count_gives_the_published_figures() {
    let v = common::json("tictactoe", &["count"], 0);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 6, "{v}");
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
