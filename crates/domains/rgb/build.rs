//! Lists the RGB Express levels shipped in `data/` (and its `archiloque` folder) as
//! `include_str!`s, so `delve_rgb::shipped()` offers them by name without reading files at run
//! time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The `.txt` files of `dir`, sorted so that `A-2` comes before `A-10`.
fn levels(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "txt")).collect()
        })
        .unwrap_or_default();
    files.sort_by_key(|p| {
        let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let digits = stem.chars().rev().take_while(char::is_ascii_digit).count();
        let number: u64 = stem[stem.len() - digits..].parse().unwrap_or(0);
        (stem[..stem.len() - digits].to_string(), number)
    });
    files
}

fn main() {
    // Read at run time: a build script compiled for one checkout may be reused by another.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let data = Path::new(&manifest).join("data");
    let mut out = String::from("/// The shipped levels: (name, file text).\nconst SHIPPED: &[(&str, &str)] = &[\n");
    for (prefix, dir) in [("", data.clone()), ("archiloque/", data.join("archiloque"))] {
        println!("cargo:rerun-if-changed={}", dir.display());
        for file in levels(&dir) {
            let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let path = file.canonicalize().unwrap_or(file);
            let _ =
                writeln!(out, "    ({:?}, include_str!({:?})),", format!("{prefix}{stem}"), path.display().to_string());
        }
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("shipped.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
