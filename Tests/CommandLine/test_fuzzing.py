"""Fuzzing the JSON import path, for a bounded time with fixed seeds. It must never
crash, and must either import the whole file or refuse it with a message, the store untouched."""

import json
import os
import random
import shutil
import subprocess
import time
import unittest

from support import STRESS, Sandbox, chordset, inspect_database, sha256

SEED = int(os.environ.get("IMAGER_FUZZ_SEED", "20260521"))
DECODE_SECONDS = float(os.environ.get("IMAGER_FUZZ_SECONDS", "15"))
IMPORT_SECONDS = float(os.environ.get("IMAGER_FUZZ_IMPORT_SECONDS", "8"))


class FuzzDecoder(unittest.TestCase):
    def test_decoder_never_crashes_and_accepts_only_whole_valid_documents(self):
        # In process (imager-stress fuzz): thousands of inputs a second; see DecodeFuzz.swift.
        sandbox = Sandbox(self)
        crash_file = sandbox.path("fuzz-input.json")
        result = subprocess.run([STRESS, "fuzz", "--seconds", str(DECODE_SECONDS), "--seed", str(SEED),
                                 "--crash-file", crash_file], capture_output=True, text=True,
                                timeout=DECODE_SECONDS + 120)
        if result.returncode < 0:
            kept = f"/tmp/imager-fuzz-crash-{SEED}.json"
            shutil.copy(crash_file, kept)
            self.fail(f"the decoder crashed (signal {-result.returncode}) on the input kept at {kept}:\n"
                      f"{result.stderr[-3000:]}")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr[-3000:])
        print("\n  " + result.stdout.strip(), flush=True)
        self.assertRegex(result.stdout, r"fuzz: \d+ inputs, \d+ accepted, \d+ refused")


class FuzzImport(unittest.TestCase):
    def test_mutated_files_through_imager_import_whole_or_not_at_all(self):
        # Through the real binary: slower, so fewer inputs, but it covers reading the file,
        # the message, the exit status and the store.
        rng = random.Random(SEED)
        sandbox = Sandbox(self)
        sandbox.list()
        base = {"version": 2, "chordsets": [chordset(t, i) for i, t in enumerate(
            ["Warm", "Quote \" and \\", "مرحبا", "🎨", "tab\there"])]}
        # Version 2: some chords carry lumis, so damage lands in them too.
        base["chordsets"][1]["chords"][2]["lumis"] = [
            {"shape": "star", "x": 0.5, "y": 0.4, "size": 0.3, "rotation": 15, "color": "#FFE9A8CC", "glow": 0.6},
            {"shape": "circle", "x": 0.1, "y": 0.9, "size": 1, "color": "#FFFFFF"}]
        base["chordsets"][3]["chords"][7]["lumis"] = [{"shape": "triangle", "x": 0, "y": 1, "size": 0.05, "color": "#102030"}]
        count = inspect_database(sandbox.db).chordsets
        runs = accepted = 0
        deadline = time.monotonic() + IMPORT_SECONDS
        while time.monotonic() < deadline:
            data = mutate(rng, base)
            path = sandbox.write_bytes(f"mutated-{runs}.json", data)
            before = sha256(sandbox.db)
            result = sandbox.run("--import", path, timeout=60)
            context = f"run {runs} (seed {SEED}), file kept at {path}: {result!r}"
            self.assertIn(result.returncode, (0, 1), "crashed or misbehaved: " + context)
            if result.returncode == 0:
                accepted += 1
                state = inspect_database(sandbox.db)
                state.assert_whole(self)
                added = state.chordsets - count
                self.assertIn(f"Imported {added} chordset", result.stderr, context)
                expected = python_count(data)
                if expected is not None:
                    self.assertEqual(added, expected, "imported part of a file: " + context)
                count = state.chordsets
            else:
                self.assertIn(f"imager: nothing imported: {path}: ", result.stderr, context)
                self.assertEqual(sha256(sandbox.db), before, "a refused file changed the store: " + context)
            os.remove(path)
            runs += 1
        print(f"\n  import fuzz: {runs} mutated files through imager --import, {accepted} imported whole, "
              f"{runs - accepted} refused (seed {SEED})", flush=True)
        self.assertGreater(runs, 10)


def mutate(rng, base):
    """A structural change (a value of the wrong type, a chord more or less, a shared id...) or
    none, then byte-level damage or none."""
    value = json.loads(json.dumps(base))
    if rng.random() < 0.6:
        entries = value["chordsets"]
        target = rng.choice(entries)
        choice = rng.randrange(6)
        if choice == 0:
            key = rng.choice(["title", "id", "createdAt", "chords"])
            target[key] = rng.choice([None, 7, [], {}, "x", True, 1e300])
        elif choice == 1:
            target["chords"] = target["chords"][: rng.randrange(8)] if rng.random() < 0.5 else target["chords"] * 2
        elif choice == 2:
            rng.choice(target["chords"])["color"] = rng.choice(["#12345", "red", "#GGGGGG", "", 255, None, "#ABCDEF"])
        elif choice == 3:
            rng.choice(entries)["id"] = target.get("id")
        elif choice == 4:
            value[rng.choice(["version", "chordsets"])] = rng.choice([None, 2, "1", [], {}, True])
        else:
            target["title"] = rng.choice(["\u0000", "x" * 5000, "\u202e", "'; DROP TABLE chord; --", "\U0001F3A8"])
    data = bytearray(json.dumps(value, ensure_ascii=rng.random() < 0.5).encode())
    for _ in range(rng.choice([0, 0, 1, 2, 4])):
        position = rng.randrange(len(data) + 1)
        choice = rng.randrange(5)
        if choice == 0 and data:
            data[min(position, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif choice == 1:
            data[position:position] = rng.choice([b"\\u0000", b"\\ud800", b"1e999", b"{", b"]", b",", b'"', b"null",
                                                  b"\xff", b"\xc0\x80", b"[" * 600, b'"#FFFFFF"', b"-0"])
        elif choice == 2:
            del data[position:position + rng.randint(1, 30)]
        elif choice == 3 and data:
            end = min(len(data), position + rng.randint(1, 200))
            data[rng.randrange(len(data) + 1):0] = data[position:end]
        else:
            data = data[: rng.randrange(len(data) + 1)]
    return bytes(data)


def python_count(data):
    """How many chordsets a file that imports holds, when Python reads it the same way."""
    try:
        value = json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if isinstance(value, dict) and isinstance(value.get("chordsets"), list):
        return len(value["chordsets"])
    return None


if __name__ == "__main__":
    unittest.main()
