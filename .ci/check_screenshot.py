"""Fails unless the PNG exists and is a picture, not a blank or nearly one-colour frame.

Standard library only: decodes the PNG (8-bit RGB or RGBA, any filter) and counts colours.
"""

import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour = header[:4]
    if depth != 8 or colour not in (2, 6):
        raise SystemExit(f"{path}: unexpected PNG format (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else up_left)) & 255
        rows.append(bytes(row))
        previous = row
    return width, height, channels, rows


def main(path):
    width, height, channels, rows = pixels(path)
    counts = {}
    for row in rows[::4]:
        for x in range(0, width * channels, channels * 4):
            key = (row[x] >> 4, row[x + 1] >> 4, row[x + 2] >> 4)
            counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    top = max(counts.values()) / total
    print(f"{path}: {width}x{height}, {len(counts)} colours (coarse), the commonest covers {top:.0%}")
    if len(counts) < 50 or top > 0.6:
        raise SystemExit("the screenshot is nearly one colour: the game did not draw")


if __name__ == "__main__":
    main(sys.argv[1])
