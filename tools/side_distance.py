#!/usr/bin/env python3
"""How far apart the two sides' pieces look in screenshots: the CIEDE2000 distance between the
two sides' median piece colours, in normal vision and in simulated protanopia and deuteranopia.

The game writes where each side's pieces are in its picture (`--piece-points`): a line a piece,
`SIDE X Y` in pixels. For each side this samples the pixels about its pieces' points (3 x 3
each), simulates the colour-blind views on them (Machado, Oliveira and Fernandes 2009, severity
1, in linear RGB), takes each view's median colour in CIELAB and reports the CIEDE2000 distance
between the two sides' medians. Pictures are read through ImageMagick's `convert`.

    jetan --quality low --variant jetan --time-of-day night --screenshot n.png --piece-points n.txt
    tools/side_distance.py n.png n.txt [more.png more.txt ...] [--at-least 30]

Prints a row per picture; exits 1 if a distance is below --at-least (when given).
"""

import math
import statistics
import subprocess
import sys

# Machado et al. (2009), severity 1.0, applied to linear RGB.
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
VIEWS = (("normal", None), ("protanopia", PROTANOPIA), ("deuteranopia", DEUTERANOPIA))
# How far about each point pixels are sampled (3 x 3).
REACH = 1


def read_picture(path):
    """The picture's width, height and RGB bytes (row by row), read as a binary PPM."""
    ppm = subprocess.run(["convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    fields, at = [], 0
    while len(fields) < 4:
        while ppm[at : at + 1].isspace():
            at += 1
        if ppm[at : at + 1] == b"#":
            at = ppm.index(b"\n", at) + 1
            continue
        end = at
        while not ppm[end : end + 1].isspace():
            end += 1
        fields.append(ppm[at:end])
        at = end
    if fields[0] != b"P6" or int(fields[3]) != 255:
        raise ValueError(f"{path}: not an 8-bit picture")
    return int(fields[1]), int(fields[2]), ppm[at + 1 :]


def read_points(path):
    """The sides' names in order of appearance, and each side's points."""
    points = {}
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                side, x, y = line.split()
                points.setdefault(side, []).append((float(x), float(y)))
            except ValueError:
                raise ValueError(f"{path}:{number}: expected `SIDE X Y`, found {line.strip()!r}") from None
    if len(points) != 2:
        raise ValueError(f"{path}: expected the points of two sides, found {sorted(points)}")
    return points


def linear(channel):
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb):
    """CIELAB (D65) of a linear RGB colour."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1, lab2):
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_mean = (h1p + h2p + 360) / 2
    else:
        h_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2 + r_t * (dc / s_c) * (big_dh / s_h)
    )


def seen(rgb, matrix):
    """A linear RGB colour as a view sees it (clamped to the displayable)."""
    if matrix is None:
        return rgb
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix)


def samples(picture, points):
    """The linear RGB pixels about the points."""
    width, height, pixels = picture
    found = []
    for x, y in points:
        cx, cy = int(round(x)), int(round(y))
        for py in range(cy - REACH, cy + REACH + 1):
            for px in range(cx - REACH, cx + REACH + 1):
                if 0 <= px < width and 0 <= py < height:
                    at = 3 * (py * width + px)
                    found.append(tuple(linear(c) for c in pixels[at : at + 3]))
    return found


def median_lab(colours, matrix):
    labs = [lab(seen(colour, matrix)) for colour in colours]
    return tuple(statistics.median(channel) for channel in zip(*labs))


def distances(picture_path, points_path):
    """The sides' names and the distance in each view."""
    picture = read_picture(picture_path)
    points = read_points(points_path)
    colours = {side: samples(picture, side_points) for side, side_points in points.items()}
    for side, found in colours.items():
        if not found:
            raise ValueError(f"{points_path}: no point of {side} lies in {picture_path}")
    first, second = colours
    return (first, second), [
        ciede2000(median_lab(colours[first], matrix), median_lab(colours[second], matrix)) for _, matrix in VIEWS
    ]


def main(arguments):
    at_least = None
    if "--at-least" in arguments:
        at = arguments.index("--at-least")
        at_least = float(arguments[at + 1])
        del arguments[at : at + 2]
    if not arguments or len(arguments) % 2:
        print(__doc__, file=sys.stderr)
        return 2
    print("picture | sides | " + " | ".join(name for name, _ in VIEWS))
    short = False
    for picture_path, points_path in zip(arguments[::2], arguments[1::2]):
        sides, values = distances(picture_path, points_path)
        short |= at_least is not None and min(values) < at_least
        print(f"{picture_path} | {' / '.join(sides)} | " + " | ".join(f"{value:.1f}" for value in values))
    return 1 if short else 0


def self_test():
    """Sharma, Wu and Dalal's test pairs, and a grey against itself."""
    for lab1, lab2, expected in [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
        ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ]:
        assert abs(ciede2000(lab1, lab2) - expected) < 1e-4, (lab1, lab2, ciede2000(lab1, lab2))
    assert ciede2000(lab((0.2, 0.2, 0.2)), lab((0.2, 0.2, 0.2))) == 0
    # Red and green, far apart to a normal eye, close to a protanope's.
    red, green = (0.8, 0.05, 0.05), (0.05, 0.45, 0.05)
    normal = ciede2000(lab(red), lab(green))
    protan = ciede2000(lab(seen(red, PROTANOPIA)), lab(seen(green, PROTANOPIA)))
    assert normal > 2 * protan, (normal, protan)
    print("side_distance: self-test passed")


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        self_test()
    else:
        sys.exit(main(sys.argv[1:]))
