"""Confinement: an anchor id is untrusted input and never leads outside the allowed roots."""

from __future__ import annotations

import os
import re

_DRIVE = re.compile(r"^[A-Za-z]:")


def unsafe_id(ident: str) -> str | None:
    """Why an id may not be used as a path (CL006), or None when it is safe."""
    if "\x00" in ident:
        return "contains a NUL byte"
    if "\\" in ident:
        return "contains a backslash"
    if ident.startswith("/") or _DRIVE.match(ident):
        return "is an absolute path"
    if ".." in ident.split("/"):
        return "contains a '..' path part"
    return None


def inside(path: str, roots: tuple[str, ...]) -> bool:
    """True when `path`, after resolving symlinks, lies inside one of the real `roots`."""
    real = os.path.realpath(path)
    return any(real == root or real.startswith(root.rstrip(os.sep) + os.sep) for root in roots)
