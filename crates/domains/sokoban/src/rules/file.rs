//! Level files in either format: XSB ([`level`](crate::rules::level)) or the original course
//! solver's `levels.txt` ([`course`]); telling them apart, numbering
//! their levels, and writing levels out in either.

use crate::rules::course::{self, parse_course};
use crate::rules::level::{ErrorKind, Level, ParseError, err, parse_levels};
use std::fmt;
use std::str::FromStr;

/// The format of a level file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// XSB: `; title` lines, levels counted from 1, `*` a box on a goal, `+` the player on one.
    Xsb,
    /// The original course solver's `levels.txt`: `Level N` headers, levels counted from 0,
    /// `*` the mouse (player) on a target, no symbol for an egg (box) on a target.
    Course,
}

impl Format {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Xsb => "xsb",
            Format::Course => "course",
        }
    }

    /// The format of `text`: the course format when it has `Level N` headers and no level in
    /// it holds `+` or both `@` and `*` (which only XSB allows), else XSB.
    ///
    /// ```
    /// use delve_sokoban::Format;
    /// assert_eq!(Format::detect("Level 0\n#####\n#*$ #\n#####\n"), Format::Course);
    /// assert_eq!(Format::detect("; 1\n\n#####\n#@$.#\n#####\n"), Format::Xsb);
    /// // Headers, but a player beside a box on a goal: XSB.
    /// assert_eq!(Format::detect("Level 1\n######\n#@$*.#\n######\n"), Format::Xsb);
    /// ```
    pub fn detect(text: &str) -> Format {
        if course::looks_like_course(text) { Format::Course } else { Format::Xsb }
    }

    /// Writes `levels` in this format: XSB with each level's `; title` line, or the course
    /// format with `Level N` headers numbered from 0 (titles are lost). A cell the course
    /// format cannot say (a box on a goal, an ordered-mode letter) is an error at that cell.
    ///
    /// ```
    /// use delve_sokoban::{Format, Level};
    /// let level = Level::parse("; one push\n#####\n#+$ #\n#####\n").unwrap();
    /// assert_eq!(Format::Course.write(&[level.clone()]).unwrap(), "Level 0\n#####\n#*$ #\n#####\n");
    /// assert_eq!(Format::Xsb.write(&[level]).unwrap(), "; one push\n\n#####\n#+$ #\n#####\n");
    /// ```
    pub fn write(self, levels: &[Level]) -> Result<String, ParseError> {
        let mut out = String::new();
        for (k, level) in levels.iter().enumerate() {
            if k > 0 {
                out.push('\n');
            }
            match self {
                Format::Xsb => out.push_str(&format!("; {}\n\n{level}", level.title)),
                Format::Course => out.push_str(&format!("Level {k}\n{}", course_rows(level)?)),
            }
        }
        Ok(out)
    }
}

/// `level`'s rows in the course format, or the first cell it has no symbol for.
fn course_rows(level: &Level) -> Result<String, ParseError> {
    let mut out = String::new();
    for (r, row) in level.to_string().lines().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let what = match ch {
                '+' => {
                    out.push('*');
                    continue;
                }
                '*' => "a box on a goal (`*`)",
                c if c.is_ascii_alphabetic() => "an ordered-mode letter",
                c => {
                    out.push(c);
                    continue;
                }
            };
            return Err(err(level.line_of(r), c + 1, ErrorKind::NotInCourse(what)));
        }
        out.push('\n');
    }
    Ok(out)
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "xsb" => Ok(Format::Xsb),
            "course" => Ok(Format::Course),
            _ => Err(format!("unknown format `{s}` (expected xsb or course)")),
        }
    }
}

/// The levels of a file, each read on its own (a malformed one is an error in its place), and
/// how they are numbered: from 1 in XSB, from the first `Level N` header (usually 0) in the
/// course format, one by one.
#[derive(Clone, Debug)]
pub struct LevelFile {
    /// The format the file was read in.
    pub format: Format,
    /// The first level's number.
    pub first: usize,
    /// Each level, or what is wrong with it, in file order.
    pub levels: Vec<Result<Level, ParseError>>,
}

impl LevelFile {
    /// Reads `text` in `format`, or in the format [`Format::detect`] finds when `None`.
    ///
    /// ```
    /// use delve_sokoban::LevelFile;
    /// let file = LevelFile::read("Level 0\n#####\n#*$ #\n#####\n", None).unwrap();
    /// assert_eq!((file.first, file.last()), (0, 0));
    /// assert!(file.get(0).is_some() && file.get(1).is_none());
    /// ```
    pub fn read(text: &str, format: Option<Format>) -> Result<LevelFile, ParseError> {
        let format = format.unwrap_or_else(|| Format::detect(text));
        let levels = match format {
            Format::Xsb => parse_levels(text)?,
            Format::Course => parse_course(text)?,
        };
        let first = match format {
            Format::Xsb => 1,
            // The headers follow one another from the first, which the text starts with.
            Format::Course => text.lines().find_map(course::header).unwrap_or(0),
        };
        Ok(LevelFile { format, first, levels })
    }

    /// Level number `number`, or `None` when the file has no such level.
    pub fn get(&self, number: usize) -> Option<&Result<Level, ParseError>> {
        self.levels.get(number.checked_sub(self.first)?)
    }

