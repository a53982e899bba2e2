"""Two writers. `imager --import` while another process holds the store open and
writes waits its turn instead of failing with "database is locked"; the open window picks up
what was imported (mergeExternalChanges) and keeps its own unsaved edits."""

import os
import subprocess
import unittest

from support import SEED_COUNT, STRESS, Sandbox, StressShell, document, inspect_database


class TwoWriters(unittest.TestCase):
    def test_import_waits_while_another_process_holds_the_write_lock(self):
        sandbox = Sandbox(self)
        sandbox.list()
        small = sandbox.write_json("small.json", document(40))
        holder = StressShell(self, env=sandbox.env)
        holder.process.stdin.write(f"hold-write {sandbox.db} 3000\n")
        holder.process.stdin.flush()
        self.assertEqual(holder.read("hold-write"), "ok holding")

        result = sandbox.run("--import", small)
        self.assertEqual(result.returncode, 0, result)
        self.assertNotIn("locked", result.stderr)
        # It really had to wait: the lock was held for three seconds from before it started.
        self.assertGreater(result.seconds, 2.0, "the import did not wait for the lock; was it held?")
        self.assertEqual(holder.read("hold-write"), "ok released")
        state = inspect_database(sandbox.db)
        state.assert_whole(self)
        self.assertEqual(state.chordsets, SEED_COUNT + 40)

    def test_imports_during_a_busy_save_loop_all_succeed(self):
        sandbox = Sandbox(self)
        os.makedirs(sandbox.data_dir)
        db = sandbox.db  # the save loop writes the store imager imports into
        saver = subprocess.Popen([STRESS, "save-loop", db, "--rows", "1000", "--adds", "50"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.addCleanup(lambda: (saver.kill(), saver.wait(), saver.stdout.close(), saver.stderr.close()))
        self.assertTrue(saver.stdout.readline().startswith("prepared"))
        imports = sandbox.write_json("imports.json", document(500, prefix="imported"))
        for attempt in range(5):
            result = sandbox.run("--import", imports)
            self.assertEqual(result.returncode, 0, f"import {attempt}: {result!r}")
            self.assertNotIn("locked", result.stderr)
        saver.kill()
        saver.wait()
        saves = [line for line in saver.stdout.read().split("\n") if line.startswith("committed")]
        self.assertGreater(len(saves), 0, "the save loop never saved while the imports ran")
        state = inspect_database(db, titles=True)
        state.assert_whole(self)
        self.assertEqual(sum(1 for t in state.titles if t.startswith("imported ")), 5 * 500)

    def test_window_merges_an_import_and_keeps_its_unsaved_edits(self):
        sandbox = Sandbox(self)
        window = StressShell(self, env=sandbox.env)
        window.send(f"startup {sandbox.db} {sandbox.env['IMAGER_DATA_DIR']}/seed.json")
        self.assertEqual(window.send("merge"), f"ok merged=false count={SEED_COUNT} unsaved=0")
        window.send("rename 0 Mine, not saved")
        window.send("delete 1")  # Ocean
        window.send("add 1 unsaved")
        window.send("set-color 2 0 #ABCDEF")
        self.assertEqual(window.state()["unsaved"], 4)

        sandbox.ok("--import", sandbox.write_json("three.json", document(3, prefix="from the terminal")))
        self.assertEqual(window.send("merge"), f"ok merged=true count={SEED_COUNT + 3} unsaved=4")
        titles = window.titles()
        self.assertEqual(titles[0], "Mine, not saved")
        self.assertNotIn("Ocean", titles)
        self.assertEqual(sorted(titles[SEED_COUNT - 1:]), ["from the terminal 0", "from the terminal 1", "from the terminal 2",
                                              "unsaved 0"])
        self.assertEqual(window.send("merge"), f"ok merged=false count={SEED_COUNT + 3} unsaved=4")

        window.send("save", expect="ok saved")
        state = inspect_database(sandbox.db, titles=True)
        state.assert_whole(self)
        self.assertEqual(sorted(state.titles), sorted(titles))
        listed = [title for title, _ in sandbox.list()]
        self.assertEqual(sorted(listed), sorted(titles))
        colours = dict(sandbox.list())[titles[2]]
        self.assertEqual(colours[0], "#ABCDEF")

    def test_an_import_while_the_window_saves_loses_neither(self):
        # The window saves right after another process imported, without merging first:
        # its save must not undo the import, and a later merge shows both.
        sandbox = Sandbox(self)
        window = StressShell(self, env=sandbox.env)
        window.send(f"startup {sandbox.db} {sandbox.env['IMAGER_DATA_DIR']}/seed.json")
        window.send("add 2 window")
        sandbox.ok("--import", sandbox.write_json("two.json", document(2, prefix="terminal")))
        window.send("save", expect="ok saved")
        self.assertEqual(window.send("merge"), f"ok merged=true count={SEED_COUNT + 4} unsaved=0")
        state = inspect_database(sandbox.db, titles=True)
        state.assert_whole(self)
        self.assertEqual(state.chordsets, SEED_COUNT + 4)
        self.assertEqual(sorted(window.titles()), sorted(state.titles))


if __name__ == "__main__":
    unittest.main()
