"""What git says about the checkout: its top, the files it ignores and the files it tracks.

git is the one program citelint runs, and only as `git ls-files`, with its repository and
work tree pinned and every key that could run a program off: a pull request's planted
config, hooks or fsmonitor never run (README, "Running on untrusted pull requests").
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass

from citelint.ground.errors import UsageError

# Config keys that make git run a program, pinned off for every call: the repository's
# own config is the checkout's, but a key set anywhere git reads must never run anything.
_GIT_PINS = (
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "core.untrackedCache=false",
    "safe.bareRepository=explicit",
)


def git_top(start: str) -> str | None:
    """The work tree top of the checkout holding `start`: the nearest folder with a `.git`
    entry. git refuses to commit a `.git` path, so a pull request cannot plant one; a
    folder that merely looks like a repository (`HEAD`, `objects/`, `config`) is not one."""
    here = os.path.abspath(start)
    while True:
        if os.path.lexists(os.path.join(here, ".git")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def git_ignored(root: str) -> frozenset[str]:
    """Untracked paths git ignores under `root` (folders end in `/`); none outside git."""
    return _git_list(root, "--others", "--ignored", "--exclude-standard", "--directory")


@dataclass(frozen=True)
class Tracked:
    """The files git's index holds, by absolute path: what a commit would hold. A staged
    file is tracked; an untracked draft or an unstaged new source is not."""

    paths: frozenset[str]

    @classmethod
    def of(cls, root: str, required: bool = True) -> Tracked:
        """The index of the checkout holding `root`. `required` (--only-tracked, where the
        answer decides what is absent): outside a checkout, or when git fails, a usage
        error; otherwise nothing is tracked there."""
        top = git_top(root)
        if top is None:
            if required:
                raise UsageError(f"--only-tracked: {root} is not inside a git checkout")
            return cls(frozenset())
        listed = _git_list(top, "--cached", strict=required)
        return cls(frozenset(os.path.join(top, p) for p in listed))

    def __call__(self, path: str) -> bool:
        return os.path.abspath(path) in self.paths


def _git_list(root: str, *args: str, strict: bool = False) -> frozenset[str]:
    """`git ls-files -z ARGS` under `root`; nothing outside git (or, `strict`, an error:
    where the answer decides what is absent, a failed git is never "nothing tracked").

    git runs with its repository and work tree pinned to the checkout's top, so it never
    searches for a repository (a pull request's `docs/config` with `core.fsmonitor` is
    never read), with the system config and every program-running key off."""
    top = git_top(root)
    if top is None:
        return frozenset()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        GIT_DIR=os.path.join(top, ".git"),
        GIT_WORK_TREE=top,
        GIT_CONFIG_NOSYSTEM="1",
        GIT_TERMINAL_PROMPT="0",
        GIT_OPTIONAL_LOCKS="0",
    )
    pins = [arg for pin in _GIT_PINS for arg in ("-c", pin)]
    command = ["git", *pins, "ls-files", "-z", *args]
    try:
        out = subprocess.run(
            command,
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=120,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        if strict:
            raise UsageError(f"--only-tracked: git ls-files failed ({exc})") from exc
        return frozenset()  # not a git work tree, or no git: nothing is ignored
    return frozenset(p for p in out.decode("utf-8", "surrogateescape").split("\0") if p)
