"""`imager --render ID FILE.png [--size PX]`: the PNG is read back here (a small decoder, no
imaging library) and its pixels checked against the chordset's colours and a lumi."""
import os
import struct
import unittest
import zlib

from support import Sandbox, chordset

COLOURS = ["#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#00FFFF", "#FF00FF", "#202020", "#E99057"]


def read_png(path):
    """(width, height, rows of (r, g, b, a)) for an 8-bit, non-interlaced RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, header
    channels = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append([tuple(line[x * channels:x * channels + channels]) + ((255,) if channels == 3 else ())
                     for x in range(width)])
        previous = line
    return width, height, rows


def rgba(hex_colour):
    value = int(hex_colour[1:], 16)
    return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF, 255)


class RenderTests(unittest.TestCase):
    def setUp(self):
        self.sandbox = Sandbox(self)
        entry = chordset("Primaries", 3, colours=COLOURS)
        # A white square lumi in the middle of chord 4, half the chord's side, hard-edged.
        entry["chords"][3]["lumis"] = [{"shape": "square", "x": 0.5, "y": 0.5, "size": 0.5,
                                        "color": "#FFFFFF", "glow": 0}]
        self.id = entry["id"]
        path = self.sandbox.write_json("primaries.json", {"version": 2, "chordsets": [entry]})
        self.sandbox.ok("--import", path)

    def test_the_strip_has_the_eight_chords_left_to_right_with_their_lumis(self):
        out = self.sandbox.path("primaries.png")
        result = self.sandbox.ok("--render", self.id, out, "--size", "40")
        self.assertIn("Rendered “Primaries”", result.stderr)
        width, height, rows = read_png(out)
        self.assertEqual((width, height), (320, 40))
        for slot, colour in enumerate(COLOURS):
            for x, y in [(2, 2), (37, 37), (20, 3)]:
                self.assertEqual(rows[y][slot * 40 + x], rgba(colour), f"chord {slot + 1} at {x},{y}")
        # The square lumi (side 0.5 / sqrt 2 of the chord, about 14 px) covers the centre of chord 4.
        self.assertEqual(rows[20][3 * 40 + 20], (255, 255, 255, 255))
        self.assertEqual(rows[20][3 * 40 + 4], rgba(COLOURS[3]), "but not its edge")

    def test_the_default_size_is_256_pixels_per_chord(self):
        out = self.sandbox.path("default.png")
        self.sandbox.ok("--render", self.id, out)
        width, height, rows = read_png(out)
        self.assertEqual((width, height), (2048, 256))
        self.assertEqual(rows[128][7 * 256 + 128], rgba(COLOURS[7]))

    def test_an_unknown_id_or_a_bad_size_is_refused_and_writes_nothing(self):
        out = self.sandbox.path("nothing.png")
        result = self.sandbox.run("--render", "00000000-0000-0000-0000-000000000001", out)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn("no chordset has the id", result.stderr)
        for size in ["0", "15", "2049", "abc", "-3"]:
            result = self.sandbox.run("--render", self.id, out, "--size", size)
            self.assertEqual(result.returncode, 2, (size, result))
            self.assertIn("--size must be", result.stderr)
        result = self.sandbox.run("--render", "not-an-id", out)
        self.assertEqual(result.returncode, 2, result)
        self.assertFalse(os.path.exists(out))


if __name__ == "__main__":
    unittest.main()
