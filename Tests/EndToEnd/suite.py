"""The end-to-end runner: every test_*.py in this folder registers its tests with @test, and
main() runs them in file order, then in the order they were written, against one shared App.

Tests that need a window of their own start one (App(first.binary)); the shared one carries
the main story, whose tests build on each other."""
import importlib
import os
import sys
import time
import traceback

from harness import App, screenshot

results = []


def test(function):
    results.append(function)
    return function


def load_tests(folder):
    sys.path.insert(0, folder)
    # test_window.py holds the main story, which the other files' tests may build on: it goes first.
    names = sorted(n[:-3] for n in os.listdir(folder) if n.startswith("test_") and n.endswith(".py"))
    names.sort(key=lambda n: n != "test_window")
    for name in names:
        importlib.import_module(name)


def main():
    binary = sys.argv[1]
    load_tests(os.path.dirname(os.path.abspath(__file__)))
    app = App(binary).start()
    passed = failed = 0
    try:
        # Parts of tests' names, comma-separated, to run just those (the main story's tests
        # build on each other: "adding,swiping").
        only = [part for part in os.environ.get("IMAGER_E2E_ONLY", "").split(",") if part]
        for function in results:
            name = function.__name__
            if only and not any(part in name for part in only):
                continue
            started = time.time()
            try:
                function(app)
                passed += 1
                print(f"PASS {name} ({time.time() - started:.1f} s)", flush=True)
            except Exception as error:
                failed += 1
                # Where it failed, in the test's own files: a bare assert has no message.
                frames = [frame for frame in traceback.extract_tb(error.__traceback__)
                          if os.path.dirname(os.path.abspath(frame.filename)) == os.path.dirname(os.path.abspath(__file__))]
                where = f" ({', '.join(f'{os.path.basename(f.filename)}:{f.lineno}' for f in frames[-3:])})" if frames else ""
                print(f"FAIL {name}: {type(error).__name__}: {error}{where}", flush=True)
                if os.environ.get("IMAGER_E2E_VERBOSE"):
                    traceback.print_exc()
                screenshot(f"failed-{name}")
    finally:
        app.cleanup()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    # Run as the module the test files import, so that their @test reaches this results list.
    import suite
    sys.exit(suite.main())
