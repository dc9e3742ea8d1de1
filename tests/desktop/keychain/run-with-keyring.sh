#!/bin/sh
# Runs the keychain tests against a real Secret Service: a private D-Bus session with
# gnome-keyring unlocked for it (Debian's gnome-keyring and dbus packages, installed by .ci/run).
# The keyrings live in a throwaway data folder: an existing login keyring with another password
# (a developer's, or an earlier run's) would stay locked and every write would fail.
# The JSON report gets its own file: test:unit's test-reports/vitest.json stays as it was.
set -e

# Missing system packages would otherwise surface as a bare "not found" from sh or as keytar
# failing to load deep inside a test: name them, and fail, so the run is never quietly skipped.
missing=""
command -v dbus-run-session >/dev/null 2>&1 || missing="$missing dbus-run-session (Debian: dbus)"
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing="$missing gnome-keyring-daemon (Debian: gnome-keyring)"
# keytar is linked against libsecret; ldconfig lives in sbin, which a user's PATH may lack.
PATH="$PATH:/sbin:/usr/sbin" ldconfig -p 2>/dev/null | grep -q 'libsecret-1\.so' || missing="$missing libsecret (Debian: libsecret-1-dev)"
if [ -n "$missing" ]; then
  echo "Missing:$missing" >&2
  echo 'The keychain tests need libsecret and gnome-keyring (and dbus-run-session): `bash .ci/run` installs them, or `apt-get install libsecret-1-dev gnome-keyring dbus`, then `npm install` again so keytar compiles against libsecret.' >&2
  exit 1
fi

keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
status=0
XDG_DATA_HOME="$keyring_home" dbus-run-session -- sh -c 'echo -n ci-keyring | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec npx vitest run --project keychain --outputFile.json=test-reports/vitest-keychain.json' || status=$?
exit "$status"
