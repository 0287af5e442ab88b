//! Mutations of RON texts (variant files, records, settings) for the property tests: numbers
//! pushed to the edges of ranges, words and strings swapped for others of the text, lines
//! dropped, doubled or exchanged, characters typed. The game's tests use it too (by path).

/// Numbers a mutation writes: the edges of every range the loader checks, and beyond.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "6",
    "7",
    "8",
    "9",
    "10",
    "12",
    "15",
    "16",
    "17",
    "31",
    "100",
    "255",
    "256",
    "1000",
    "65535",
    "65536",
    "4294967296",
    "-1",
    "1.5",
    "1e9",
];

/// Characters a mutation types.
const TYPED: &[u8] = b"()[]{},:\"/ \n0123456789abcXYZ_-";

/// Where the tokens of a kind are in `text`: numbers, words and strings.
pub fn tokens(text: &str, kind: u64) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        let c = bytes[at];
        let token = if c == b'"' {
            at += 1;
            while at < bytes.len() && bytes[at] != b'"' {
                at += 1;
            }
            at = (at + 1).min(bytes.len());
            2
        } else if c.is_ascii_digit() {
            while at < bytes.len() && bytes[at].is_ascii_digit() {
                at += 1;
            }
            0
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
                at += 1;
            }
            1
        } else {
            at += 1;
            continue;
        };
        if token == kind {
            found.push((start, at));
        }
    }
    found
}

/// `text` with one mutation, chosen by `pick`.
pub fn mutate(text: &str, pick: u64) -> String {
    let choose = |n: usize, shift: u32| (pick >> shift) as usize % n.max(1);
    match pick % 7 {
        kind @ 0..=2 => {
            let spots = tokens(text, kind);
            if spots.is_empty() {
                return text.to_string();
            }
            let (start, end) = spots[choose(spots.len(), 8)];
            let with = match kind {
                0 => NUMBERS[choose(NUMBERS.len(), 32)].to_string(),
                _ => {
                    let (from, to) = spots[choose(spots.len(), 32)];
                    text[from..to].to_string()
                }
            };
            format!("{}{with}{}", &text[..start], &text[end..])
        }
        3..=5 => {
            let mut lines: Vec<&str> = text.lines().collect();
            let (a, b) = (choose(lines.len(), 8), choose(lines.len(), 32));
            match pick % 7 {
                3 => drop(lines.remove(a)),
                4 => lines.insert(a, lines[b]),
                _ => lines.swap(a, b),
            }
            lines.join("\n")
        }
        _ => {
            let mut bytes = text.as_bytes().to_vec();
            let at = choose(bytes.len(), 8);
            match (pick >> 4) % 3 {
                0 => bytes[at] = TYPED[choose(TYPED.len(), 40)],
                1 => drop(bytes.remove(at)),
                _ => bytes.insert(at, TYPED[choose(TYPED.len(), 40)]),
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

/// The keys whose lists [`resize_list`] empties or lengthens.
const LISTS: &[&str] = &["pieces", "south", "moves", "abilities", "endings", "options", "choices", "set"];

/// The lengths [`resize_list`] gives a list: none, one, and past the 60 piece kinds a variant
/// may have (longer lists only make the games a test plays slower).
const LENGTHS: &[usize] = &[0, 1, 61];

/// `text` with one list (a key's `[…]`, chosen by `pick`) emptied, cut to one of its items, or
/// lengthened by repeating one of its items where it stands.
pub fn resize_list(text: &str, pick: u64) -> String {
    // Four 16-bit fields of `pick` choose the key, its list, the length and the item.
    let choose = |n: usize, field: u32| usize::from((pick >> (16 * field)) as u16) % n.max(1);
    let key = format!("{}: [", LISTS[choose(LISTS.len(), 0)]);
    let starts: Vec<usize> = text.match_indices(&key).map(|(at, _)| at + key.len()).collect();
    if starts.is_empty() {
        return text.to_string();
    }
    let start = starts[choose(starts.len(), 1)];
    let Some((items, end)) = list_items(text, start) else { return text.to_string() };
    let (length, at) = (LENGTHS[choose(LENGTHS.len(), 2)], choose(items.len(), 3));
    let resized: Vec<&str> = match (length, items.get(at)) {
        (0, _) | (_, None) => Vec::new(),
        (1, Some(&item)) => vec![item],
        (_, Some(&item)) => {
            let copies = length.saturating_sub(items.len() - 1).max(1);
            items[..at]
                .iter()
                .copied()
                .chain(std::iter::repeat_n(item, copies))
                .chain(items[at + 1..].iter().copied())
                .collect()
        }
    };
    format!("{}{}{}", &text[..start], resized.join(","), &text[end..])
}

/// The items of the list whose `[` ends at `start` (split at its own commas, none blank), and
/// where its `]` is; `None` if it isn't closed.
fn list_items(text: &str, start: usize) -> Option<(Vec<&str>, usize)> {
    let (mut items, mut from, mut depth, mut in_string, mut escaped) = (Vec::new(), start, 0, false, false);
    for (i, c) in text[start..].char_indices().map(|(i, c)| (start + i, c)) {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            _ if in_string => {}
            '(' | '[' | '{' => depth += 1,
            ')' | '}' => depth -= 1,
            ']' if depth > 0 => depth -= 1,
            ',' | ']' if depth == 0 => {
                if !text[from..i].trim().is_empty() {
                    items.push(&text[from..i]);
                }
                if c == ']' {
                    return Some((items, i));
                }
                from = i + 1;
            }
            _ => {}
        }
    }
    None
}
