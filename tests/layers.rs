//! The game's modules run one way: `docs/architecture.md`'s table of layers says which module is
//! in which layer, and each module may use only those of its own layer or the layers before it
//! (the crate root, which states the frame, is below them all). This reads `src/**/*.rs` and
//! fails on a module missing from the table, an import from a later layer, or any cycle of
//! imports between files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module path inside the crate: `["scene", "crowd"]`; the root is empty.
type ModulePath = Vec<String>;

/// The library's files (the binary's `main.rs` and `commands/` are not the library's), as their
/// module paths and texts.
fn library_files(src: &Path) -> BTreeMap<ModulePath, String> {
    let mut files = BTreeMap::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(src).unwrap().with_extension("");
                let mut module: ModulePath =
                    relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
                if module.last().is_some_and(|last| last == "mod" || last == "lib") {
                    module.pop();
                }
                if module.first().is_some_and(|first| first == "main" || first == "commands") {
                    continue;
                }
                files.insert(module, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    files
}

/// The text without comments, string and character literals, and `#[cfg(test)]` items (what
/// tests import is not the module's dependency).
fn code_of(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut code = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |end| end + 2);
        } else if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() && rest.as_bytes()[j] != b'"' {
                j += if rest.as_bytes()[j] == b'\\' { 2 } else { 1 };
            }
            code.push_str("\"\"");
            i += (j + 1).min(rest.len());
        } else if rest.starts_with("#[cfg(test)]") {
            // Skip the attribute and the item after it, to its closing brace or semicolon.
            let mut depth = 0;
            let mut j = "#[cfg(test)]".len();
            for (at, c) in rest[j..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            j += at + 1;
                            break;
                        }
                    }
                    ';' if depth == 0 => {
                        j += at + 1;
                        break;
                    }
                    _ => {}
                }
            }
            i += j;
        } else {
            let c = rest.chars().next().unwrap();
            code.push(c);
            i += c.len_utf8();
        }
    }
    code
}

/// Every path a module's code names from `crate::` or `super::`, as module paths (the
/// groups of a `use` opened up), with the module it stands in taken into account.
fn paths_named(module: &[String], code: &str) -> Vec<ModulePath> {
    let mut found = Vec::new();
    let tokens = tokens(code);
    for (at, token) in tokens.iter().enumerate() {
        let before_is_path = at > 0 && tokens[at - 1] == "::";
        if before_is_path || (token != "crate" && token != "super") {
            continue;
        }
        let mut base: ModulePath = if token == "crate" { Vec::new() } else { parent(module) };
        let mut next = at + 1;
        // `super::super::…`
        while token == "super"
            && tokens.get(next).is_some_and(|t| t == "::")
            && tokens.get(next + 1).is_some_and(|t| t == "super")
        {
            base = parent(&base);
            next += 2;
        }
        read_path(&tokens, next, base, &mut found);
    }
    found
}

/// The module a `super` in `module` names: in `a/b.rs` and in `a/b/mod.rs` (both the module
/// `a::b`), `a`.
fn parent(module: &[String]) -> ModulePath {
    module[..module.len().saturating_sub(1)].to_vec()
}

/// Reads `::name::name…` or `::{…}` from `tokens[at]` on, under `base`, into `found`.
fn read_path(tokens: &[String], mut at: usize, mut base: ModulePath, found: &mut Vec<ModulePath>) -> usize {
    while tokens.get(at).is_some_and(|t| t == "::") {
        match tokens.get(at + 1).map(String::as_str) {
            Some("{") => {
                at += 2;
                loop {
                    match tokens.get(at).map(String::as_str) {
                        None => return at,
                        Some("}") => return at + 1,
                        Some(",") => at += 1,
                        Some(word) if is_name(word) => {
                            let mut item = base.clone();
                            item.push(word.to_string());
                            at = read_path(tokens, at + 1, item, found);
                            // `as alias`
                            if tokens.get(at).is_some_and(|t| t == "as") {
                                at += 2;
                            }
                        }
                        Some(_) => at += 1,
                    }
                }
            }
            Some(word) if is_name(word) => {
                base.push(word.to_string());
                at += 2;
            }
            _ => break,
        }
    }
    found.push(base);
    at
}

