#!/usr/bin/env python3
"""Compares the engine's perft divide with an independent reference's, position by position.

Usage (from the project root, after `cargo build --release -p jetan_rules --example perft`):
    python3 tools/compare_perft.py DEPTH [--position TEXT] [--charge-off]
    python3 tools/compare_perft.py --random N [--seed S]

`--random N` picks N positions from random games that the engine plays (steered towards Charges,
banth steps, trains and promotions, so that those are in progress in many of them) and prints
each position text, for the perft table.

Runs `target/release/examples/perft DEPTH --divide` on Jetan Jeddara and
`tools/jetan_ref_jeddara.py DEPTH --divide`, reads both lists of "<position text after the ply>
<TAB> <count>", puts each text in one normal form (ply number and draw count dropped, a result
reduced to its winner and the side to move and allegiances after it dropped, the squares of every list sorted) and prints the plies only one side
lists and those whose counts differ, then both totals. Exit status 1 on any difference.
"""

import subprocess
import sys

VARIANT = "assets/variants/jetan_jeddara.ron"


def normal(text):
    """The position text in a normal form both implementations agree on."""
    fields = text.split()
    board, side, escapes = fields[0], fields[1], fields[2]
    extra = []
    for field in fields[5:]:
        if "#" in field:
            extra.append("result:" + field.split("#")[0])
        elif field == "banth":
            extra.append("banth")
        elif field.startswith("trains:"):
            trains = sorted(field[len("trains:"):].split(";"))
            extra.append("trains:" + ";".join(trains))
        elif field.startswith("charge:"):
            files, moved, count = field[len("charge:"):].split(":")
            moved = ",".join(sorted(m for m in moved.split(",") if m != "-")) or "-"
            extra.append(f"charge:{''.join(sorted(files))}:{moved}:{count}")
        elif field.startswith("homes:") or field.startswith("turned:"):
            name, items = field.split(":", 1)
            items = sorted(i for i in items.split(",") if i != "-")
            if items or name == "homes":
                extra.append(f"{name}:{','.join(items)}" if items else "")
        else:
            extra.append(field)
    if any(e.startswith("result:") for e in extra):
        # Who would move after the game is over, and whom Sanoma Tora would serve, is form.
        side = "-"
        extra = [e for e in extra if not e.startswith("turned:")]
    return " ".join([board, side, "".join(sorted(escapes))] + sorted(e for e in extra if e))


def divide(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    counts = {}
    for line in out.splitlines():
        if "\t" in line:
            text, count = line.split("\t")
            key = normal(text)
            counts[key] = counts.get(key, 0) + int(count)
    return counts


def children(text):
    """The position texts after each legal ply of `text`, by the engine."""
    command = ["target/release/examples/perft", "1", "--divide", "--variant", VARIANT, "--position", text]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return [line.split("\t")[0] for line in out.splitlines() if "\t" in line]


def interest(before, after):
    """How much a random walk wants to go from `before` to `after`."""
    weight = 1
    if "charge:" in after:
        weight += 30
    if "banth" in after.split()[5:]:
        weight += 10
    cars = lambda text: sum(f.count(",") + f.count("=") for f in text.split() if f.startswith("trains:"))
    weight += 15 * max(0, cars(after) - cars(before))
    if "homes:" in after and "homes:" not in before:
        weight += 20
    if "#" in after:
        weight = 0
    return weight


def random_positions(count, seed):
    """`count` positions from random games steered towards the mechanics in progress."""
    import random

    rng = random.Random(seed)
    start = subprocess.run([sys.executable, "tools/jetan_ref_jeddara.py", "--start"], check=True,
                           capture_output=True, text=True).stdout.strip()
    for _ in range(count):
        text = start
        for ply in range(rng.randrange(16, 60)):
            options = children(text)
            weights = [interest(text, child) for child in options]
            if not options or sum(weights) == 0:
                break
            text = rng.choices(options, weights)[0]
        yield text


def main():
    args = sys.argv[1:]
    if args[0] == "--random":
        seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 0
        for text in random_positions(int(args[1]), seed):
            print(text, flush=True)
        return
    depth = args[0]
    position = args[args.index("--position") + 1] if "--position" in args else None
    charge_off = "--charge-off" in args
    engine = ["target/release/examples/perft", depth, "--divide", "--variant", VARIANT]
    reference = [sys.executable, "tools/jetan_ref_jeddara.py", depth, "--divide"]
    if position:
        engine += ["--position", position]
        reference += ["--position", position]
    if charge_off:
        engine += ["--option", "charge=off"]
        reference += ["--no-charge"]
    ours, theirs = divide(engine), divide(reference)
    differences = 0
    for key in sorted(set(ours) | set(theirs)):
        if ours.get(key) != theirs.get(key):
            differences += 1
            print(f"engine {ours.get(key)} reference {theirs.get(key)}: {key}")
    print(f"engine {sum(ours.values())}, reference {sum(theirs.values())} "
          f"({len(ours)} and {len(theirs)} distinct positions after a ply), {differences} differences")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
