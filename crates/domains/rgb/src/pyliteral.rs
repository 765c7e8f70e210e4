//! A small, safe subset of Python's literal syntax, read without evaluating anything: the
//! syntax of the original solver's level dicts ([`crate::pydict`]). Strings (`'…'`, `"…"`,
//! triple-quoted, with Python's escapes; adjacent strings join, as Python joins them), whole
//! numbers, lists, tuples, dicts, dotted names (`Color.Red`, `None`) and calls of a name
//! (`Truck(0, Color.Red, Dir.Up, (8, 0))`), with `#` comments anywhere. Every value keeps the
//! line and column it starts at; every character of a string keeps its own.
//!
//! The parser is bounded: it refuses texts over [`MAX_BYTES`], and values nested deeper than
//! [`MAX_DEPTH`]; it keeps its open brackets on an explicit stack, so no input makes it
//! recurse.

use crate::error::{ErrorKind, ParseError};

/// The longest text read, in bytes (a 64 × 64 level's dict takes about 20 KB).
pub const MAX_BYTES: usize = 1 << 20;
/// The deepest nesting of brackets read (a level's dict nests four deep).
pub const MAX_DEPTH: usize = 32;

/// A 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: usize,
    pub column: usize,
}

/// A value and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub pos: Pos,
    pub value: Value,
}

/// A literal value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// A string (adjacent strings joined): its text, the place of each character, and whether
    /// a piece of it was triple-quoted.
    Str { text: String, at: Vec<Pos>, triple: bool },
    /// A whole number.
    Int(i64),
    /// A dotted name: `Color.Red`, `None`.
    Name(String),
    /// A name called with arguments: `Truck(…)`.
    Call(String, Vec<Node>),
    /// `[…]`.
    List(Vec<Node>),
    /// `(…, …)`.
    Tuple(Vec<Node>),
    /// `{key: value, …}`, in the order written.
    Dict(Vec<(Node, Node)>),
}

impl Value {
    /// What the value is, for "expected …, found …" messages.
    pub fn describe(&self) -> String {
        match self {
            Value::Str { text, .. } => format!("the string {}", quote(text)),
            Value::Int(n) => format!("the number {n}"),
            Value::Name(n) => format!("the name {}", quote(n)),
            Value::Call(n, _) => format!("a call of {}", quote(n)),
            Value::List(_) => "a list".to_string(),
            Value::Tuple(_) => "a tuple".to_string(),
            Value::Dict(_) => "a dict".to_string(),
        }
    }
}

/// A short excerpt of `text` in backquotes: at most 24 characters, control characters
/// escaped.
pub(crate) fn quote(text: &str) -> String {
    let mut out = String::from("`");
    for (i, c) in text.chars().enumerate() {
        if i == 24 {
            out.push('…');
            break;
        }
        if c.is_control() { out.extend(c.escape_default()) } else { out.push(c) }
    }
    out.push('`');
    out
}

fn err(pos: Pos, kind: ErrorKind) -> ParseError {
    ParseError { file: None, line: pos.line, column: pos.column, kind }
}

fn expected(pos: Pos, expected: &'static str, found: String) -> ParseError {
    err(pos, ErrorKind::Expected { expected, found })
}

/// A token and where it starts.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Str { text: String, at: Vec<Pos>, triple: bool },
    Int(i64),
    Name(String),
    Punct(char),
    End,
}

impl Token {
    fn describe(&self) -> String {
        match self {
            Token::Str { text, .. } => format!("the string {}", quote(text)),
            Token::Int(n) => format!("the number {n}"),
            Token::Name(n) => quote(n),
            Token::Punct(c) => quote(&c.to_string()),
            Token::End => "the end of the text".to_string(),
        }
    }
}

