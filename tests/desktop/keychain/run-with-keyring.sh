#!/bin/sh
# Runs the keychain tests against a real Secret Service: a private D-Bus session with
# gnome-keyring unlocked for it (Debian's gnome-keyring and dbus packages, installed by .ci/run).
# The keyrings live in a throwaway data folder: an existing login keyring with another password
# (a developer's, or an earlier run's) would stay locked and every write would fail.
# The JSON report gets its own file: test:unit's test-reports/vitest.json stays as it was.
set -e
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
status=0
XDG_DATA_HOME="$keyring_home" dbus-run-session -- sh -c 'echo -n ci-keyring | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec npx vitest run --project keychain --outputFile.json=test-reports/vitest-keychain.json' || status=$?
exit "$status"
