"""JSON Schema files of what cpsolve prints: package data, read by
:func:`cpsolve.result.schema`."""
