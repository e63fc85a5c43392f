"""Whether the Textual installed still has the private names Rainboard relies on
(textual_internals.NEEDED): a name that moved stops the import, naming it, instead of an override
that is silently never called."""

from __future__ import annotations


class TextualMoved(ImportError):
    """A private Textual name Rainboard relies on is gone or renamed."""


def is_there(owner: object, name: str) -> bool:
    """Whether `owner` (a class or a module) has `name`: as an attribute, or set by its (or a
    base's) __init__."""
    if hasattr(owner, name):
        return True
    for cls in getattr(owner, "__mro__", ()):
        code = getattr(cls.__dict__.get("__init__"), "__code__", None)
        if code is not None and name in code.co_names:  # `self.<name> = ...` names it
            return True
    return False


def missing(needed) -> list[str]:
    """The needed names this Textual does not have, each with what Rainboard does with it."""
    return [f"{owner.__name__}.{name} ({why})" for owner, name, why in needed if not is_there(owner, name)]


def check(needed) -> None:
    """Raise TextualMoved naming every needed private name that is gone."""
    gone = missing(needed)
    if gone:
        import textual

        raise TextualMoved(f"Textual {textual.__version__} no longer has what rainboard/ui/textual_internals.py "
                           f"relies on: {'; '.join(gone)}. Find the new name and change that module alone.")
