#!/bin/sh
# Puts the jetan_ai crate of COMMIT in tools/versus/baseline/jetan_ai as the package
# jetan_ai_base, built against this tree's jetan_rules (whose API only grows), for the matches of
# src/main.rs: ./setup_baseline.sh COMMIT
set -eu
commit=${1:?usage: setup_baseline.sh COMMIT}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
rm -rf "$here/baseline"
mkdir -p "$here/baseline"
git -C "$repo" archive "$commit" crates/jetan_ai | tar -x -C "$here/baseline" --strip-components=1
manifest="$here/baseline/jetan_ai/Cargo.toml"
sed -i \
    -e 's/^name = "jetan_ai"$/name = "jetan_ai_base"/' \
    -e 's/^edition.workspace = true$/edition = "2024"/' \
    -e '/^rust-version.workspace = true$/d' \
    -e '/^license.workspace = true$/d' \
    -e "s|^jetan_rules.workspace = true\$|jetan_rules = { path = \"$repo/crates/jetan_rules\" }|" \
    -e 's/^criterion.workspace = true$/criterion = { version = "0.7", default-features = false }/' \
    "$manifest"
# Only the library: its benches, examples and tests stay out.
rm -rf "$here/baseline/jetan_ai/benches" "$here/baseline/jetan_ai/examples" "$here/baseline/jetan_ai/tests"
sed -i -e '/^\[\[bench\]\]$/,$d' "$manifest"
echo "baseline: jetan_ai of $(git -C "$repo" rev-parse --short "$commit") in $here/baseline/jetan_ai"
