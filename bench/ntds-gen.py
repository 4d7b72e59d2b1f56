#!/usr/bin/env python3
"""Generates bench/ntds.sh's inputs: an NTDS extract (secretsdump lines), a hashcat potfile and a Have I Been Pwned
NTLM corpus (sorted `HASH:COUNT` lines), seeded, in flat memory for the corpus.

  ntds-gen.py --accounts N --potfile M --corpus C --seed S OUTDIR

Accounts: 40% use one of the M cracked passwords (so passwords repeat), every 997th has the empty password, every
50th uncracked one shares one NT hash, the rest have random (uncracked) NT hashes; one in 8 has an LM hash, one in
20 is disabled, and every 100th account has a password-history line and every 1,000th a machine account beside it.
The corpus holds C lines: random hashes, plus the NT hashes of a third of the cracked passwords and of every 7th
uncracked account. NT hashes are MD4 of UTF-16LE (libcrypto's MD4 through ctypes, else a pure-Python MD4).
"""
import argparse
import ctypes
import ctypes.util
import os
import random
import struct


def _md4_python(data):
    def f(x, y, z): return (x & y) | (~x & z)
    def g(x, y, z): return (x & y) | (x & z) | (y & z)
    def h(x, y, z): return x ^ y ^ z
    def rot(v, s): return ((v << s) | (v >> (32 - s))) & 0xFFFFFFFF
    message = bytearray(data) + b"\x80"
    message += b"\x00" * ((56 - len(message) % 64) % 64) + struct.pack("<Q", len(data) * 8)
    a, b, c, d = 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476
    for offset in range(0, len(message), 64):
        x = struct.unpack("<16I", message[offset:offset + 64])
        aa, bb, cc, dd = a, b, c, d
        for i in range(16):
            k, s = i, (3, 7, 11, 19)[i % 4]
            if i % 4 == 0: a = rot((a + f(b, c, d) + x[k]) & 0xFFFFFFFF, s)
            elif i % 4 == 1: d = rot((d + f(a, b, c) + x[k]) & 0xFFFFFFFF, s)
            elif i % 4 == 2: c = rot((c + f(d, a, b) + x[k]) & 0xFFFFFFFF, s)
            else: b = rot((b + f(c, d, a) + x[k]) & 0xFFFFFFFF, s)
        for i in range(16):
            k, s = (i % 4) * 4 + i // 4, (3, 5, 9, 13)[i % 4]
            if i % 4 == 0: a = rot((a + g(b, c, d) + x[k] + 0x5A827999) & 0xFFFFFFFF, s)
            elif i % 4 == 1: d = rot((d + g(a, b, c) + x[k] + 0x5A827999) & 0xFFFFFFFF, s)
            elif i % 4 == 2: c = rot((c + g(d, a, b) + x[k] + 0x5A827999) & 0xFFFFFFFF, s)
            else: b = rot((b + g(c, d, a) + x[k] + 0x5A827999) & 0xFFFFFFFF, s)
        order = (0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15)
        for i in range(16):
            k, s = order[i], (3, 9, 11, 15)[i % 4]
            if i % 4 == 0: a = rot((a + h(b, c, d) + x[k] + 0x6ED9EBA1) & 0xFFFFFFFF, s)
            elif i % 4 == 1: d = rot((d + h(a, b, c) + x[k] + 0x6ED9EBA1) & 0xFFFFFFFF, s)
            elif i % 4 == 2: c = rot((c + h(d, a, b) + x[k] + 0x6ED9EBA1) & 0xFFFFFFFF, s)
            else: b = rot((b + h(c, d, a) + x[k] + 0x6ED9EBA1) & 0xFFFFFFFF, s)
        a, b, c, d = [(v + w) & 0xFFFFFFFF for v, w in zip((a, b, c, d), (aa, bb, cc, dd))]
    return struct.pack("<4I", a, b, c, d)


