//! The CSV reader of the crate's files (samples, depth tables): RFC 4180 records whose
//! fields keep their line and column, so every parser names where a bad field is.

use crate::error::Error;

/// One CSV record: each field with its 1-based line and column.
pub(crate) type Record = Vec<(String, usize, usize)>;

/// Splits CSV text into records of fields (RFC 4180: quotes, doubled quotes, CRLF, a
/// leading UTF-8 BOM), each field with its 1-based line and column.
pub(crate) fn records(path: &str, text: &str) -> Result<Vec<Record>, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut record: Record = Vec::new();
    let mut field = String::new();
    let (mut line, mut col) = (1usize, 1usize);
    let mut field_start = (1usize, 1usize);
    let mut in_quotes = false;
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    let err = |line, column, message: &str| Error::Csv { path: path.into(), line, column, message: message.into() };
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                    col += 2;
                    continue;
                }
                '"' => in_quotes = false,
                '\n' => {
                    field.push(c);
                    line += 1;
                    col = 0;
                }
                _ => field.push(c),
            }
            col += 1;
            continue;
        }
        match c {
            '"' if field.trim().is_empty() && !quoted => {
                field.clear();
                in_quotes = true;
                quoted = true;
            }
            '"' => return Err(err(line, col, "unexpected quote inside an unquoted field")),
            ',' => {
                record.push((std::mem::take(&mut field), field_start.0, field_start.1));
                quoted = false;
                field_start = (line, col + 1);
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                record.push((std::mem::take(&mut field), field_start.0, field_start.1));
                quoted = false;
                records.push(std::mem::take(&mut record));
                line += 1;
                col = 0;
                field_start = (line, 1);
            }
            _ if quoted && !c.is_whitespace() => return Err(err(line, col, "text after a closing quote")),
            _ => field.push(c),
        }
        col += 1;
    }
    if in_quotes {
        return Err(err(field_start.0, field_start.1, "unterminated quoted field"));
    }
    if !field.is_empty() || !record.is_empty() || quoted {
        record.push((field, field_start.0, field_start.1));
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_bom_and_errors() {
        let r = records("f", "\u{feff}a,\"b,c\"\r\n\"x\"\"y\",z\n").unwrap();
        assert_eq!(r[0][1].0, "b,c");
        assert_eq!(r[1][0].0, "x\"y");
        assert_eq!((r[1][1].1, r[1][1].2), (2, 8));
        let e = records("f", "1,\"abc\n").unwrap_err().to_string();
        assert_eq!(e, "f:1:3: unterminated quoted field");
        let e = records("f", "1,ab\"c\n").unwrap_err().to_string();
        assert_eq!(e, "f:1:5: unexpected quote inside an unquoted field");
    }
}
