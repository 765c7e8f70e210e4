//! The one bounded reader every delve front end reads files and stdin through.
//!
//! A user can hand any path to a command: a level file, but also `/dev/zero`, a named pipe, a
//! folder, or a multi-gigabyte file by mistake. Read naively, each of those grows memory until
//! the machine gives out. Here:
//!
//! * at most [`max_input`] bytes are read from one file or stream (64 MiB unless a front end
//!   sets another limit with [`set_max_input`]); past it the read fails with
//!   [`ErrorKind::FileTooLarge`] and a message naming the limit;
//! * devices (`/dev/zero`, `/dev/urandom`, terminals named as files), sockets and folders are
//!   refused by name before anything is read; named pipes and stdin are read, under the same
//!   limit, since `<(command)` and `cat x | delve …` are pipes;
//! * text has a leading UTF-8 byte-order mark removed, and bytes that are not UTF-8 are
//!   reported with their line and column;
//! * [`lines`] reads line by line (interactive play, batches on stdin) with each line bounded
//!   by [`MAX_LINE`], so an endless line (stdin from `/dev/zero`) ends with an error instead
//!   of filling memory.
//!
//! Errors are [`io::Error`]s whose message says what was wrong, so callers wrap them with the
//! file name as they would any read error.
//!
//! ```
//! use delve_core::input;
//! let dir = std::env::temp_dir().join(format!("delve-input-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let file = dir.join("level.txt");
//! std::fs::write(&file, "\u{feff}#####\r\n#@$.#\r\n#####\r\n").unwrap();
//! // The byte-order mark is gone; line ends are left to the parser (`str::lines` takes both).
//! assert_eq!(input::read_text(&file).unwrap().lines().next(), Some("#####"));
//! // A folder is refused by name.
//! let err = input::read_text(&dir).unwrap_err();
//! assert!(err.to_string().contains("is a folder"), "{err}");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fs::File;
use std::io::{self, BufRead, ErrorKind, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// The input limit unless a front end sets another: 64 MiB, far above any level collection,
/// test set or instance file delve ships, far below what would strain a laptop.
pub const DEFAULT_MAX_INPUT: u64 = 64 << 20;

/// The longest line [`lines`] accepts: 1 MiB.
pub const MAX_LINE: usize = 1 << 20;

static MAX_INPUT: AtomicU64 = AtomicU64::new(DEFAULT_MAX_INPUT);

/// The most bytes read from one file or stream.
pub fn max_input() -> u64 {
    MAX_INPUT.load(Ordering::Relaxed)
}

/// Sets the most bytes read from one file or stream, for the whole process (the CLI's
/// `--max-input`). At least one byte.
pub fn set_max_input(bytes: u64) {
    MAX_INPUT.store(bytes.max(1), Ordering::Relaxed);
}

/// Whether `path` names a regular file (after following symlinks): what folder scans should
/// pick up, so a device or pipe that sits among the levels is never opened.
pub fn is_regular_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// The bytes of the file at `path`, at most [`max_input`] of them.
pub fn read_bytes(path: &Path) -> io::Result<Vec<u8>> {
    read_bytes_within(path, max_input())
}

/// The bytes of the file at `path`, at most `max` of them (for inputs with their own bound,
/// such as opening books, which may be larger than text inputs).
pub fn read_bytes_within(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(io::Error::new(ErrorKind::InvalidInput, "is a folder, not a file"));
    }
    if !kind.is_file() && !is_pipe(&kind) {
        return Err(io::Error::new(ErrorKind::InvalidInput, format!("is {}, not a regular file", describe(&kind))));
    }
    if kind.is_file() && meta.len() > max {
        return Err(too_big(max));
    }
    read_within(File::open(path)?, max)
}

/// The text of the file at `path` (at most [`max_input`] bytes), without a leading UTF-8
/// byte-order mark; bytes that are not UTF-8 are an error naming their line and column.
pub fn read_text(path: &Path) -> io::Result<String> {
    text(read_bytes(path)?)
}

/// All of stdin as text, under the same rules as [`read_text`].
pub fn read_stdin_text() -> io::Result<String> {
    text(read_within(io::stdin().lock(), max_input())?)
}

/// Everything `reader` gives, failing once it gives more than `max` bytes (without holding
/// more than `max + 1` of them).
pub fn read_within(reader: impl Read, max: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_big(max));
    }
    Ok(bytes)
}

/// `bytes` as text: a leading byte-order mark removed, and an error naming the line and column
/// of the first byte that is not UTF-8.
pub fn text(mut bytes: Vec<u8>) -> io::Result<String> {
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
        let line_start = bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        // Columns count characters, as the parsers' own messages do.
        let column = 1 + String::from_utf8_lossy(&bytes[line_start..at]).chars().count();
        io::Error::new(
            ErrorKind::InvalidData,
            format!("line {line}, column {column}: byte 0x{:02x} is not UTF-8 text", bytes[at]),
        )
    })
}

