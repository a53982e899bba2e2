#!/usr/bin/env python3
"""Sets the benchmark's tables from two environments side by side, as packaging/bench.sh prints
them: one row per figure and N, the goal once, then each environment's Imager, floor, ratio and
met? under that environment's label. Each environment's ratio stays the one its own run
computed, against the floor measured in that environment.

usage: side_by_side.py LABEL TABLE LABEL TABLE
A TABLE is the output of one environment's run (packaging/bench.sh --here or --debian13): its
markdown table, whose columns are figure | N | Imager | floor | ratio | goal | met?; any other
line is left out. A figure only one table has gets empty cells on the other side; a TABLE with
no rows (that environment's run failed before its table) gives a side of empty cells. Prints
the joined markdown table on standard output."""

import sys

SIDE = ["Imager", "floor", "ratio", "met?"]


def cells(line):
    return [cell.strip() for cell in line.strip()[1:-1].split(" | ")]


def rows_of(path):
    """(figure, N) -> {column: cell}, in the table's order; the header and rule are left out."""
    rows = {}
    with open(path, encoding="utf-8") as table:
        for line in table:
            if not line.startswith("| ") or not line.rstrip().endswith("|"):
                continue
            values = cells(line)
            if len(values) != 7 or values[0] == "figure":
                continue
            figure, count, imager, floor, ratio, goal, met = values
            rows[(figure, count)] = {"Imager": imager, "floor": floor, "ratio": ratio, "goal": goal, "met?": met}
    return rows


def joined_order(first, second):
    """The first table's figures in order, each figure only the second has placed after the
    figure it follows there."""
    order = list(first)
    previous = None
    for key in second:
        if key not in order:
            order.insert(order.index(previous) + 1 if previous is not None else 0, key)
        previous = key
    return order


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__.split("\n\n")[1])
    labels = [sys.argv[1], sys.argv[3]]
    tables = [rows_of(sys.argv[2]), rows_of(sys.argv[4])]
    header = ["figure", "N", "goal"] + [f"{labels[0]}: {SIDE[0]}"] + SIDE[1:] + [f"{labels[1]}: {SIDE[0]}"] + SIDE[1:]
    lines = []
    for key in joined_order(*tables):
        sides = [table.get(key) for table in tables]
        # The goal is the same text in both runs; where it is not (a figure one of them could
        # not measure), both are shown.
        goals = []
        for side in sides:
            if side and side["goal"] and side["goal"] not in goals:
                goals.append(side["goal"])
        row = [key[0], key[1], "; ".join(goals)]
        for side in sides:
            row += [side[column] if side else "" for column in SIDE]
        lines.append(row)
    widths = [max(len(row[column]) for row in [header] + lines) for column in range(len(header))]

    def line(values):
        return "| " + " | ".join(value.ljust(widths[i]) for i, value in enumerate(values)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    for row in lines:
        print(line(row))


if __name__ == "__main__":
    main()