    /// The last level's number.
    pub fn last(&self) -> usize {
        (self.first + self.levels.len()).saturating_sub(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Microban 3 and 40 (`data/microban.xsb`) written by hand in the course format, as the
    /// file `data/microban-course.txt` has them (40's player stands on a goal: `*` here).
    const COURSE: &str = include_str!("../../data/microban-course.txt");

    fn ok(file: &LevelFile) -> Vec<Level> {
        file.levels.iter().map(|l| l.clone().unwrap()).collect()
    }

    #[test]
    fn a_level_written_both_ways_reads_the_same() {
        let course = LevelFile::read(COURSE, None).unwrap();
        assert_eq!((course.format, course.first, course.last()), (Format::Course, 0, 2));
        let xsb = LevelFile::read(include_str!("../../data/microban.xsb"), None).unwrap();
        assert_eq!((xsb.format, xsb.first), (Format::Xsb, 1));
        for (course_number, microban) in [(0, 3), (1, 5), (2, 40)] {
            let (a, b) = (course.get(course_number).unwrap(), xsb.get(microban).unwrap());
            let (a, b) = (a.as_ref().unwrap(), b.as_ref().unwrap());
            assert_eq!(a.to_string(), b.to_string(), "Level {course_number} = Microban {microban}");
            assert_eq!((a.number, a.title.as_str()), (course_number, course_number.to_string().as_str()));
        }
        // The mouse on a target is the player on a goal.
        assert!(course.get(2).unwrap().as_ref().unwrap().to_string().contains("# .+. #"));
    }

    #[test]
    fn conversion_round_trips() {
        let course = ok(&LevelFile::read(COURSE, Some(Format::Course)).unwrap());
        let as_xsb = Format::Xsb.write(&course).unwrap();
        let back = ok(&LevelFile::read(&as_xsb, None).unwrap());
        assert_eq!(Format::Course.write(&back).unwrap(), COURSE);
        // XSB → course → XSB keeps the boards; the course format has no titles.
        let xsb = LevelFile::read(&as_xsb, Some(Format::Xsb)).unwrap();
        let there = Format::Course.write(&ok(&xsb)).unwrap();
        let again = ok(&LevelFile::read(&there, None).unwrap());
        let boards = |levels: &[Level]| levels.iter().map(Level::to_string).collect::<Vec<_>>();
        assert_eq!(boards(&again), boards(&ok(&xsb)));
    }

    #[test]
    fn what_the_course_format_cannot_say_is_an_error_at_the_cell() {
        let level = Level::parse("; 1\n\n######\n#@$*.#\n######\n").unwrap();
        let e = Format::Course.write(&[level]).unwrap_err();
        assert_eq!((e.line, e.column), (4, 4));
        assert_eq!(
            e.kind.to_string(),
            "a box on a goal (`*`) cannot be written in the course format, which has no symbol for it"
        );
        let lettered = Level::parse("#####\n#@Aa#\n#####\n").unwrap();
        assert_eq!(Format::Course.write(&[lettered]).unwrap_err().column, 3);
    }

    #[test]
    fn course_errors_name_line_and_column() {
        let kind = |text: &str| {
            let e = parse_course(text).unwrap_err();
            (e.line, e.column, e.kind)
        };
        let level = |text: &str| {
            let e = parse_course(text).unwrap().swap_remove(0).unwrap_err();
            (e.line, e.column, e.kind)
        };
        assert_eq!(level("Level 0\n#####\n#@$+#\n#####\n"), (3, 4, ErrorKind::CourseChar('+')));
        assert_eq!(level("Level 0\n#####\n# $.#\n#####\n"), (2, 1, ErrorKind::NoMouse));
        assert_eq!(level("Level 0\n\nLevel 1\n#####\n#@$.#\n#####\n"), (1, 1, ErrorKind::EmptyLevel(0)));
        assert_eq!(level("Level 0\n#####\n#@*.#\n#####\n").2, ErrorKind::TwoPlayers { line: 3, column: 2 });
        let order = "Level 0\n#####\n#@$.#\n#####\n\n  Level 2\n#####\n#@$.#\n#####\n";
        assert_eq!(kind(order), (6, 3, ErrorKind::OutOfOrder { expected: 1, found: 2 }));
        assert_eq!(kind("#####\n#@$.#\n#####\n"), (1, 1, ErrorKind::RowOutsideLevel));
        assert_eq!(kind("Level 0\n#####\n#@$.#\n\n#####\n"), (5, 1, ErrorKind::RowOutsideLevel));
        assert_eq!(kind("levels of the course\n"), (1, 1, ErrorKind::NoHeader));
        // Notes between levels are skipped; a level may start at any number.
        let levels = parse_course("my levels\nLevel 7\n#####\n#@$.#\n#####\n\nthe end\n").unwrap();
        assert_eq!(levels[0].as_ref().unwrap().number, 7);
    }

    #[test]
    fn headers_and_detection() {
        assert_eq!(course::header("Level 12"), Some(12));
        assert_eq!(course::header("  Level   3  "), Some(3));
        for not in ["Level", "Level x", "Level3", "level 3", "Level 3a", "Level 99999999999"] {
            assert_eq!(course::header(not), None, "{not}");
        }
        // Without headers, or with a `+`: XSB.
        assert_eq!(Format::detect("#####\n#*@.#\n#####\n"), Format::Xsb);
        assert_eq!(Format::detect("Level 0\n#####\n#+$ #\n#####\n"), Format::Xsb);
        // A course file whose levels have `@` in one and `*` in another.
        assert_eq!(Format::detect(COURSE), Format::Course);
        assert_eq!("course".parse::<Format>(), Ok(Format::Course));
        assert!("txt".parse::<Format>().unwrap_err().contains("expected xsb or course"));
    }
}
