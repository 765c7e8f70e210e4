//! The seven levels of the original solver in its own dict format (data/dict, see
//! data/SOURCES.md): each converts to the shipped grid file byte for byte, and the grid file
//! converts back to the dict. A-9 is the original's own text, so its round trip checks the
//! writer against the original's layout.

use delve_rgb::{Format, Level};
use std::path::{Path, PathBuf};

const LEVELS: [&str; 7] = ["Custom", "A-4", "A-9", "B-10", "C-2", "G-8", "P-7"];

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A grid file without its `#` comment lines (the grid writer writes none).
fn without_comments(text: &str) -> String {
    text.lines().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect()
}

#[test]
fn each_dict_converts_to_its_grid_file_byte_for_byte() {
    for name in LEVELS {
        let dict = read(&data().join("dict").join(format!("{name}.py")));
        let grid = read(&data().join(format!("{name}.txt")));
        assert_eq!(Format::detect(&dict), Format::Dict, "{name}");
        assert_eq!(Format::detect(&grid), Format::Grid, "{name}");
        let level = Level::parse_dict(&dict).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(level.name, name);
        assert_eq!(level.to_string(), without_comments(&grid), "{name}");
        assert_eq!(level, Level::parse(&grid).unwrap(), "{name}");
    }
}

#[test]
fn each_grid_file_converts_to_its_dict_byte_for_byte() {
    for name in LEVELS {
        let dict = read(&data().join("dict").join(format!("{name}.py")));
        let level = Level::load(data().join(format!("{name}.txt"))).unwrap();
        assert_eq!(level.to_dict().unwrap(), dict, "{name}");
    }
}

#[test]
fn loading_tells_the_format_and_names_a_bare_dict_after_its_file() {
    let dir = std::env::temp_dir().join(format!("delve-rgb-pydict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The A-9 entry without its name: a bare dict, named after the file.
    let entry = read(&data().join("dict/A-9.py"));
    let bare = entry.replacen("'A-9': ", "", 1).trim_end().trim_end_matches(',').to_string();
    let path = dir.join("nine.py");
    std::fs::write(&path, &bare).unwrap();
    let level = Level::load(&path).unwrap();
    assert_eq!(level.name, "nine");
    assert_eq!(level.cells, Level::load(data().join("A-9.txt")).unwrap().cells);
    // Read as a grid file, it is refused at its first line.
    let err = Level::load_in(&path, Some(Format::Grid)).unwrap_err();
    assert!(err.to_string().starts_with(&format!("{}:1:1: expected `key: value`", path.display())), "{err}");
    // A bad glyph is named with the file, line and column.
    std::fs::write(&path, bare.replacen("├─┬─┬─┤", "├─+─┬─┤", 1)).unwrap();
    let err = Level::load(&path).unwrap_err();
    assert!(err.to_string().starts_with(&format!("{}:4:17: ", path.display())), "{err}");
    assert!(err.to_string().contains("in `Roads`: expected a road glyph"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
