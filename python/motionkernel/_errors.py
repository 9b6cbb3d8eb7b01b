"""Errors raised by :mod:`motionkernel`."""

from __future__ import annotations

import re
from typing import Any, Mapping

__all__ = ["Error", "InvalidValue", "MissingField", "Unsupported"]


class Error(ValueError):
    """A typed MotionKernel error.

    Attributes
    ----------
    code : str
        The eval protocol's error code: ``"invalidValue"``, ``"missingField"`` or
        ``"unsupported"``.
    field : str
        The field at fault as the protocol's JSON path (``"stiffness[3]"``, ``"out"``), or
        ``""`` when the call as a whole is at fault.
    reason : str
        What was expected.
    """

    code: str = "invalidValue"

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)


class InvalidValue(Error):
    """Wrong type, non-finite, out of range, mismatched lengths or too large."""

    code = "invalidValue"


class MissingField(Error):
    """A required argument is absent."""

    code = "missingField"


class Unsupported(Error):
    """A valid request that this build does not support."""

    code = "unsupported"


_BY_STATUS = {1: InvalidValue, 2: MissingField, 3: Unsupported}
_BY_CODE = {"invalidValue": InvalidValue, "missingField": MissingField, "unsupported": Unsupported}
_FIELD = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]+\])*): ")


def from_status(status: int, field: str, message: str) -> Error:
    """The exception for a C ABI status code and its ``mk_error`` record."""
    cls = _BY_STATUS.get(status, InvalidValue)
    reason = message[len(field) + 2 :] if field and message.startswith(field + ": ") else message
    return cls(field, reason)


def from_answer(error: Mapping[str, Any]) -> Error:
    """The exception for an eval answer's ``error`` object (the field is read from the
    message's ``field: reason`` form)."""
    code = error.get("code", "invalidValue")
    message = error.get("message", "")
    cls = _BY_CODE.get(code, Unsupported if code == "unknownOp" else InvalidValue)
    m = _FIELD.match(message)
    if m:
        return cls(m.group(1), message[m.end() :])
    return cls("", message)
