//! Road-map files (`delve route --map`): any text parses or fails with a line and column.
#![no_main]

use delve_route::RoadMap;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(e) = RoadMap::parse(&text) {
        assert!(e.line >= 1 && e.column >= 1, "no position in `{e}`");
        assert!(e.to_string().starts_with(&format!("line {}, column {}", e.line, e.column)));
    }
    if let Err(e) = RoadMap::parse_named(&text, "map.txt") {
        assert!(e.to_string().starts_with(&format!("map.txt:{}:{}", e.line, e.column)));
    }
});
