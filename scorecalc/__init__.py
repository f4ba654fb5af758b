"""scorecalc: end-of-game scoring for Caracas, Caribe, Galapagos and On the Origin of Species."""

__version__ = "0.1.0"
