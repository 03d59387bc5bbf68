"""Typed reads of decoded JSON objects.

Each read checks the JSON type, so a resource built from an answer holds what its annotations say;
a mismatch raises :class:`ShapeError`, which the transport reports as ``invalid_response``.
Unknown fields are ignored, so the client keeps working when the service adds fields.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union


class ShapeError(ValueError):
    """An answer body does not have the shape of the expected resource."""


class Fields:
    """A JSON object with typed accessors; ``where`` names it in error messages."""

    def __init__(self, value: object, where: str) -> None:
        if not isinstance(value, dict):
            raise ShapeError(f"{where} is not a JSON object")
        self._data: Dict[str, Any] = value
        self._where = where

    def __contains__(self, key: str) -> bool:
        return key in self._data

    def _get(self, key: str) -> object:
        if key not in self._data:
            raise ShapeError(f"{self._where}.{key} is missing")
        return self._data[key]

    def _fail(self, key: str, expected: str) -> ShapeError:
        return ShapeError(f"{self._where}.{key} is not {expected}")

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str):
            raise self._fail(key, "a string")
        return value

    def opt_text(self, key: str) -> Optional[str]:
        value = self._get(key)
        if value is not None and not isinstance(value, str):
            raise self._fail(key, "a string or null")
        return value

    def integer(self, key: str) -> int:
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._fail(key, "an integer")
        return value

    def opt_integer(self, key: str) -> Optional[int]:
        if self._get(key) is None:
            return None
        return self.integer(key)

    def number(self, key: str) -> float:
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self._fail(key, "a number")
        return float(value)

    def boolean(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise self._fail(key, "a boolean")
        return value

    def raw(self, key: str) -> Any:
        return self._get(key)

    def array(self, key: str) -> List[Any]:
        value = self._get(key)
        if not isinstance(value, list):
            raise self._fail(key, "an array")
        return value

    def texts(self, key: str) -> List[str]:
        values = self.array(key)
        if not all(isinstance(item, str) for item in values):
            raise self._fail(key, "an array of strings")
        return list(values)

    def objects(self, key: str) -> List[Fields]:
        return [Fields(item, f"{self._where}.{key}[{i}]") for i, item in enumerate(self.array(key))]

    def nested(self, key: str) -> Fields:
        return Fields(self._get(key), f"{self._where}.{key}")

    def opt_nested(self, key: str) -> Optional[Fields]:
        value = self._get(key)
        return None if value is None else Fields(value, f"{self._where}.{key}")

    def field_values(self, key: str) -> Dict[str, Union[str, float]]:
        values = self.nested(key)
        for name, value in values._data.items():
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                raise values._fail(name, "text or a number")
        return dict(values._data)

    def counts(self, key: str) -> Dict[str, int]:
        counts = self.nested(key)
        return {name: counts.integer(name) for name in counts._data}

    def others(self, *known: str) -> Dict[str, Any]:
        """The object's fields but ``known``, as decoded."""
        return {key: value for key, value in self._data.items() if key not in known}
