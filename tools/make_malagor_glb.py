#!/usr/bin/env python3
"""Writes assets/models/malagor.glb: the malagor, the great bird of Barsoom, as a small binary
glTF (flat-shaded, four materials) for the modding example variant `jetan_malagor.ron`, and
assets/icons/malagor.png, its icon for the 2D diagram: the same triangles seen from the front,
in greys on a transparent ground (the game tints an icon with its side's colour).

The bird is built of parts on nodes that turn about their pivots (its neck and head, wings,
legs and tail), and the file holds its animations by the names the game's living figures move
by: `idle`, `walk` (once round a square), `flap` (in the air), `strike`, `parry` and `fall`.

Made from code so that anyone can change and rebuild it: `python3 tools/make_malagor_glb.py`.
Units are squares (a square is 1 x 1); the bird stands on the origin facing -z, its wings
half spread. Only the standard library is used.
"""

import json
import math
import struct
import zlib
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
OUT = ASSETS / "models" / "malagor.glb"
ICON = ASSETS / "icons" / "malagor.png"
ICON_SIZE = 128

# name: (base colour RGBA in linear light, metallic, roughness)
MATERIALS = {
    "plumage": ((0.42, 0.24, 0.12, 1.0), 0.0, 0.8),
    "wing": ((0.22, 0.12, 0.07, 1.0), 0.0, 0.85),
    "beak": ((0.80, 0.62, 0.25, 1.0), 0.2, 0.4),
    "eye": ((0.9, 0.08, 0.05, 1.0), 0.0, 0.2),
}


def sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def normalised(v):
    length = math.sqrt(sum(x * x for x in v)) or 1.0
    return tuple(x / length for x in v)


def ellipsoid(centre, radii, rings=6, segments=10):
    """Triangles of an ellipsoid, counter-clockwise seen from outside."""
    cx, cy, cz = centre
    rx, ry, rz = radii

    def point(ring, segment):
        theta = math.pi * ring / rings
        phi = 2 * math.pi * segment / segments
        return (
            cx + rx * math.sin(theta) * math.cos(phi),
            cy + ry * math.cos(theta),
            cz + rz * math.sin(theta) * math.sin(phi),
        )

    triangles = []
    for ring in range(rings):
        for segment in range(segments):
            a, b = point(ring, segment), point(ring, segment + 1)
            c, d = point(ring + 1, segment), point(ring + 1, segment + 1)
            if ring > 0:
                triangles.append((a, b, c))
            if ring < rings - 1:
                triangles.append((b, d, c))
    return triangles


def cone(base, tip, radius, segments=8):
    """Triangles of a cone from a round base to a tip, base closed."""
    axis = normalised(sub(tip, base))
    helper = (0.0, 1.0, 0.0) if abs(axis[1]) < 0.9 else (1.0, 0.0, 0.0)
    u = normalised(cross(axis, helper))
    v = cross(axis, u)
    ring = [
        tuple(base[k] + radius * (math.cos(a) * u[k] + math.sin(a) * v[k]) for k in range(3))
        for a in (2 * math.pi * i / segments for i in range(segments))
    ]
    triangles = []
    for i in range(segments):
        a, b = ring[i], ring[(i + 1) % segments]
        triangles.append((a, tip, b))
        triangles.append((b, base, a))
    return triangles


def two_sided(polygon):
    """A flat polygon (a fan from its first point) seen from both sides."""
    triangles = []
    for i in range(1, len(polygon) - 1):
        a, b, c = polygon[0], polygon[i], polygon[i + 1]
        triangles += [(a, b, c), (a, c, b)]
    return triangles


def mirrored(triangles):
    """The triangles' mirror image across x = 0 (winding kept outward)."""
    flip = lambda p: (-p[0], p[1], p[2])
    return [(flip(a), flip(c), flip(b)) for a, b, c in triangles]


# The bird's parts, each on a node turning about its pivot: name, pivot.
NODES = [
    ("body", (0.0, 0.0, 0.0)),
    ("neck", (0.0, 0.52, -0.1)),
    ("right_wing", (0.12, 0.5, 0.06)),
    ("left_wing", (-0.12, 0.5, 0.06)),
    ("right_leg", (0.06, 0.33, 0.04)),
    ("left_leg", (-0.06, 0.33, 0.04)),
    ("tail", (0.0, 0.4, 0.22)),
]


