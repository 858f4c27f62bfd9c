"""Errors that stop a run: the command line prints them on one line and exits 2."""

from __future__ import annotations


class CitelintError(Exception):
    """citelint could not do its job; the message says why, on one line."""


class ConfigError(CitelintError):
    """A configuration file, key or value is wrong; the message names the file and key."""


class UsageError(CitelintError):
    """The command line asks for something citelint cannot do: a missing path, a bad flag."""
