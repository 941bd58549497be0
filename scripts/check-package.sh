#!/usr/bin/env bash
# Checks the packages `make package` built: what they hold, what they depend on, and that
# the unpacked .deb's `tome` runs. It leaves the unpacked tree in target/package-root/,
# where the end-to-end tests start the desktop app from (the app a player installs).
set -euo pipefail
cd "$(dirname "$0")/.."

deb=$(ls target/packages/*.deb)
rpm=$(ls target/packages/*.rpm)
fail() { echo "check-package: $*" >&2; exit 1; }

# Every file a player needs, in both packages.
want=(
  usr/bin/tome-desktop
  usr/bin/tome
  usr/share/applications/Tome.desktop
  usr/share/metainfo/app.tome.desktop.metainfo.xml
  usr/share/man/man1/tome.1.gz
  usr/share/man/man1/tome-character-pdf.1.gz
  usr/share/bash-completion/completions/tome
  usr/share/zsh/vendor-completions/_tome
  usr/share/fish/vendor_completions.d/tome.fish
  usr/share/icons/hicolor/32x32/apps/tome-desktop.png
  usr/share/icons/hicolor/64x64/apps/tome-desktop.png
  usr/share/icons/hicolor/128x128/apps/tome-desktop.png
  usr/share/icons/hicolor/256x256@2/apps/tome-desktop.png
  usr/share/icons/hicolor/512x512/apps/tome-desktop.png
)
deb_files=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./||')
rpm_files=$(rpm -qlp "$rpm" 2>/dev/null | sed 's|^/||')
for f in "${want[@]}"; do
  grep -qx "$f" <<<"$deb_files" || fail "$deb lacks /$f"
  grep -qx "$f" <<<"$rpm_files" || fail "$rpm lacks /$f"
done

# Declared dependencies: installing the .deb pulls in WebKitGTK and GTK.
depends=$(dpkg-deb -f "$deb" Depends)
for d in libwebkit2gtk-4.1-0 libgtk-3-0; do
  grep -q "$d" <<<"$depends" || fail "$deb does not depend on $d (Depends: $depends)"
done
requires=$(rpm -qp --requires "$rpm" 2>/dev/null)
grep -qi "webkit2gtk4.1\|libwebkit2gtk-4.1" <<<"$requires" || fail "$rpm does not require WebKitGTK 4.1"

# The desktop entry and the metainfo are valid.
root=target/package-root
rm -rf "$root"
dpkg-deb -x "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/Tome.desktop"
appstreamcli validate --no-net --explain "$root/usr/share/metainfo/app.tome.desktop.metainfo.xml"

# The command line, from the package's own files.
"$root/usr/bin/tome" --version | grep -q "^tome " || fail "tome --version"
db=$(mktemp -d)/tome.db
"$root/usr/bin/tome" --db "$db" systems | grep -q "Ars Magica" || fail "tome systems lists no Ars Magica"
man -l "$root/usr/share/man/man1/tome.1.gz" 2>/dev/null | grep -q "tome-character" || fail "man page"

echo "check-package: $(basename "$deb") and $(basename "$rpm") hold ${#want[@]} expected files each; Depends: $depends"