def bird():
    """The bird's triangles by node and material, in the bird's frame."""
    parts = {node: {name: [] for name in MATERIALS} for node, _ in NODES}
    # Body, breast forward; the neck rising to the head.
    parts["body"]["plumage"] += ellipsoid((0.0, 0.42, 0.04), (0.15, 0.14, 0.25))
    parts["neck"]["plumage"] += ellipsoid((0.0, 0.6, -0.15), (0.07, 0.12, 0.07))
    parts["neck"]["plumage"] += ellipsoid((0.0, 0.76, -0.19), (0.085, 0.08, 0.095))
    # Legs: two thick shanks down to the foot.
    for node, x in (("left_leg", -0.06), ("right_leg", 0.06)):
        parts[node]["beak"] += cone((x, 0.33, 0.04), (x * 1.2, 0.0, 0.02), 0.025)
    # The hooked beak and the red eyes.
    parts["neck"]["beak"] += cone((0.0, 0.75, -0.27), (0.0, 0.69, -0.4), 0.04)
    for x in (-0.062, 0.062):
        parts["neck"]["eye"] += ellipsoid((x, 0.79, -0.24), (0.018, 0.018, 0.018), 4, 6)
    # Wings half spread and raised, and a fan of a tail.
    wing = [(0.12, 0.5, -0.08), (0.45, 0.86, 0.0), (0.44, 0.74, 0.16), (0.32, 0.56, 0.24), (0.12, 0.46, 0.2)]
    parts["right_wing"]["wing"] += two_sided(wing)
    parts["left_wing"]["wing"] += mirrored(two_sided(wing))
    tail = [(0.0, 0.4, 0.22), (-0.14, 0.34, 0.42), (0.0, 0.32, 0.45), (0.14, 0.34, 0.42)]
    parts["tail"]["wing"] += two_sided(tail)
    return parts


def turn(axis, degrees):
    """A quaternion (x, y, z, w) turning `degrees` about the axis "X", "Y" or "Z"."""
    half = math.radians(degrees) / 2
    vector = [0.0, 0.0, 0.0]
    vector["XYZ".index(axis)] = math.sin(half)
    return (*vector, math.cos(half))


# The animations: each node's turns about one axis at key times (seconds), blended linearly.
# The wings mirror each other (the right one turns about Z by the angle, the left by its
# negative); a pace goes once round its cycle a square.
ANIMATIONS = {
    "idle": {
        "neck": ("Y", [(0, 0), (0.8, 14), (1.6, 0), (2.4, -14), (3.2, 0)]),
        "tail": ("X", [(0, 0), (1.6, -8), (3.2, 0)]),
        "wings": ("Z", [(0, 0), (1.6, 5), (3.2, 0)]),
    },
    "walk": {
        "right_leg": ("X", [(0, 38), (0.4, -38), (0.8, 38)]),
        "left_leg": ("X", [(0, -38), (0.4, 38), (0.8, -38)]),
        "neck": ("X", [(0, 0), (0.2, -10), (0.4, 0), (0.6, -10), (0.8, 0)]),
        "wings": ("Z", [(0, 0), (0.4, 6), (0.8, 0)]),
    },
    "flap": {
        "wings": ("Z", [(0, 30), (0.25, -40), (0.5, 30)]),
        "right_leg": ("X", [(0, -60), (0.5, -60)]),
        "left_leg": ("X", [(0, -60), (0.5, -60)]),
        "tail": ("X", [(0, 0), (0.25, 10), (0.5, 0)]),
    },
    "strike": {
        "neck": ("X", [(0, 0), (0.15, 22), (0.3, -45), (0.6, 0)]),
        "wings": ("Z", [(0, 0), (0.2, 45), (0.45, 20), (0.6, 0)]),
    },
    "parry": {
        "neck": ("X", [(0, 0), (0.6, 25)]),
        "wings": ("Z", [(0, 0), (0.6, 55)]),
    },
    "fall": {
        "neck": ("X", [(0, 25), (0.8, -70)]),
        "wings": ("Z", [(0, 55), (0.8, -50)]),
        "tail": ("X", [(0, 0), (0.8, 30)]),
    },
}


def channels(animation):
    """An animation's channels: (node index, [(time, quaternion)]), the wings' pair mirrored."""
    names = [name for name, _ in NODES]
    found = []
    for node, (axis, keys) in animation.items():
        targets = [("right_wing", 1), ("left_wing", -1)] if node == "wings" else [(node, 1)]
        for target, sign in targets:
            found.append((names.index(target), [(time, turn(axis, sign * angle)) for time, angle in keys]))
    return found


