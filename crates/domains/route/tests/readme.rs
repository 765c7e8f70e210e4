//! The README's library example is `examples/library.rs` verbatim, so `cargo test` (which
//! builds examples) proves it compiles; `cargo run -p delve-route --example library` runs it.

#[test]
fn readme_library_example_is_the_compiled_example() {
    let readme = include_str!("../../../../README.md");
    let section = &readme[readme.find("## The library").expect("README has the library section")..];
    let start = section.find("```rust\n").expect("a rust block") + "```rust\n".len();
    let block = &section[start..start + section[start..].find("```").expect("closed block")];
    let example = include_str!("../examples/library.rs");
    let code = example.split_once("\n\n").expect("doc line, blank line, code").1;
    assert_eq!(code, block, "README library example and examples/library.rs differ");
}
