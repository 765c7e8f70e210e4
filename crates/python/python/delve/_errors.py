"""The package's exceptions."""

from __future__ import annotations

from typing import Optional


class ParseError(ValueError):
    """Text that could not be read (a level, a board, a map): the message names the line and
    column, which are also ``line`` and ``column`` (counted from 1; ``None`` when the problem
    is with the text as a whole)."""

    def __init__(self, message: str, line: Optional[int] = None, column: Optional[int] = None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