def glb(parts):
    binary = bytearray()
    accessors, views, meshes = [], [], []

    def data(values, form, kind, target=None, bounds=False):
        """Writes `values` (tuples packed with `form`) to the buffer; returns their accessor."""
        offset = len(binary)
        for value in values:
            binary.extend(struct.pack(form, *value))
        view = {"buffer": 0, "byteOffset": offset, "byteLength": len(binary) - offset}
        if target:
            view["target"] = target
        views.append(view)
        accessor = {"bufferView": len(views) - 1, "componentType": 5126, "count": len(values), "type": kind}
        if bounds:
            accessor["min"] = [min(v[k] for v in values) for k in range(len(values[0]))]
            accessor["max"] = [max(v[k] for v in values) for k in range(len(values[0]))]
        accessors.append(accessor)
        return len(accessors) - 1

    for node, pivot in NODES:
        primitives = []
        for index, (name, triangles) in enumerate(parts[node].items()):
            if not triangles:
                continue
            positions, normals = [], []
            for a, b, c in triangles:
                normal = normalised(cross(sub(b, a), sub(c, a)))
                for p in (a, b, c):
                    positions.append(sub(p, pivot))
                    normals.append(normal)
            position = data(positions, "<3f", "VEC3", 34962, bounds=True)
            normal = data(normals, "<3f", "VEC3", 34962)
            primitives.append({"attributes": {"POSITION": position, "NORMAL": normal}, "material": index, "mode": 4})
        meshes.append({"name": node, "primitives": primitives})
    animations = []
    for name, animation in ANIMATIONS.items():
        samplers, targets = [], []
        for node, keys in channels(animation):
            times = data([(time,) for time, _ in keys], "<f", "SCALAR", bounds=True)
            turns = data([quaternion for _, quaternion in keys], "<4f", "VEC4")
            samplers.append({"input": times, "output": turns, "interpolation": "LINEAR"})
            targets.append({"sampler": len(samplers) - 1, "target": {"node": 1 + node, "path": "rotation"}})
        animations.append({"name": name, "samplers": samplers, "channels": targets})
    materials = [
        {
            "name": name,
            "pbrMetallicRoughness": {"baseColorFactor": list(colour), "metallicFactor": metal, "roughnessFactor": rough},
            "doubleSided": True,
        }
        for name, (colour, metal, rough) in MATERIALS.items()
    ]
    nodes = [{"name": "malagor", "children": list(range(1, 1 + len(NODES)))}]
    nodes += [{"name": node, "mesh": i, "translation": list(pivot)} for i, (node, pivot) in enumerate(NODES)]
    document = {
        "asset": {"version": "2.0", "generator": "tools/make_malagor_glb.py"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": nodes,
        "meshes": meshes,
        "animations": animations,
        "materials": materials,
        "buffers": [{"byteLength": len(binary)}],
        "bufferViews": views,
        "accessors": accessors,
    }
    text = json.dumps(document, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    binary += b"\0" * (-len(binary) % 4)
    chunks = struct.pack("<I4s", len(text), b"JSON") + text + struct.pack("<I4s", len(binary), b"BIN\0") + binary
    return struct.pack("<4sII", b"glTF", 2, 12 + len(chunks)) + chunks


def icon(parts):
    """The front view of the triangles (the bird faces -z: its right on the viewer's left), each
    shaded grey by how it faces the light, nearer ones over farther ones, as RGBA rows."""
    size = ICON_SIZE
    pixels = [[(0, 0, 0, 0)] * size for _ in range(size)]
    depth = [[math.inf] * size for _ in range(size)]
    light = normalised((0.4, 0.8, -0.6))
    # Model units to pixels: one square (1 unit) across the image, the foot near the bottom.
    to_pixel = lambda p: ((0.5 - p[0]) * size, (0.97 - p[1]) * size)
    for triangles in (t for node in parts.values() for t in node.values()):
        for a, b, c in triangles:
            normal = normalised(cross(sub(b, a), sub(c, a)))
            grey = int(255 * (0.75 + 0.25 * abs(sum(n * l for n, l in zip(normal, light)))))
            (ax, ay), (bx, by), (cx, cy) = map(to_pixel, (a, b, c))
            area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay)
            if abs(area) < 1e-9:
                continue
            for y in range(max(0, int(min(ay, by, cy))), min(size, int(max(ay, by, cy)) + 1)):
                for x in range(max(0, int(min(ax, bx, cx))), min(size, int(max(ax, bx, cx)) + 1)):
                    px, py = x + 0.5, y + 0.5
                    w0 = ((bx - px) * (cy - py) - (cx - px) * (by - py)) / area
                    w1 = ((cx - px) * (ay - py) - (ax - px) * (cy - py)) / area
                    w2 = 1 - w0 - w1
                    if min(w0, w1, w2) < 0:
                        continue
                    z = w0 * a[2] + w1 * b[2] + w2 * c[2]
                    if z < depth[y][x]:
                        depth[y][x] = z
                        pixels[y][x] = (grey, grey, grey, 255)
    return pixels


def png(pixels):
    """A PNG file of RGBA rows."""
    raw = b"".join(b"\0" + bytes(v for pixel in row for v in pixel) for row in pixels)
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    parts = bird()
    for path, data in ((OUT, glb(parts)), (ICON, png(icon(parts)))):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"{path}: {len(data)} bytes")
