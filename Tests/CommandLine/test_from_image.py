"""imager --from-image FILE [--title TITLE]: a chordset from a picture, through the real binary.
Pictures are written here as PNG with zlib, so the test needs nothing beyond Python."""

import os
import struct
import unittest
import zlib

from support import Sandbox
from test_command_line import empty_seed_dir

STRIPES = [((0xF6, 0xD1, 0x4E), 30), ((0x1B, 0x2A, 0x49), 22), ((0xD9, 0x53, 0x4F), 15), ((0x3A, 0xAF, 0xB9), 10),
           ((0x6A, 0xA8, 0x4F), 9), ((0xF2, 0xEF, 0xE9), 6), ((0x7E, 0x4B, 0x73), 5), ((0x10, 0x10, 0x10), 3)]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, rows, colour_type=2, bit_depth=8, level=6):
    """A PNG whose rows (filter byte included) come from the iterable `rows`, compressed as they come."""
    compressor = zlib.compressobj(level)
    data = b"".join(compressor.compress(row) for row in rows) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def stripes_png(scale=1, height=40):
    row = b"\x00" + b"".join(bytes(colour) * (share * scale) for colour, share in STRIPES)
    return png(100 * scale, height, (row for _ in range(height)))


class FromImageTests(unittest.TestCase):
    def test_stripes_give_their_eight_colours_titled_by_the_file(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        path = sandbox.write_bytes("Eight Stripes.png", stripes_png())
        result = sandbox.ok("--from-image", path)
        title, colours = result.text.rstrip("\n").split("\t")
        self.assertEqual(title, "Eight Stripes")
        expected = {"#%02X%02X%02X" % colour for colour, _ in STRIPES}
        self.assertEqual(set(colours.split(" ")), expected)
        self.assertEqual(sandbox.list(), [(title, colours.split(" "))])

    def test_the_same_file_gives_the_same_chords_and_a_title_can_be_given(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        # A gradient with a pattern: many colours, so clustering has choices to make.
        rows = (b"\x00" + bytes(v for x in range(200) for v in ((x * 5 + y) % 256, (y * 3) % 256, (x * y) % 256))
                for y in range(120))
        path = sandbox.write_bytes("gradient.png", png(200, 120, rows))
        first = sandbox.ok("--from-image", path, "--title", "Gradient").text
        second = sandbox.ok("--from-image", path, "--title=Gradient").text
        self.assertEqual(first, second)
        self.assertTrue(first.startswith("Gradient\t"))
        self.assertEqual(len(sandbox.list()), 2)

    def test_a_fifty_megapixel_picture_is_reduced_and_read(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        path = sandbox.write_bytes("big.png", stripes_png(scale=80, height=6250))   # 8000 × 6250
        result = sandbox.ok("--from-image", path, timeout=120)
        found = set(result.text.rstrip("\n").split("\t")[1].split(" "))
        # Reduced by point sampling (every 8th pixel of every 8th row), not by blending: the
        # stripes' own colours and nothing between them.
        self.assertEqual(found, {"#%02X%02X%02X" % colour for colour, _ in STRIPES})
        self.assertLess(result.max_rss_kb, 1_000_000, "peak memory in KB")

    def test_a_decompression_bomb_is_refused_before_it_is_decoded(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        # 30,000 × 30,000 black pixels in 1-bit grey: about 110 KB, 2.7 GB once decoded as RGB.
        row = b"\x00" * (1 + 30_000 // 8)
        path = sandbox.write_bytes("bomb.png", png(30_000, 30_000, (row for _ in range(30_000)), colour_type=0, bit_depth=1, level=9))
        self.assertLess(os.path.getsize(path), 200_000)
        result = sandbox.run("--from-image", path, timeout=60)
        self.assertEqual(result.returncode, 1, result)
        self.assertIn("30000 × 30000 pixels", result.stderr)
        self.assertLess(result.seconds, 10)
        self.assertLess(result.max_rss_kb, 300_000, "peak memory in KB")
        self.assertEqual(sandbox.list(), [])

    def test_files_that_are_not_pictures_are_refused_clearly(self):
        sandbox = Sandbox(self, data_dir=empty_seed_dir(self))
        whole = stripes_png()
        cases = {
            "text.png": (b"hello, not a picture\n" * 100, "is not a picture"),
            "empty.png": (b"", "is not a picture"),
            "truncated.png": (whole[: len(whole) // 2], "is not a picture"),
        }
        for name, (data, message) in cases.items():
            with self.subTest(name=name):
                result = sandbox.run("--from-image", sandbox.write_bytes(name, data), timeout=30)
                self.assertEqual(result.returncode, 1, result)
                self.assertIn(message, result.stderr)
                self.assertIn(name, result.stderr)
        missing = sandbox.run("--from-image", sandbox.path("missing.png"))
        self.assertIn("does not exist", missing.stderr)
        folder = sandbox.run("--from-image", sandbox.root)
        self.assertIn("folder", folder.stderr)
        self.assertEqual(sandbox.list(), [])


if __name__ == "__main__":
    unittest.main()
