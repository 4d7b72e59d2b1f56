#!/usr/bin/env python3
r"""Usage: zxcvbn-top-passwords.py COUNT    (needs PyPI zxcvbn 4.5.0 importable)

Prints the first COUNT words of zxcvbn 4.5.0's `passwords` list, one a line, in rank order: what pwaudit's built-in
blocklists are (`builtin:common` the first 500, `builtin:top-10k` the first 10,000). The binary carries the list once,
in the strength estimator's embedded data (scripts/embed-strength-data.py); BuiltinListDriftTests compares the
blocklists with this script's output.
"""
import sys
from importlib.metadata import version

EXPECTED = "4.5.0"


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit(__doc__.strip().splitlines()[0])
    if version("zxcvbn") != EXPECTED:
        sys.exit("zxcvbn-top-passwords.py: needs zxcvbn %s, found %s" % (EXPECTED, version("zxcvbn")))
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    sys.stdout.write("".join(word + "\n" for word in FREQUENCY_LISTS["passwords"][: int(sys.argv[1])]))


if __name__ == "__main__":
    main()