/// Splits the text into tokens, skipping white space, comments and line continuations.
struct Lexer {
    chars: Vec<char>,
    i: usize,
    pos: Pos,
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        Lexer { chars: text.chars().collect(), i: 0, pos: Pos { line: 1, column: 1 } }
    }

    fn peek_char(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.i + ahead).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.i).copied()?;
        self.i += 1;
        if c == '\n' {
            self.pos = Pos { line: self.pos.line + 1, column: 1 };
        } else {
            self.pos.column += 1;
        }
        Some(c)
    }

    /// The next token and where it starts.
    fn next(&mut self) -> Result<(Pos, Token), ParseError> {
        loop {
            match self.peek_char(0) {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('#') => {
                    while self.peek_char(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                Some('\\') if self.peek_char(1) == Some('\n') => {
                    self.bump();
                    self.bump();
                }
                Some('\\') if self.peek_char(1) == Some('\r') && self.peek_char(2) == Some('\n') => {
                    self.bump();
                    self.bump();
                    self.bump();
                }
                _ => break,
            }
        }
        let pos = self.pos;
        let Some(c) = self.peek_char(0) else { return Ok((pos, Token::End)) };
        let token = match c {
            '\'' | '"' => self.string()?,
            '0'..='9' => {
                let mut n: i64 = 0;
                while let Some(d) = self.peek_char(0).and_then(|c| c.to_digit(10)) {
                    self.bump();
                    n = n
                        .checked_mul(10)
                        .and_then(|n| n.checked_add(i64::from(d)))
                        .ok_or_else(|| expected(pos, "a whole number below 2^63", "a longer number".to_string()))?;
                }
                if self.peek_char(0).is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                    let found = self.peek_char(0).map(String::from).unwrap_or_default();
                    return Err(expected(self.pos, "a whole number (digits only)", quote(&found)));
                }
                Token::Int(n)
            }
            c if c.is_alphabetic() || c == '_' => {
                let mut name = String::new();
                loop {
                    while let Some(c) = self.peek_char(0).filter(|c| c.is_alphanumeric() || *c == '_') {
                        name.push(c);
                        self.bump();
                    }
                    match (self.peek_char(0), self.peek_char(1)) {
                        (Some('.'), Some(c)) if c.is_alphabetic() || c == '_' => {
                            name.push('.');
                            self.bump();
                        }
                        _ => break,
                    }
                }
                if matches!(self.peek_char(0), Some('\'' | '"')) {
                    return Err(expected(pos, "a value (strings take no prefix such as r, b or f)", quote(&name)));
                }
                Token::Name(name)
            }
            '{' | '}' | '[' | ']' | '(' | ')' | ',' | ':' | '-' => {
                self.bump();
                Token::Punct(c)
            }
            other => return Err(expected(pos, "a value, a bracket, `,` or `:`", quote(&other.to_string()))),
        };
        Ok((pos, token))
    }

    /// A string literal, from its opening quote.
    fn string(&mut self) -> Result<Token, ParseError> {
        let start = self.pos;
        let quote_char = self.bump().expect("a quote");
        let triple = self.peek_char(0) == Some(quote_char) && self.peek_char(1) == Some(quote_char);
        if triple {
            self.bump();
            self.bump();
        }
        let mut text = String::new();
        let mut at = Vec::new();
        loop {
            let pos = self.pos;
            let Some(c) = self.bump() else {
                return Err(err(
                    start,
                    ErrorKind::Expected {
                        expected: "the string's closing quote",
                        found: "the end of the text".to_string(),
                    },
                ));
            };
            match c {
                c if c == quote_char && !triple => break,
                c if c == quote_char && self.peek_char(0) == Some(c) && self.peek_char(1) == Some(c) => {
                    self.bump();
                    self.bump();
                    break;
                }
                '\n' if !triple => {
                    return Err(expected(
                        pos,
                        "the string's closing quote before the end of the line (or a triple-quoted string)",
                        "a line break".to_string(),
                    ));
                }
                '\\' => {
                    if let Some(c) = self.escape(pos)? {
                        text.push(c);
                        at.push(pos);
                    }
                }
                '\r' if self.peek_char(0) == Some('\n') => {}
                c => {
                    text.push(c);
                    at.push(pos);
                }
            }
        }
        Ok(Token::Str { text, at, triple })
    }

    /// The character an escape stands for (after its backslash at `pos`); `None` for a line
    /// continuation.
    fn escape(&mut self, pos: Pos) -> Result<Option<char>, ParseError> {
        const WHAT: &str =
            "an escape (\\n, \\t, \\r, \\\\, \\', \\\", \\0, \\xHH, \\uHHHH, \\UHHHHHHHH or a line break)";
        let Some(c) = self.bump() else { return Err(expected(pos, WHAT, "the end of the text".to_string())) };
        let hex = |lexer: &mut Lexer, digits: usize| -> Result<char, ParseError> {
            let mut code = 0u32;
            for _ in 0..digits {
                let d = lexer.peek_char(0).and_then(|c| c.to_digit(16));
                let Some(d) = d else {
                    let found = lexer.peek_char(0).map_or("the end of the text".to_string(), |c| quote(&c.to_string()));
                    return Err(expected(lexer.pos, "a hexadecimal digit", found));
                };
                lexer.bump();
                code = code * 16 + d;
            }
            char::from_u32(code).ok_or_else(|| expected(pos, "the code of a character", format!("{code:#x}")))
        };
        Ok(Some(match c {
            '\n' => return Ok(None),
            '\r' if self.peek_char(0) == Some('\n') => {
                self.bump();
                return Ok(None);
            }
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            '0' => '\0',
            '\\' | '\'' | '"' => c,
            'x' => hex(self, 2)?,
            'u' => hex(self, 4)?,
            'U' => hex(self, 8)?,
            other => return Err(expected(pos, WHAT, quote(&format!("\\{other}")))),
        }))
    }
}

