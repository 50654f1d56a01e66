"""The referee: pure rules of Rami continental and Rami (no I/O, no clock, no Flask)."""
