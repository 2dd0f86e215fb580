"""The kit for grid puzzles (the answer fills the board): geometry, text and puzz.link
formats, connectivity and loop rules, the static driver and its command, the setter's
questions, the generator loop, and pictures. A grid family imports what it needs from
here and writes only its rules."""
