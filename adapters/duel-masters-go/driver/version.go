package main

// The driver's reported version (standard library only: tests/test_duel_masters_go_adapter.py
// compiles this file on its own).

import "strings"

// shortCommit: the commit's first 12 hex digits, with its suffix kept ("+dirty": the checkout's
// tracked files differ from the commit, build.sh; a patched engine never reads as the clean commit).
func shortCommit(c string) string {
	sha, suffix, found := strings.Cut(c, "+")
	if len(sha) > 12 {
		sha = sha[:12]
	}
	if found {
		return sha + "+" + suffix
	}
	return sha
}