fn is_name(word: &str) -> bool {
    word.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_') && word != "self"
}

/// The code as words, `::`, and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".into());
            i += 2;
        } else {
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
            i += 1;
        }
    }
    tokens
}

/// The file a path names: the longest of its prefixes that is a file of the crate.
fn file_of(path: &[String], files: &BTreeMap<ModulePath, String>) -> Option<ModulePath> {
    (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|prefix| files.contains_key(prefix))
}

/// The imports between files: for each file, the files it names (not itself, not the files
/// below it, which a module declares and whose plugins it adds).
fn imports(files: &BTreeMap<ModulePath, String>) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let mut graph = BTreeMap::new();
    for (module, text) in files {
        let named = paths_named(module, &code_of(text));
        let targets: BTreeSet<ModulePath> =
            named.iter().filter_map(|path| file_of(path, files)).filter(|target| !target.starts_with(module)).collect();
        graph.insert(module.clone(), targets);
    }
    graph
}

/// The layers of `docs/architecture.md`'s table, in order: each a list of top-level modules.
fn layers(architecture: &str) -> Vec<(String, Vec<String>)> {
    let start = architecture.find("## The layers").expect("docs/architecture.md has a section \"The layers\"");
    let table = architecture[start..]
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'));
    table
        .skip(2)
        .map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let modules = cells[2]
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|name| name.trim_end_matches(".rs").trim_end_matches('/').to_string())
                .collect();
            (cells[1].to_string(), modules)
        })
        .collect()
}

/// Every way the files break the layers: a module in no layer, an import from a later layer.
fn layer_faults(
    files: &BTreeMap<ModulePath, String>,
    graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>,
    layers: &[(String, Vec<String>)],
) -> Vec<String> {
    let layer_of = |top: &str| layers.iter().position(|(_, modules)| modules.iter().any(|m| m == top));
    let mut faults = Vec::new();
    let tops: BTreeSet<&String> = files.keys().filter_map(|module| module.first()).collect();
    for top in &tops {
        if layer_of(top).is_none() {
            faults.push(format!("`{top}` is in no layer of docs/architecture.md's table"));
        }
    }
    for (module, targets) in graph {
        let (Some(from), Some(from_layer)) = (module.first(), module.first().and_then(|top| layer_of(top))) else {
            continue;
        };
        for target in targets {
            let Some(to) = target.first() else { continue };
            if let Some(to_layer) = layer_of(to)
                && to_layer > from_layer
            {
                faults.push(format!(
                    "`{}` ({}) imports `{}` of a later layer ({}); `{from}` may use only its layer and those before it",
                    module.join("::"),
                    layers[from_layer].0,
                    target.join("::"),
                    layers[to_layer].0,
                ));
            }
        }
    }
    faults
}

