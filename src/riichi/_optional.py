"""The optional packages of the command-line tools: the engine needs numpy only, and each tool's
own packages come with an extra of ``riichi`` (``pip install 'riichi[simulate]'``).

>>> missing_extra("simulate") is None  # the test environment has every extra
True
"""

from __future__ import annotations

import importlib.util

from riichi.errors import MissingExtraError

__all__ = ["EXTRAS", "missing_extra", "require_extra"]

EXTRAS: dict[str, tuple[str, ...]] = {
    "simulate": ("pyarrow", "rich"),
    "plots": ("pyarrow", "rich", "matplotlib"),
    "ray": ("pyarrow", "rich", "ray"),
    "play": ("prompt_toolkit",),
    "web": ("starlette", "uvicorn", "websockets"),
    "env": ("gymnasium", "pettingzoo"),
}
"""Each extra of the package and the modules it installs (as pyproject.toml lists them)."""


def missing_extra(extra: str, purpose: str | None = None) -> str | None:
    """``None`` when every module of ``extra`` can be imported, else one line saying what is
    missing and the command that installs it (``purpose`` names what needs it)."""
    missing = [m for m in EXTRAS[extra] if importlib.util.find_spec(m) is None]
    if not missing:
        return None
    return (
        f"{purpose or extra} needs {' and '.join(missing)}: pip install 'riichi[{extra}]' "
        f"(in a clone of the repository: pip install '.[{extra}]')"
    )


def require_extra(extra: str, purpose: str) -> None:
    """Raise :class:`~riichi.errors.MissingExtraError` (an ``ImportError``) with
    :func:`missing_extra`'s line unless every module of ``extra`` can be imported."""
    message = missing_extra(extra, purpose)
    if message is not None:
        raise MissingExtraError(message)