/// An open bracket whose values are being read.
enum Frame {
    List(Pos, Vec<Node>),
    /// `(`: a tuple, or one value in parentheses; whether a comma was seen.
    Paren(Pos, Vec<Node>, bool),
    Call(Pos, String, Vec<Node>),
    /// `{`: the pairs, and the key waiting for its value.
    Dict(Pos, Vec<(Node, Node)>, Option<Node>),
}

impl Frame {
    fn closer(&self) -> char {
        match self {
            Frame::List(..) => ']',
            Frame::Paren(..) | Frame::Call(..) => ')',
            Frame::Dict(..) => '}',
        }
    }

    /// What may follow a value in this bracket.
    fn after_value(&self) -> &'static str {
        match self {
            Frame::List(..) => "`,` or `]`",
            Frame::Paren(..) | Frame::Call(..) => "`,` or `)`",
            Frame::Dict(..) => "`,` or `}`",
        }
    }

    /// The finished value.
    fn close(self) -> Node {
        match self {
            Frame::List(pos, items) => Node { pos, value: Value::List(items) },
            Frame::Paren(pos, mut items, comma) => {
                if items.len() == 1 && !comma {
                    items.pop().expect("one value")
                } else {
                    Node { pos, value: Value::Tuple(items) }
                }
            }
            Frame::Call(pos, name, args) => Node { pos, value: Value::Call(name, args) },
            Frame::Dict(pos, pairs, _) => Node { pos, value: Value::Dict(pairs) },
        }
    }
}

/// How a value starts: a whole value (a string, a number, a name), or an open bracket.
enum Start {
    Atom(Node),
    Open(Frame),
}

/// Reads tokens into values.
struct Parser {
    lexer: Lexer,
    /// A token read ahead.
    ahead: Option<(Pos, Token)>,
}

impl Parser {
    fn next(&mut self) -> Result<(Pos, Token), ParseError> {
        match self.ahead.take() {
            Some(t) => Ok(t),
            None => self.lexer.next(),
        }
    }

    fn peek(&mut self) -> Result<&Token, ParseError> {
        if self.ahead.is_none() {
            self.ahead = Some(self.lexer.next()?);
        }
        Ok(&self.ahead.as_ref().expect("just read").1)
    }

