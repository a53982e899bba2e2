"""The benchmark's two-Debian table (Tools/Scripts/side_by_side.py, which packaging/bench.sh runs
on each Debian's own table): each figure's row holds both Debians' Imager, floor, ratio and met?
as each run printed them, a figure that hit its timeout stays a failure with no number in its
Debian's columns, and a run that broke before its table leaves its side empty, not the table."""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tools", "Scripts", "side_by_side.py")

# Tables as imager-bench prints them (figure | N | Imager | floor | ratio | goal | met?), with
# the line bench.sh prints after one.
DEBIAN12 = """\
| figure                        | N   | Imager    | floor    | ratio | goal     | met?       |
|-------------------------------|-----|-----------|----------|-------|----------|------------|
| store: load                   | 10  | 0.105 ms  | 0.061 ms | 1.72× |          |            |
| edit: add to next frame       | 100 | 5.81 ms   | 2.72 ms  | 2.14× | < 8 ms   | yes        |
| edit: delete to next frame    | 100 | timed out | 3.62 ms  | –     | < 8 ms   | **FAILED** |

Measured on Debian 12, 2 cores (AMD EPYC), GTK 4.8.3 and libadwaita 1.2.2 under Xvfb with GSK_RENDERER=cairo, SQLite 3.40.1.
"""
DEBIAN13 = """\
| figure                        | N   | Imager    | floor    | ratio | goal     | met?       |
|-------------------------------|-----|-----------|----------|-------|----------|------------|
| store: load                   | 10  | 0.120 ms  | 0.070 ms | 1.71× |          |            |
| store: full save              | 10  | 1.15 ms   | 0.477 ms | 2.40× |          |            |
| edit: add to next frame       | 100 | 9.00 ms   | 3.00 ms  | 3.00× | < 8 ms   | **no**     |
| edit: delete to next frame    | 100 | 6.00 ms   | 3.00 ms  | 2.00× | < 8 ms   | yes        |

Measured on Debian 13, 2 cores (AMD EPYC), GTK 4.18.6 and libadwaita 1.7.6 under Xvfb with GSK_RENDERER=cairo, SQLite 3.46.1.
"""

SIDE = ["Imager", "floor", "ratio", "met?"]


def cells(line):
    return [cell.strip() for cell in line.strip()[1:-1].split(" | ")]


class BenchSideBySide(unittest.TestCase):
    def join(self, first, second):
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for name, text in (("debian12.md", first), ("debian13.md", second)):
                path = os.path.join(folder, name)
                with open(path, "w", encoding="utf-8") as table:
                    table.write(text)
                paths.append(path)
            result = subprocess.run([sys.executable, SCRIPT, "Debian 12 (GTK 4.8)", paths[0],
                                     "Debian 13 (GTK 4.18)", paths[1]],
                                    capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        header = cells(lines[0])
        self.assertTrue(set(lines[1]) <= {"|", "-"}, lines[1])
        rows = {}
        for line in lines[2:]:
            values = cells(line)
            self.assertEqual(len(values), len(header), line)
            rows[(values[0], values[1])] = dict(zip(["figure", "N", "goal"], values[:3]),
                                                debian12=dict(zip(SIDE, values[3:7])),
                                                debian13=dict(zip(SIDE, values[7:11])))
        return header, [tuple(cells(line)[:2]) for line in lines[2:]], rows

    def test_each_figure_has_both_debians_side_by_side(self):
        header, order, rows = self.join(DEBIAN12, DEBIAN13)
        self.assertEqual(header, ["figure", "N", "goal", "Debian 12 (GTK 4.8): Imager", "floor", "ratio", "met?",
                                  "Debian 13 (GTK 4.18): Imager", "floor", "ratio", "met?"])
        load = rows[("store: load", "10")]
        self.assertEqual(load["debian12"], {"Imager": "0.105 ms", "floor": "0.061 ms", "ratio": "1.72×", "met?": ""})
        self.assertEqual(load["debian13"], {"Imager": "0.120 ms", "floor": "0.070 ms", "ratio": "1.71×", "met?": ""})
        add = rows[("edit: add to next frame", "100")]
        self.assertEqual(add["goal"], "< 8 ms")
        self.assertEqual(add["debian12"]["met?"], "yes")
        self.assertEqual(add["debian13"]["met?"], "**no**")
        self.assertEqual(add["debian13"]["ratio"], "3.00×")
        # A figure only Debian 13 has sits where it sits there, after the load; Debian 12's side is empty.
        self.assertEqual(order, [("store: load", "10"), ("store: full save", "10"),
                                 ("edit: add to next frame", "100"), ("edit: delete to next frame", "100")])
        self.assertEqual(rows[("store: full save", "10")]["debian12"], dict.fromkeys(SIDE, ""))

    def test_a_figure_that_timed_out_is_a_failure_with_no_number(self):
        _, _, rows = self.join(DEBIAN12, DEBIAN13)
        delete = rows[("edit: delete to next frame", "100")]
        self.assertEqual(delete["debian12"]["Imager"], "timed out")
        self.assertEqual(delete["debian12"]["ratio"], "–")
        self.assertEqual(delete["debian12"]["met?"], "**FAILED**")
        # The other Debian's figure is its own measurement.
        self.assertEqual(delete["debian13"], {"Imager": "6.00 ms", "floor": "3.00 ms", "ratio": "2.00×", "met?": "yes"})
        # Timed out in both: a failure in both columns.
        both = DEBIAN13.replace("| 6.00 ms   | 3.00 ms  | 2.00× | < 8 ms   | yes        |",
                                "| timed out | 3.00 ms  | –     | < 8 ms   | **FAILED** |")
        self.assertNotEqual(both, DEBIAN13)
        _, _, rows = self.join(DEBIAN12, both)
        delete = rows[("edit: delete to next frame", "100")]
        for side in ("debian12", "debian13"):
            self.assertEqual(delete[side]["Imager"], "timed out")
            self.assertEqual(delete[side]["met?"], "**FAILED**")

    def test_a_run_that_broke_before_its_table_leaves_its_side_empty(self):
        header, order, rows = self.join(DEBIAN12, "bench.sh: building (release)\n")
        self.assertEqual(len(header), 11)
        self.assertEqual(order, [("store: load", "10"), ("edit: add to next frame", "100"),
                                 ("edit: delete to next frame", "100")])
        for row in rows.values():
            self.assertEqual(row["debian13"], dict.fromkeys(SIDE, ""))
        self.assertEqual(rows[("store: load", "10")]["debian12"]["Imager"], "0.105 ms")


if __name__ == "__main__":
    unittest.main()
