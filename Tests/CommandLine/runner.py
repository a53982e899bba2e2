"""Runs every test_*.py here with unittest and closes with `N passed, N failed, N skipped`.
Usage (run.sh does this): IMAGER_BINARY=... IMAGER_STRESS=... /usr/bin/python3 runner.py [-k PATTERN]"""

import os
import sys
import time
import unittest


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    patterns = [sys.argv[i + 1] for i, arg in enumerate(sys.argv[:-1]) if arg == "-k"]
    loader = unittest.TestLoader()
    if patterns:
        loader.testNamePatterns = [f"*{p}*" for p in patterns]
    suite = loader.discover(here, pattern="test_*.py", top_level_dir=here)
    started = time.monotonic()
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    # A failing setUpClass counts as a failure without a test run.
    passed = max(0, result.testsRun - failed - skipped - len(result.expectedFailures))
    for test, reason in result.skipped:
        print(f"SKIP: {test.id()}: {reason}")
    print(f"command line tests took {time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed or result.testsRun == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