/// The cycles of imports between files, each as the files around it (the root, which declares
/// every module, is left out).
fn cycles(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
    // Tarjan's strongly connected components.
    struct State<'g> {
        graph: &'g BTreeMap<ModulePath, BTreeSet<ModulePath>>,
        index: BTreeMap<&'g ModulePath, usize>,
        low: BTreeMap<&'g ModulePath, usize>,
        stack: Vec<&'g ModulePath>,
        on_stack: BTreeSet<&'g ModulePath>,
        components: Vec<Vec<ModulePath>>,
    }
    fn visit<'g>(state: &mut State<'g>, node: &'g ModulePath) {
        let next = state.index.len();
        state.index.insert(node, next);
        state.low.insert(node, next);
        state.stack.push(node);
        state.on_stack.insert(node);
        for target in state.graph.get(node).into_iter().flatten().filter(|t| !t.is_empty()) {
            let Some((target, _)) = state.graph.get_key_value(target) else { continue };
            if !state.index.contains_key(target) {
                visit(state, target);
                let low = state.low[node].min(state.low[target]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(target) {
                let low = state.low[node].min(state.index[target]);
                state.low.insert(node, low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut component = Vec::new();
            while let Some(top) = state.stack.pop() {
                state.on_stack.remove(top);
                component.push(top.clone());
                if top == node {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                state.components.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for node in graph.keys().filter(|node| !node.is_empty()) {
        if !state.index.contains_key(node) {
            visit(&mut state, node);
        }
    }
    state.components
}

/// The imports between the top-level modules (`scene`, `sound`…) that the files make.
fn top_level(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let mut tops: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    for (module, targets) in graph {
        let top = module.iter().take(1).cloned().collect::<ModulePath>();
        let named = targets.iter().map(|target| target.iter().take(1).cloned().collect::<ModulePath>());
        let entry = tops.entry(top.clone()).or_default();
        entry.extend(named.filter(|target| *target != top));
    }
    tops
}

/// Everything wrong with these files against this architecture document.
fn faults(files: &BTreeMap<ModulePath, String>, architecture: &str) -> Vec<String> {
    let graph = imports(files);
    let mut faults = layer_faults(files, &graph, &layers(architecture));
    for cycle in cycles(&graph).into_iter().chain(cycles(&top_level(&graph))) {
        let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
        faults.push(format!("a cycle of imports: {{{}}}", names.join(", ")));
    }
    faults
}

fn project() -> (BTreeMap<ModulePath, String>, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    (library_files(&root.join("src")), architecture)
}

#[test]
fn the_modules_run_one_way_through_the_layers_with_no_cycle() {
    let (files, architecture) = project();
    assert!(files.len() > 50, "the library's files are read: {}", files.len());
    let faults = faults(&files, &architecture);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn a_planted_backward_import_and_a_planted_cycle_are_found() {
    let (mut files, architecture) = project();
    // The values layer reaching up into the view.
    let seat = files.get_mut(&vec!["seat".to_string()]).unwrap();
    seat.push_str("\nfn planted() { let _ = crate::camera::BoardCamera::default; }\n");
    let found = faults(&files, &architecture);
    assert!(found.iter().any(|f| f.starts_with("`seat` (values) imports `camera`")), "{found:?}");
    // Two sibling files that use each other, the way the stands and the crowd once did.
    let (mut files, _) = project();
    let stands = files.get_mut(&vec!["scene".to_string(), "stands".to_string()]).unwrap();
    stands.push_str("\nuse super::{arena::plugin as planted, merged};\n");
    let found = faults(&files, &architecture);
    let cycle =
        |f: &String| f.starts_with("a cycle of imports") && f.contains("scene::arena") && f.contains("scene::stands");
    assert!(found.iter().any(cycle), "{found:?}");
    // A module in no layer.
    let (mut files, _) = project();
    files.insert(vec!["stray".to_string()], String::new());
    assert!(faults(&files, &architecture).iter().any(|f| f.contains("`stray` is in no layer")));
}

#[test]
fn use_groups_comments_strings_and_tests_are_read_as_rust_reads_them() {
    let code = code_of(
        "use crate::{a::{b, c as d}, e};\n// crate::commented\nlet s = \"crate::quoted\";\n#[cfg(test)]\nmod tests { use crate::tested; }\nfn f() { super::sibling::g(); }",
    );
    let module = vec!["x".to_string(), "y".to_string()];
    let found: BTreeSet<String> = paths_named(&module, &code).iter().map(|p| p.join("::")).collect();
    let expected: BTreeSet<String> = ["a::b", "a::c", "e", "x::sibling::g"].iter().map(|s| s.to_string()).collect();
    assert_eq!(found, expected);
}
