"""Sync through the real engine: two Syncthing daemons on 127.0.0.1 (in a private network
namespace where the machine allows it), two Imager homes, one per daemon's folder copy.
Edits are made with the command line on both machines; after Syncthing carries the files,
both converge to the same list.

Syncthing is a test dependency (Tests/install-test-deps.sh installs it, as CI does): without
it these tests fail, rather than pass by doing nothing."""

import os
import unittest

from support import Sandbox
from syncthing_pair import SyncthingPair, syncthing_binary, tree_of
from test_sync import SYNCED


class SyncthingTests(unittest.TestCase):
    def setUp(self):
        if not syncthing_binary():
            self.fail("syncthing is not installed: run Tests/install-test-deps.sh (Debian package “syncthing”)")
        self.root = Sandbox(self).root
        self.pair = SyncthingPair(self.root)
        self.addCleanup(self.pair.close)
        self.a = Sandbox(self)
        self.b = Sandbox(self)
        self.a.ok("--sync-folder", self.pair.a.folder)
        self.b.ok("--sync-folder", self.pair.b.folder)

    def sync(self, sandbox):
        result = sandbox.ok("--sync")
        self.assertRegex(result.text, SYNCED)
        return result.text

    def carried(self, what, timeout=60):
        """Waits until both folder copies hold the same imager files."""
        def same():
            a, b = tree_of(self.pair.a.folder), tree_of(self.pair.b.folder)
            return a and a == b
        self.pair.wait_until(same, timeout, what)

    def ids(self, sandbox):
        return sandbox.ok("--list", "--ids").text

    def test_edits_on_two_machines_converge_through_syncthing(self):
        self.sync(self.a)
        self.sync(self.b)
        self.carried("the first snapshots reaching the other machine")
        self.sync(self.a)
        self.sync(self.b)
        self.assertEqual(self.ids(self.a), self.ids(self.b))

        rows = [line.split("\t") for line in self.ids(self.a).splitlines()]
        renamed, recoloured, deleted = rows[0][0], rows[1][0], rows[2][0]
        self.a.ok("--rename", renamed, "Renamed on A")
        self.b.ok("--set-color", recoloured, "2", "#0055AA")
        self.b.ok("--rename", renamed, "Renamed on B, concurrently")
        self.a.ok("--delete", deleted)
        self.b.ok("--move", rows[5][0], "0")
        self.sync(self.a)
        self.sync(self.b)
        self.carried("both machines' edits reaching the other")
        self.sync(self.a)
        self.sync(self.b)

        listing = self.ids(self.a)
        self.assertEqual(listing, self.ids(self.b))
        lines = {line.split("\t")[0]: line.split("\t") for line in listing.splitlines()}
        self.assertNotIn(deleted, lines)
        self.assertEqual(lines[recoloured][2].split(" ")[1], "#0055AA")
        # B's rename was made after A's by the clock: the later edit wins on both.
        self.assertEqual(lines[renamed][1], "Renamed on B, concurrently")
        self.assertEqual(listing.splitlines()[0].split("\t")[0], rows[5][0])

    def test_files_in_flight_are_read_when_they_arrive(self):
        # B syncs repeatedly while A's files may still be on the way: whatever B reads
        # half-way is completed later, and nothing is read twice into a wrong state.
        self.sync(self.a)
        for index in range(5):
            path = self.a.write_json(f"batch{index}.json", {"version": 1, "chordsets": [
                {"title": f"Batch {index} row {row}", "chords": [{"color": "#%06X" % (index * 1000 + row)}] * 8}
                for row in range(50)]})
            self.a.ok("--import", path)
            self.sync(self.a)
            self.sync(self.b)
        self.carried("A's imports reaching B")
        self.sync(self.b)
        self.sync(self.a)
        self.carried("B's merge reaching A")
        self.sync(self.a)
        self.assertEqual(self.ids(self.a), self.ids(self.b))
        self.assertEqual(len([l for l in self.ids(self.b).splitlines() if "\tBatch " in l]), 250)


if __name__ == "__main__":
    unittest.main()