/// The lines of `reader`, each without its line end (`\n` or `\r\n`) and the first without a
/// byte-order mark; a line longer than [`MAX_LINE`] bytes or not UTF-8 ends the iteration with
/// an error naming its line number.
pub fn lines<R: BufRead>(reader: R) -> Lines<R> {
    Lines { reader, number: 0, done: false }
}

/// The iterator [`lines`] returns.
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    number: u64,
    done: bool,
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<io::Result<String>> {
        if self.done {
            return None;
        }
        self.number += 1;
        let mut line = Vec::new();
        let read = (&mut self.reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut line);
        let result = match read {
            Ok(0) => {
                self.done = true;
                return None;
            }
            Ok(_) if line.len() > MAX_LINE && line.last() != Some(&b'\n') => Err(io::Error::new(
                ErrorKind::InvalidData,
                format!("line {}: longer than {} bytes", self.number, MAX_LINE),
            )),
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                    if line.last() == Some(&b'\r') {
                        line.pop();
                    }
                }
                if self.number == 1 && line.starts_with(BOM) {
                    line.drain(..BOM.len());
                }
                String::from_utf8(line).map_err(|e| {
                    io::Error::new(
                        ErrorKind::InvalidData,
                        format!(
                            "line {}: byte 0x{:02x} is not UTF-8 text",
                            self.number,
                            e.as_bytes()[e.utf8_error().valid_up_to()]
                        ),
                    )
                })
            }
            Err(e) => Err(e),
        };
        if result.is_err() {
            self.done = true;
        }
        Some(result)
    }
}

const BOM: &[u8] = b"\xef\xbb\xbf";

fn too_big(max: u64) -> io::Error {
    io::Error::new(
        ErrorKind::FileTooLarge,
        format!("larger than the input limit of {}", crate::human::bytes(max as f64)),
    )
}

#[cfg(unix)]
fn is_pipe(kind: &std::fs::FileType) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(kind)
}

#[cfg(not(unix))]
fn is_pipe(_: &std::fs::FileType) -> bool {
    false
}

#[cfg(unix)]
fn describe(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

#[cfg(not(unix))]
fn describe(_: &std::fs::FileType) -> &'static str {
    "not a file"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("delve-input-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn reads_are_cut_at_the_limit_not_after() {
        let bytes = read_within(io::repeat(0).take(1 << 30), 1000).unwrap_err();
        assert_eq!(bytes.kind(), ErrorKind::FileTooLarge);
        assert_eq!(read_within(&[1u8; 1000][..], 1000).unwrap().len(), 1000);
        let dir = scratch("big");
        let file = dir.join("big.txt");
        std::fs::write(&file, vec![b'#'; 2000]).unwrap();
        assert_eq!(read_bytes_within(&file, 1999).unwrap_err().kind(), ErrorKind::FileTooLarge);
        assert_eq!(read_bytes_within(&file, 2000).unwrap().len(), 2000);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_by_name_and_links_to_them_too() {
        let err = read_text(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(err.to_string(), "is a character device, not a regular file");
        let dir = scratch("link");
        let link = dir.join("x.txt");
        std::os::unix::fs::symlink("/dev/urandom", &link).unwrap();
        assert!(read_text(&link).unwrap_err().to_string().contains("character device"));
        assert!(!is_regular_file(&link));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_bom_is_dropped_and_bad_bytes_are_placed() {
        assert_eq!(text(b"\xef\xbb\xbfab".to_vec()).unwrap(), "ab");
        let err = text(b"ok\nab\xffc".to_vec()).unwrap_err();
        assert_eq!(err.to_string(), "line 2, column 3: byte 0xff is not UTF-8 text");
        let err = text("éab".bytes().chain([0xff]).collect()).unwrap_err();
        assert!(err.to_string().starts_with("line 1, column 4:"), "{err}");
    }

    #[test]
    fn lines_are_bounded_and_lose_their_ends() {
        let got: Vec<String> = lines(&b"\xef\xbb\xbf12\r\n34\n\n5"[..]).map(Result::unwrap).collect();
        assert_eq!(got, ["12", "34", "", "5"]);
        // An endless line ends in an error, with bounded memory.
        let mut endless = lines(io::BufReader::new(io::repeat(0)));
        let err = endless.next().unwrap().unwrap_err();
        assert_eq!(err.to_string(), format!("line 1: longer than {MAX_LINE} bytes"));
        assert!(endless.next().is_none());
        // A line of exactly MAX_LINE bytes is fine.
        let mut exact = vec![b'x'; MAX_LINE];
        exact.push(b'\n');
        assert_eq!(lines(&exact[..]).next().unwrap().unwrap().len(), MAX_LINE);
        let err = lines(&b"a\n\xff\n"[..]).nth(1).unwrap().unwrap_err();
        assert_eq!(err.to_string(), "line 2: byte 0xff is not UTF-8 text");
    }
}
