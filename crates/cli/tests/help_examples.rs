//! Every command in the Examples section of a subcommand's `--help` runs: exit 0 (done) or 1
//! (no solution / stopped), never 2 (bad input) or a crash. They run from the repository's
//! root, as the README's commands do.

mod common;

use common::delve;

#[test]
fn every_help_example_runs() {
    let mut ran = 0;
    for path in [
        &["route"][..],
        &["queens", "solve"],
        &["queens", "count"],
        &["sudoku", "solve"],
        &["sliding", "enumerate"],
        &["sliding", "lookup"],
        &["sliding", "solve"],
        &["sliding", "pool"],
        &["sliding", "read"],
        &["rgb", "solve"],
        &["rgb", "bench"],
        &["rgb", "show"],
        &["game", "cs188"],
        &["game", "solve"],
        &["tictactoe", "count"],
        &["pacman", "play"],
        &["pacman", "replay"],
        &["pacman", "grade"],
        &["sokoban", "solve"],
        &["sokoban", "bench"],
        &["sokoban", "play"],
        &["sokoban", "convert"],
        &["tictactoe", "play"],
        &["connect4", "solve"],
        &["connect4", "bench"],
        &["connect4", "play"],
        &["connect4", "book", "build"],
        &["connect4", "book", "info"],
    ] {
        let help = delve().args(path).arg("--help").output().expect("help runs");
        let help = String::from_utf8(help.stdout).expect("UTF-8");
        let examples =
            help.split_once("Examples:\n").map(|(_, e)| e).unwrap_or_else(|| panic!("{path:?}: no Examples"));
        let lines: Vec<&str> = examples.lines().filter_map(|l| l.trim().strip_prefix("delve ")).collect();
        assert!(!lines.is_empty(), "{path:?}: empty Examples");
        for line in lines {
            // Examples name files from the repository's root, where a user runs them.
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
            let out = delve().current_dir(root).args(line.split_whitespace()).output().expect("example runs");
            let code = out.status.code();
            assert!(
                matches!(code, Some(0 | 1)),
                "`delve {line}` exited {code:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 15, "only {ran} examples");
}
