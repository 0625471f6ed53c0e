"""The For Fumie engine tests import the tools that build positions by hand from
`fumie_positions`, a plain module beside this file: make it importable whatever import
mode or package layout pytest uses."""
import sys
from pathlib import Path


_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