def md4_function():
    name = ctypes.util.find_library("crypto")
    try:
        library = ctypes.CDLL(name or "libcrypto.so.3")
        md4 = library.MD4
        md4.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
        md4.restype = ctypes.c_void_p

        def digest(data):
            out = ctypes.create_string_buffer(16)
            md4(data, len(data), out)
            return out.raw
        assert digest("password".encode("utf-16-le")).hex() == "8846f7eaee8fb117ad06bdd830b7586c"
        return digest
    except (OSError, AttributeError, AssertionError):
        return _md4_python


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--accounts", type=int, default=1_000_000)
    parser.add_argument("--potfile", type=int, default=300_000)
    parser.add_argument("--corpus", type=int, default=10_000_000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("outdir")
    args = parser.parse_args()
    md4 = md4_function()
    rng = random.Random(args.seed)
    words = ["Summer", "Winter", "Welcome", "Passw0rd", "Company", "Kennwort", "Été", "Пароль", "Dragon", "Monkey"]
    passwords = [f"{words[j % len(words)]}{j}!{rng.randrange(100)}" for j in range(args.potfile)]
    cracked_hashes = [md4(p.encode("utf-16-le")) for p in passwords]
    empty = md4(b"")
    shared_uncracked = rng.randbytes(16)
    hits = set(cracked_hashes[::3])
    no_lm = "aad3b435b51404eeaad3b435b51404ee"
    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, "corp.ntds"), "w", encoding="utf-8") as extract:
        for i in range(args.accounts):
            if i % 997 == 0:
                nt = empty
            elif i % 10 < 4:
                nt = cracked_hashes[(i * 7919) % args.potfile]
            elif i % 50 == 5:
                nt = shared_uncracked
            else:
                nt = rng.randbytes(16)
                if i % 7 == 0:
                    hits.add(nt)
            lm = rng.randbytes(16).hex() if i % 8 == 0 else no_lm
            suffix = " (pwdLastSet=2025-0%d-1%d 08:30) (status=%s)" % (1 + i % 9, i % 10, "Disabled" if i % 20 == 0
                                                                    else "Enabled")
            extract.write(f"CORP\\user{i}:{1000 + i}:{lm}:{nt.hex()}:::{suffix}\n")
            if i % 100 == 0:
                extract.write(f"CORP\\user{i}_history0:{1000 + i}:{no_lm}:{rng.randbytes(16).hex()}:::\n")
            if i % 1000 == 0:
                extract.write(f"CORP\\HOST{i}$:{5000000 + i}:{no_lm}:{rng.randbytes(16).hex()}:::\n")
    with open(os.path.join(args.outdir, "hashcat.potfile"), "w", encoding="utf-8") as potfile:
        for j, (password, nt) in enumerate(zip(passwords, cracked_hashes)):
            plain = "$HEX[" + password.encode().hex() + "]" if j % 50 == 0 else password
            potfile.write(f"{nt.hex()}:{plain}\n")
    # The corpus: C lines in hash order, the hits merged into uniformly spaced random hashes (flat memory).
    hits = sorted(hits)
    fill = args.corpus - len(hits)
    step = (1 << 128) // (max(fill, 1) * 11 // 10 + 1)  # mean gap: the last key stays below 2^128
    with open(os.path.join(args.outdir, "ntlm-corpus.txt"), "w") as corpus:
        value, h = 0, 0
        for _ in range(fill):
            value += rng.randrange(1, 2 * step)
            if value >= 1 << 128:
                break
            key = value.to_bytes(16, "big")
            while h < len(hits) and hits[h] < key:
                corpus.write(f"{hits[h].hex().upper()}:{rng.randrange(1, 5000)}\n")
                h += 1
            if h < len(hits) and hits[h] == key:
                continue
            corpus.write(f"{key.hex().upper()}:{rng.randrange(1, 50)}\n")
        for rest in hits[h:]:
            corpus.write(f"{rest.hex().upper()}:{rng.randrange(1, 5000)}\n")


if __name__ == "__main__":
    main()
