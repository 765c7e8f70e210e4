//! Every command reads its files and stdin through one bounded reader: devices are refused by
//! name, sizes are capped (`--max-input`), endless stdin lines end in an error, and a UTF-8
//! byte-order mark is accepted everywhere.
#![cfg(unix)]

mod common;

use common::{delve, repo_file, scratch};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The commands that read a file, with `{}` where the file goes.
const FILE_READERS: &[&[&str]] = &[
    &["route", "--from", "Arad", "--to", "Bucharest", "--map", "{}"],
    &["queens", "batch", "{}"],
    &["sudoku", "solve", "{}"],
    &["sliding", "solve", "--from-file", "{}"],
    &["sliding", "analyze", "{}"],
    &["sliding", "read", "--templates", "{}", "{}"],
    &["rgb", "solve", "{}"],
    &["sokoban", "solve", "{}"],
    &["sokoban", "bench", "{}"],
    &["sokoban", "play", "{}"],
    &["sokoban", "convert", "{}", "--to", "xsb"],
    &["connect4", "bench", "{}"],
    &["connect4", "solve", "4455", "--book", "{}"],
    &["pacman", "play", "--layout", "{}", "--agent", "reflex"],
    &["pacman", "replay", "{}"],
    &["game", "cs188", "{}"],
];

fn with(args: &[&str], file: &Path) -> Vec<String> {
    args.iter().map(|a| if *a == "{}" { file.display().to_string() } else { a.to_string() }).collect()
}

/// Runs `delve ARGS` with stdin from `stdin` (or nothing), checks exit 2 within a few
/// seconds, and returns stderr.
fn refused(args: &[String], stdin: Option<&str>) -> String {
    let start = Instant::now();
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("delve"));
    cmd.args(args).stdout(Stdio::null()).stderr(Stdio::piped());
    cmd.stdin(match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).unwrap()),
        None => Stdio::null(),
    });
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.starts_with("error:") && !stderr.contains("panicked"), "{args:?}: {stderr}");
    common::assert_said_once(&stderr);
    // Nothing grows: the refusal comes at once, not after gigabytes (the ceiling is loose for
    // a loaded machine; an unbounded read of /dev/zero takes far longer to fail).
    assert!(start.elapsed() < Duration::from_secs(20), "{args:?} took {:?}", start.elapsed());
    stderr
}

#[test]
fn devices_are_refused_by_name_even_behind_a_link_with_a_good_name() {
    let dir = scratch("inputs-devices");
    for (device, name) in [("/dev/zero", "x.txt"), ("/dev/urandom", "y.test")] {
        let link = dir.join(name);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(device, &link).unwrap();
        for args in FILE_READERS {
            let stderr = refused(&with(args, &link), None);
            assert!(stderr.contains("is a character device, not a regular file"), "{args:?}: {stderr}");
        }
    }
    // Named directly too: a name without an extension is the file itself, not `NAME.test`.
    for args in FILE_READERS {
        let stderr = refused(&with(args, Path::new("/dev/zero")), None);
        assert!(stderr.contains("/dev/zero: is a character device, not a regular file"), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_past_the_input_limit_is_refused_with_the_way_to_raise_it() {
    let dir = scratch("inputs-big");
    let big = dir.join("big.xsb");
    std::fs::write(&big, vec![b'#'; 3 << 20]).unwrap();
    let args: Vec<String> = ["--max-input", "2", "sokoban", "solve"].map(String::from).into_iter().collect();
    let stderr = refused(&[args, vec![big.display().to_string()]].concat(), None);
    assert!(stderr.contains("larger than the input limit of 2.0 MiB"), "{stderr}");
    assert!(stderr.contains("hint: raise the limit with --max-input MB"), "{stderr}");
    // Under a larger limit the same file is read, and refused for what it holds instead.
    let out = delve().args(["--max-input", "4", "sokoban", "solve"]).arg(&big).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("input limit"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn stdin_from_an_endless_device_ends_in_an_error() {
    let level = concat!(env!("CARGO_MANIFEST_DIR"), "/../domains/sokoban/data/microban.xsb");
    for args in [
        &["connect4", "solve", "-"][..],
        &["tictactoe", "play"],
        &["connect4", "play", "--first", "human"],
        &["sokoban", "play", level, "--level", "1"],
    ] {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let stderr = refused(&args, Some("/dev/zero"));
        assert!(stderr.contains("longer than") || stderr.contains("input limit"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_folder_of_levels_skips_nothing_silently_and_never_opens_a_pipe() {
    // A named pipe among RGB levels would block a reader forever; it is reported instead.
    let dir = scratch("inputs-fifo");
    std::fs::write(dir.join("a.txt"), repo_file("crates/domains/rgb/data/A-4.txt")).unwrap();
    let fifo = dir.join("b.txt");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let start = Instant::now();
    let out = delve().args(["rgb", "bench"]).arg(&dir).arg("--json").output().unwrap();
    assert!(start.elapsed() < Duration::from_secs(20));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(2), "{report}");
    assert_eq!(report["errors"][0]["error"], format!("{}: not a regular file", fifo.display()), "{report}");
    assert_eq!(report["levels"].as_array().map(Vec::len), Some(1), "{report}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_byte_order_mark_is_accepted_by_every_reader() {
    let dir = scratch("inputs-bom");
    let bom = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
        path.display().to_string()
    };
    let sokoban = bom("level.xsb", "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n");
    let rgb = bom("A-4.txt", &repo_file("crates/domains/rgb/data/A-4.txt"));
    // The puzzle of Wikipedia's Sudoku article.
    let sudoku = bom(
        "sudoku.txt",
        "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n",
    );
    let connect4 = bom("set.txt", "4455 18\n");
    let layout = bom("maze.lay", "%%%%%\n%P .%\n%%%%%\n");
    let queens = bom("batch.txt", "8 csp\n");
    let states = bom("states.txt", "1 2 3 4 5 6 7 0 8\n");
    for args in [
        vec!["sokoban", "solve", &sokoban],
        vec!["rgb", "solve", &rgb],
        vec!["sudoku", "solve", &sudoku],
        vec!["connect4", "bench", &connect4],
        vec!["pacman", "play", "--layout", &layout, "--agent", "reflex", "--quiet"],
        vec!["queens", "batch", &queens],
        vec!["sliding", "solve", "--from-file", &states],
    ] {
        let out = delve().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("feff"), "{args:?}: {stderr}");
    }
    // The CS188 files: a test and its solution, both with a mark.
    let q = repo_file("crates/game/data/cs188/q2/0-eval-function-lose-states-1.test");
    let s = repo_file("crates/game/data/cs188/q2/0-eval-function-lose-states-1.solution");
    let test = bom("t.test", &q);
    bom("t.solution", &s);
    let out = delve().args(["game", "cs188", &test]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::remove_dir_all(dir).unwrap();
}
