"""The test tray's pictures (scripts/tray_host.py): grim's PPM read, written as PNG, and the icons on a
bar of one known background colour found in it. Python's own modules only (no PIL on the machine)."""

import struct
import zlib


def read_ppm(data):
    """(width, height, RGB bytes) of a binary PPM as grim writes it: "P6\\n<w> <h>\\n255\\n" and the bytes
    (which may start with blanks, so the header is split on its newlines)."""
    fields = data.split(b"\n", 3)
    if len(fields) < 4 or fields[0] != b"P6" or fields[2] != b"255":
        raise RuntimeError(f"grim wrote no binary PPM ({len(data)} bytes)")
    width, height = (int(n) for n in fields[1].split())
    pixels = fields[3][: width * height * 3]
    if len(pixels) != width * height * 3:
        raise RuntimeError(f"grim's PPM holds {len(pixels)} bytes, not {width * height * 3}")
    return width, height, pixels


def write_png(path, width, height, pixels):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = b"".join(b"\x00" + pixels[y * width * 3 : (y + 1) * width * 3] for y in range(height))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def find_icons(width, height, pixels, background, marker):
    """Each run of columns that holds a pixel unlike the background, as a box with its mean colour, and
    whether it holds the marker colour (the bar's paint for an item that needs attention)."""

    def pixel(x, y):
        i = (y * width + x) * 3
        return tuple(pixels[i : i + 3])

    def differs(x, y):
        return any(abs(value - background[c]) > 24 for c, value in enumerate(pixel(x, y)))

    icons, start = [], None
    for x in range(width + 1):
        drawn = x < width and any(differs(x, y) for y in range(height))
        if drawn and start is None:
            start = x
        elif not drawn and start is not None:
            points = [(px, py) for px in range(start, x) for py in range(height) if differs(px, py)]
            top, bottom = min(p[1] for p in points), max(p[1] for p in points)
            mean = [sum(pixel(px, py)[c] for px, py in points) // len(points) for c in range(3)]
            icons.append(
                {"x": start, "y": top, "width": x - start, "height": bottom - top + 1,
                 "color": "#%02x%02x%02x" % tuple(mean), "pixels": len(points),
                 "needs_attention": any(pixel(px, py) == marker for px, py in points)}
            )
            start = None
    return icons
