"""Shared helpers: unit roundoffs and error bounds (Higham's γ_k = k·u / (1 − k·u))."""

import numpy as np

U32 = float(np.finfo(np.float32).eps) / 2
U64 = float(np.finfo(np.float64).eps) / 2


def unit_roundoff(dtype) -> float:
    """u = ulpOfOne / 2 of ``dtype``."""
    return float(np.finfo(dtype).eps) / 2


def gamma(k: int, dtype) -> float:
    """γ_k for ``dtype``: the relative bound of k roundings, valid for any order and FMA use."""
    u = unit_roundoff(dtype)
    return k * u / (1 - k * u)
