#!/usr/bin/env bash
# Usage: scripts/package-deb.sh [OUTDIR]     (default .build/deb-out)
#   env PWAUDIT_DEB_BINARY=FILE   package FILE instead of building (it must be a --static-swift-stdlib build)
# Builds pwaudit_VERSION_amd64.deb in OUTDIR and prints its path (last line of stdout):
#   - a release build with the Swift runtime linked statically (swift build -c release --static-swift-stdlib,
#     scratch path .build/deb so that it does not throw away the ordinary release build's cache), stripped;
#   - /usr/bin/pwaudit, /usr/share/man/man1/pwaudit.1.gz (docs/pwaudit.1, which ManPageTests keep equal to what the
#     binary's declarations generate), the completions where bash-completion, zsh and fish look for them
#     (/usr/share/bash-completion/completions/pwaudit, /usr/share/zsh/vendor-completions/_pwaudit,
#     /usr/share/fish/vendor_completions.d/pwaudit.fish), written by the built binary itself, and the README and
#     docs under /usr/share/doc/pwaudit;
#   - Depends: the Debian package of every shared library the binary links (dpkg-shlibdeps when dpkg-dev is
#     installed, else each NEEDED soname's package by dpkg -S at the installed upstream version), plus tzdata
#     (Foundation reads /usr/share/zoneinfo); the script refuses a package whose Depends lacks libsqlite3-0,
#     libssl3 (libcrypto.so.3), zlib1g or libpq5.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$repo/.build/deb-out}
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -n "${PWAUDIT_DEB_BINARY:-}" ]; then
    binary=$PWAUDIT_DEB_BINARY
else
    (cd "$repo" && swift build -c release --product pwaudit --static-swift-stdlib --scratch-path .build/deb >&2)
    binary=$repo/.build/deb/release/pwaudit
fi
if ldd "$binary" | grep -q 'libswiftCore'; then
    echo "error: $binary links the Swift runtime dynamically; build it with --static-swift-stdlib" >&2
    exit 65
fi
version=$("$binary" --version | awk '{ print $2 }')
arch=$(dpkg --print-architecture)
stage=$(mktemp -d "${TMPDIR:-/tmp}/pwaudit-deb.XXXXXX")
trap 'rm -rf "$stage"' EXIT
root=$stage/pwaudit_${version}_$arch
install -D -m 0755 "$binary" "$root/usr/bin/pwaudit"
strip --strip-unneeded "$root/usr/bin/pwaudit"
install -d "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
    "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/pwaudit"
gzip -9n < "$repo/docs/pwaudit.1" > "$root/usr/share/man/man1/pwaudit.1.gz"
"$root/usr/bin/pwaudit" completions bash > "$root/usr/share/bash-completion/completions/pwaudit"
"$root/usr/bin/pwaudit" completions zsh > "$root/usr/share/zsh/vendor-completions/_pwaudit"
"$root/usr/bin/pwaudit" completions fish > "$root/usr/share/fish/vendor_completions.d/pwaudit.fish"
cp "$repo/README.md" "$repo"/docs/*.md "$root/usr/share/doc/pwaudit/"
chmod 0644 "$root"/usr/share/*/*/* "$root"/usr/share/man/man1/* 2> /dev/null || true

# Depends: the packages of the libraries the binary links.
depends=""
if command -v dpkg-shlibdeps > /dev/null; then
    mkdir -p "$stage/shlibs/debian"
    printf 'Source: pwaudit\n\nPackage: pwaudit\nArchitecture: any\n' > "$stage/shlibs/debian/control"
    depends=$(cd "$stage/shlibs" && dpkg-shlibdeps -O -e"$root/usr/bin/pwaudit" 2> /dev/null | sed -n 's/^shlibs:Depends=//p')
fi
if [ -z "$depends" ]; then
    for soname in $(readelf -d "$root/usr/bin/pwaudit" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        path=$(ldconfig -p | awk -v so="$soname" '$1 == so && /x86-64/ { print $NF; exit }')
        [ -n "$path" ] || { echo "error: no installed library for $soname" >&2; exit 69; }
        package=$(dpkg -S "$(readlink -f "$path")" 2> /dev/null || dpkg -S "$path") || exit 69
        package=${package%%:*}
        upstream=$(dpkg-query -W -f '${Version}' "$package" | sed 's/^[0-9]*://; s/-[^-]*$//')
        depends="$depends${depends:+, }$package (>= $upstream)"
    done
    depends=$(echo "$depends" | tr ',' '\n' | sed 's/^ //' | sort -u | paste -sd, - | sed 's/,/, /g')
fi
depends="$depends, tzdata"
for needed in libsqlite3-0 libssl3 zlib1g libpq5; do
    grep -Eq "(^|, )$needed( |,|$)" <<< "$depends" || {
        echo "error: Depends lacks $needed: $depends" >&2
        exit 65
    }
done

installed=$(du -sk "$root/usr" | awk '{ print $1 }')
install -d "$root/DEBIAN"
cat > "$root/DEBIAN/control" << CONTROL
Package: pwaudit
Version: $version
Architecture: $arch
Maintainer: pwaudit developers <pwaudit@localhost>
Installed-Size: $installed
Depends: $depends
Section: admin
Priority: optional
Description: audit password policies against candidate passwords
 pwaudit keeps dated, immutable versions of password policies, scores files of
 candidate passwords against them (storing keyed fingerprints and derived
 features, never a password) and reports which candidates would pass each
 version, why the others fail, how versions compare and how rates move.
CONTROL
deb=$out/pwaudit_${version}_$arch.deb
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >&2
echo "$deb"
