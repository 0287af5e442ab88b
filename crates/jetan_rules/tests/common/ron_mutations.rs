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