    /// One value, with every bracket it opens closed.
    fn value(&mut self) -> Result<Node, ParseError> {
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            // A value starts here: an atom, or a bracket to open.
            let (pos, token) = self.next()?;
            let start = match token {
                Token::Str { mut text, mut at, mut triple } => {
                    // Adjacent strings are one string, as in Python.
                    while matches!(self.peek()?, Token::Str { .. }) {
                        if let (_, Token::Str { text: more, at: more_at, triple: more_triple }) = self.next()? {
                            text.push_str(&more);
                            at.extend(more_at);
                            triple |= more_triple;
                        }
                    }
                    Start::Atom(Node { pos, value: Value::Str { text, at, triple } })
                }
                Token::Int(n) => Start::Atom(Node { pos, value: Value::Int(n) }),
                Token::Punct('-') => match self.next()? {
                    (_, Token::Int(n)) => Start::Atom(Node { pos, value: Value::Int(-n) }),
                    (at, other) => return Err(expected(at, "a number after `-`", other.describe())),
                },
                Token::Name(name) if self.peek()? == &Token::Punct('(') => {
                    self.next()?;
                    Start::Open(Frame::Call(pos, name, Vec::new()))
                }
                Token::Name(name) => Start::Atom(Node { pos, value: Value::Name(name) }),
                Token::Punct('[') => Start::Open(Frame::List(pos, Vec::new())),
                Token::Punct('(') => Start::Open(Frame::Paren(pos, Vec::new(), false)),
                Token::Punct('{') => Start::Open(Frame::Dict(pos, Vec::new(), None)),
                other => return Err(expected(pos, "a value", other.describe())),
            };
            let mut node = match start {
                Start::Open(frame) => {
                    if stack.len() == MAX_DEPTH {
                        return Err(err(pos, ErrorKind::TooDeep(MAX_DEPTH)));
                    }
                    let closer = frame.closer();
                    if self.peek()? != &Token::Punct(closer) {
                        stack.push(frame);
                        continue;
                    }
                    self.next()?;
                    frame.close()
                }
                Start::Atom(node) => node,
            };
            // A value is complete: hand it to the bracket it is in, and read what follows.
            loop {
                let Some(top) = stack.last_mut() else { return Ok(node) };
                let key_done = match top {
                    Frame::List(_, items) | Frame::Paren(_, items, _) | Frame::Call(_, _, items) => {
                        items.push(node);
                        false
                    }
                    Frame::Dict(_, pairs, key) => match key.take() {
                        Some(k) => {
                            pairs.push((k, node));
                            false
                        }
                        None => {
                            *key = Some(node);
                            true
                        }
                    },
                };
                let (at, token) = self.next()?;
                let top = stack.last_mut().expect("the bracket is open");
                if key_done {
                    if token != Token::Punct(':') {
                        return Err(expected(at, "`:` after the key", token.describe()));
                    }
                    break;
                }
                let closer = top.closer();
                if token == Token::Punct(',') {
                    if let Frame::Paren(_, _, comma) = top {
                        *comma = true;
                    }
                    if self.peek()? != &Token::Punct(closer) {
                        break;
                    }
                    self.next()?;
                } else if token != Token::Punct(closer) {
                    return Err(expected(at, top.after_value(), token.describe()));
                }
                node = stack.pop().expect("the bracket is open").close();
            }
        }
    }
}

/// What a level file in the dict format holds: a dict, or a named entry of the original's
/// `rgb_testcases` (`'A-9': {…},`).
#[derive(Debug)]
pub(crate) struct Document {
    /// The entry's name, if the text is a named entry.
    pub name: Option<Node>,
    /// The dict.
    pub value: Node,
}

