"""Strict JSON: the real import path (imager-stress json-check, which calls
ChordsetDocument.decode) must accept exactly RFC 8259 JSON. Two checks from outside Imager:
the json.org JSON_checker corpus as CPython's test suite ships it (Debian's
libpython3.X-testsuite, for the Python that runs this test), and a seeded differential test against Python's json module made strict."""

import base64
import json
import os
import random
import subprocess
import unittest

from support import STRESS

import sys

PYTHON = "python%d.%d" % sys.version_info[:2]
TEST_JSON = f"/usr/lib/{PYTHON}/test/test_json"
SEED = int(os.environ.get("IMAGER_JSON_SEED", "20260523"))
CASES = int(os.environ.get("IMAGER_JSON_CASES", "4000"))


def check(documents):
    """Imager's verdict on each document (bytes): None when it is JSON, else the message."""
    lines = "".join(base64.b64encode(d).decode() + "\n" for d in documents)
    result = subprocess.run([STRESS, "json-check"], input=lines, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise AssertionError(f"imager-stress json-check failed ({result.returncode}): {result.stderr[-2000:]}")
    verdicts = result.stdout.split("\n")[:-1]
    if len(verdicts) != len(documents):
        raise AssertionError(f"{len(verdicts)} answers for {len(documents)} documents: {result.stderr[-2000:]}")
    return [None if v == "json" else v.removeprefix("not-json: ") for v in verdicts]


class JSONCheckerCorpus(unittest.TestCase):
    def setUp(self):
        if not os.path.isdir(TEST_JSON):
            self.fail(f"{TEST_JSON} is missing: install lib{PYTHON}-testsuite (Tests/install-test-deps.sh)")
        sys.path.insert(0, f"/usr/lib/{PYTHON}")
        from test.test_json import test_fail, test_pass1, test_pass2, test_pass3
        self.fail_docs = test_fail.JSONDOCS
        self.pass_docs = [test_pass1.JSON, test_pass2.JSON, test_pass3.JSON]

    def test_every_pass_document_is_json(self):
        for number, (doc, verdict) in enumerate(zip(self.pass_docs, check([d.encode() for d in self.pass_docs])), 1):
            self.assertIsNone(verdict, f"pass{number}.json refused: {verdict}")

    def test_every_fail_document_is_refused_except_where_rfc_8259_differs(self):
        # fail1 is a top-level string and fail18 is 20 levels deep: JSON_checker's own limits,
        # not RFC 8259's, which allows any top-level value and sets no depth (Imager allows 512).
        rfc_8259_valid = {1, 18}
        verdicts = check([d.encode() for d in self.fail_docs])
        for number, (doc, verdict) in enumerate(zip(self.fail_docs, verdicts), 1):
            if number in rfc_8259_valid:
                self.assertIsNone(verdict, f"fail{number}.json is RFC 8259 JSON but was refused: {verdict}")
            else:
                self.assertIsNotNone(verdict, f"fail{number}.json accepted: {doc!r}")
                self.assertLess(len(verdict), 300, verdict)


def strict_python(document):
    """Python's json module made strict: UTF-8 only (no BOM), no NaN or Infinity, no lone
    surrogates from \\u escapes (Python keeps them; Imager refuses them)."""
    def no_constants(name):
        raise ValueError(name)

    def no_surrogates(value):
        if isinstance(value, str):
            return not any(0xD800 <= ord(c) <= 0xDFFF for c in value)
        if isinstance(value, list):
            return all(no_surrogates(v) for v in value)
        if isinstance(value, dict):
            return all(no_surrogates(k) and no_surrogates(v) for k, v in value.items())
        return True

    try:
        text = document.decode("utf-8")
        if text.startswith("\ufeff"):
            text = text[1:]
        return no_surrogates(json.loads(text, parse_constant=no_constants))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return False


class Generator:
    """Random valid JSON, written with random whitespace and escapes, then maybe damaged."""
    STRINGS = ["", "a", "é", "😀", "\u2028", "\u007f", "tab\t", "quote\"", "back\\", "\u0000", "\uffff", "日本"]
    NUMBERS = ["0", "-0", "1", "-12", "0.5", "1e3", "1E+3", "2.5e-3", "1e400", "123456789012345678901234567890"]
    BREAKS = [b",", b",]", b",}", b"]", b"}", b"[", b"{", b":", b"\"", b"\\", b"\\u", b"\\ud800", b"\\x", b"0", b"01",
              b"-", b".", b"e", b"+", b"NaN", b"Infinity", b"tru", b"nul", b"\x00", b"\t", b"\n", b"\xff", b"\xc0\xaf",
              b"\xed\xa0\x80", b"\xe2\x82", b"\xef\xbb\xbf", b"/*", b"'", b" "]

    def __init__(self, rng):
        self.rng = rng

    def value(self, depth=0):
        r = self.rng.random()
        if depth < 6 and r < 0.15:
            return "[" + ",".join(self.ws() + self.value(depth + 1) + self.ws() for _ in range(self.rng.randrange(4))) + "]"
        if depth < 6 and r < 0.3:
            members = [self.ws() + self.string() + self.ws() + ":" + self.ws() + self.value(depth + 1) + self.ws()
                       for _ in range(self.rng.randrange(4))]
            return "{" + ",".join(members) + "}"
        if r < 0.55:
            return self.string()
        if r < 0.85:
            return self.rng.choice(self.NUMBERS)
        return self.rng.choice(["true", "false", "null"])

    def ws(self):
        return self.rng.choice(["", "", "", " ", "\n", "\t", "\r\n  "])

    def string(self):
        out = []
        for c in self.rng.choice(self.STRINGS) + self.rng.choice(self.STRINGS):
            if c in "\"\\" or ord(c) < 0x20 or self.rng.random() < 0.2:
                if self.rng.random() < 0.5 and c in "\"\\\n\t":
                    out.append({"\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t"}[c])
                else:
                    out.extend("\\u%04x" % u for u in _utf16(c))
            else:
                out.append(c)
        return "\"" + "".join(out) + "\""

    def document(self):
        data = bytearray((self.ws() + self.value() + self.ws()).encode())
        for _ in range(self.rng.choice([0, 0, 1, 1, 2])):
            position = self.rng.randrange(len(data) + 1)
            if self.rng.random() < 0.7:
                data[position:position] = self.rng.choice(self.BREAKS)
            else:
                del data[position:position + self.rng.randint(1, 3)]
        return bytes(data)


def _utf16(c):
    encoded = c.encode("utf-16-be")
    return [int.from_bytes(encoded[i:i + 2], "big") for i in range(0, len(encoded), 2)]


class DifferentialAgainstPython(unittest.TestCase):
    def test_imager_and_strict_python_agree_on_random_documents(self):
        rng = random.Random(SEED)
        generator = Generator(rng)
        documents = [generator.document() for _ in range(CASES)]
        verdicts = check(documents)
        disagreements = []
        for document, verdict in zip(documents, verdicts):
            if (verdict is None) != strict_python(document):
                disagreements.append(f"{document!r}: Imager {'accepted' if verdict is None else 'refused: ' + verdict}")
            if verdict is not None:
                self.assertLess(len(verdict), 300, verdict)
        valid = sum(v is None for v in verdicts)
        print(f"\n  json differential: {CASES} documents (seed {SEED}), {valid} JSON, {CASES - valid} not", flush=True)
        self.assertEqual(disagreements, [], "\n".join(disagreements[:20]))


if __name__ == "__main__":
    unittest.main()
