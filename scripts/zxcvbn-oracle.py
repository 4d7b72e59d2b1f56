#!/usr/bin/env python3
r"""Usage: zxcvbn-oracle.py CSV [--limit N]    (needs PyPI zxcvbn 4.5.0 importable)

The oracle of StrengthParityTests: reads a gen_corpus.py CSV (id,username,email,password,submitted_at) and, for
each candidate PyPI zxcvbn 4.5.0 accepts (1 to 72 code points, no line break), prints one JSON line: the password,
the user inputs [username, email], zxcvbn's score, guesses_log10 and guesses, the warning, and the decomposition
as [pattern, i, j] triples. Rows that are malformed or not valid UTF-8 are skipped.
"""
import csv
import json
import sys
from importlib.metadata import version

from zxcvbn import zxcvbn
from zxcvbn.feedback import get_feedback


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.splitlines()[0])
    if version("zxcvbn") != "4.5.0":
        sys.exit("zxcvbn-oracle.py: needs zxcvbn 4.5.0, found %s" % version("zxcvbn"))
    limit = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else None
    out = sys.stdout
    n = 0
    with open(sys.argv[1], newline="", encoding="utf-8", errors="strict") as f:
        rows = csv.reader(f)
        next(rows, None)
        for rec in rows:
            if limit is not None and n >= limit:
                break
            if len(rec) != 5:
                continue
            password, inputs = rec[3], [rec[1], rec[2]]
            if not password or len(password) > 72 or "\n" in password or "\r" in password:
                continue
            r = zxcvbn(password, user_inputs=inputs)
            out.write(json.dumps({
                "password": password,
                "inputs": inputs,
                "score": r["score"],
                "log10": float(r["guesses_log10"]),
                "guesses": float(r["guesses"]),
                "warning": r["feedback"]["warning"],
                "suggestions": r["feedback"]["suggestions"],
                "sequence": [[m["pattern"], m["i"], m["j"]] for m in r["sequence"]],
            }) + "\n")
            n += 1


if __name__ == "__main__":
    main()