/// Reads `text`: one value, or `STRING: value` with an optional trailing comma; nothing after.
pub(crate) fn parse(text: &str) -> Result<Document, ParseError> {
    if text.len() > MAX_BYTES {
        return Err(err(
            Pos { line: 1, column: 1 },
            ErrorKind::TooMany { what: "bytes in a level dict", found: text.len(), max: MAX_BYTES },
        ));
    }
    let mut parser = Parser { lexer: Lexer::new(text), ahead: None };
    let first = parser.value()?;
    let (name, value) = if parser.peek()? == &Token::Punct(':') {
        if !matches!(first.value, Value::Str { .. }) {
            return Err(expected(
                first.pos,
                "a level's dict, or its name in quotes before `:`",
                first.value.describe(),
            ));
        }
        parser.next()?;
        let value = parser.value()?;
        if parser.peek()? == &Token::Punct(',') {
            parser.next()?;
        }
        (Some(first), value)
    } else {
        (None, first)
    };
    match parser.next()? {
        (_, Token::End) => Ok(Document { name, value }),
        (at, token) => Err(expected(at, "the end of the text after the level's dict", token.describe())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value(text: &str) -> Value {
        parse(text).unwrap().value.value
    }

    fn error(text: &str) -> (usize, usize, String) {
        let e = parse(text).unwrap_err();
        (e.line, e.column, e.kind.to_string())
    }

    fn int(n: i64) -> Value {
        Value::Int(n)
    }

    fn items(v: &Value) -> Vec<Value> {
        match v {
            Value::List(n) | Value::Tuple(n) | Value::Call(_, n) => n.iter().map(|n| n.value.clone()).collect(),
            other => panic!("not a sequence: {other:?}"),
        }
    }

    #[test]
    fn literals_read_as_python_reads_them() {
        assert_eq!(value("  42 # a comment"), int(42));
        assert_eq!(value("-7"), int(-7));
        assert_eq!(
            items(&value("[1, (2), (3,), (), [ ], ]")),
            [
                int(1),
                int(2),
                Value::Tuple(vec![Node { pos: Pos { line: 1, column: 11 }, value: int(3) }]),
                Value::Tuple(vec![]),
                Value::List(vec![])
            ]
        );
        assert_eq!(items(&value("Truck(0, Color.Red, Dir.Up, (8, 0))"))[1], Value::Name("Color.Red".into()));
        let Value::Dict(pairs) = value("{'a': 1, \"b\": {},}") else { panic!() };
        assert_eq!(pairs.len(), 2);
        assert_eq!(pairs[1].0.pos, Pos { line: 1, column: 10 });
    }

    #[test]
    fn strings_join_unescape_and_keep_each_character_place() {
        let Value::Str { text, at, triple } = value("\"a\\n\"  # 0\n  'b\\'c'  \"\\u2500\\x41\"") else { panic!() };
        assert_eq!(text, "a\nb'c─A");
        assert!(!triple);
        let places: Vec<(usize, usize)> = at.iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(places, [(1, 2), (1, 3), (2, 4), (2, 5), (2, 7), (2, 12), (2, 18)]);
        let Value::Str { text, triple, .. } = value("'''x\n\"y\"\\\nz'''") else { panic!() };
        assert_eq!((text.as_str(), triple), ("x\n\"y\"z", true));
        let Value::Str { text, .. } = value("\"\"\"a\"\"b\"\"\"") else { panic!() };
        assert_eq!(text, "a\"\"b");
    }

    #[test]
    fn a_named_entry_reads_with_its_name() {
        let doc = parse("# header\n'A-9': {\n},\n").unwrap();
        assert!(matches!(doc.name.unwrap().value, Value::Str { text, .. } if text == "A-9"));
        assert_eq!(doc.value.pos, Pos { line: 2, column: 8 });
        assert!(parse("{}").unwrap().name.is_none());
    }

    #[test]
    fn errors_say_where_and_what_was_expected() {
        assert_eq!(error("[1, 2"), (1, 6, "expected `,` or `]`, found the end of the text".into()));
        assert_eq!(error("[1 2]"), (1, 4, "expected `,` or `]`, found the number 2".into()));
        assert_eq!(error("{'a' 1}"), (1, 6, "expected `:` after the key, found the number 1".into()));
        assert_eq!(error("{'a': }"), (1, 7, "expected a value, found `}`".into()));
        assert_eq!(error("'abc"), (1, 1, "expected the string's closing quote, found the end of the text".into()));
        assert_eq!(error("'ab\nc'").0, 1);
        assert_eq!(error("'\\q'"), (1, 2, "expected an escape (\\n, \\t, \\r, \\\\, \\', \\\", \\0, \\xHH, \\uHHHH, \\UHHHHHHHH or a line break), found `\\q`".into()));
        assert_eq!(
            error("1 2"),
            (1, 3, "expected the end of the text after the level's dict, found the number 2".into())
        );
        assert_eq!(error("{} ; x").1, 4);
        assert_eq!(error("12a"), (1, 3, "expected a whole number (digits only), found `a`".into()));
        assert_eq!(error("99999999999999999999").2, "expected a whole number below 2^63, found a longer number");
        assert_eq!(error("r'x'").2, "expected a value (strings take no prefix such as r, b or f), found `r`");
        assert_eq!(error("[\u{1}]").2, "expected a value, a bracket, `,` or `:`, found `\\u{1}`");
        assert_eq!(error("- x"), (1, 3, "expected a number after `-`, found `x`".into()));
    }

    #[test]
    fn nesting_and_size_are_bounded() {
        let deep = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(&deep).is_ok());
        let deeper = "[".repeat(100_000);
        assert_eq!(error(&deeper), (1, MAX_DEPTH + 1, format!("the values nest deeper than {MAX_DEPTH} levels")));
        let big = format!("'{}'", "x".repeat(MAX_BYTES));
        assert!(error(&big).2.starts_with("too many bytes in a level dict"));
    }

    proptest! {
        /// Any text: a value or an error with a position inside the text, never a panic.
        #[test]
        fn arbitrary_text_never_panics(text in "[\\[\\](){},:'\"#\\\\a-z0-9 \n.-]{0,80}") {
            if let Err(e) = parse(&text) {
                prop_assert!(e.line >= 1 && e.line <= text.split('\n').count() + 1 && e.column >= 1);
            }
        }
    }
}
