#!/usr/bin/env python3
"""Writes statistics-reference.json: reference values the KeyBenchResults statistics tests compare to.

Made with:
  python3 -m venv /tmp/statsvenv && /tmp/statsvenv/bin/pip install scipy statsmodels mpmath
  /tmp/statsvenv/bin/python Tests/KeyBenchResultsTests/Fixtures/make-reference.py \
    > Tests/KeyBenchResultsTests/Fixtures/statistics-reference.json

The values come from scipy and statsmodels, never from KeyBench, so the tests can fail. The
normal distribution also gets 40-digit mpmath values ("exact"): far in the tail scipy's own
norm.cdf is off by about 1e-13 (x = -37), more than KeyBench's, so the tight check is against mpmath.
"""
import json
import sys

import mpmath
import numpy
import scipy
import statsmodels
from scipy.stats import binomtest, norm
from statsmodels.stats.multitest import multipletests

# Exact McNemar = two-sided binomial test of one discordant count in b + c trials, p = 1/2.
MCNEMAR_PAIRS = [
    (0, 1), (1, 9), (0, 5), (5, 5), (10, 0), (3, 4), (7, 20), (20, 35), (100, 130),
    (100, 300), (480, 520), (1000, 1100), (3000, 3200), (49000, 51000),
    (499000, 501000), (1999000, 2001000),
]

HOLM_VECTORS = [
    [0.01, 0.04, 0.03, 0.005],
    [0.2, 0.001, 0.5, 0.04, 0.04, 0.9, 0.012],
    [0.3, 0.6, 0.02, 0.7],
]

QUANTILE_POINTS = [1e-300, 1e-15, 1e-10, 1e-4, 0.001, 0.025, 0.1, 0.3, 0.5, 0.8, 0.975, 0.999, 1 - 1e-10]
CDF_POINTS = [-37.0, -8.0, -3.0, -1.96, -1.0, 0.0, 0.5, 1.6448536269514722, 3.0, 8.0]


def exact_quantile(p):
    """The x with Phi(x) = p to 40 digits, by root finding from scipy's value."""
    mpmath.mp.dps = 40
    target = mpmath.mpf(p)
    return float(mpmath.findroot(lambda x: mpmath.ncdf(x) - target, mpmath.mpf(float(norm.ppf(p)))))


def exact_cdf(x):
    mpmath.mp.dps = 40
    return float(mpmath.ncdf(mpmath.mpf(x)))


def main():
    reference = {
        "generatedBy": "/tmp/statsvenv/bin/python Tests/KeyBenchResultsTests/Fixtures/make-reference.py"
        " > Tests/KeyBenchResultsTests/Fixtures/statistics-reference.json",
        "versions": {
            "python": sys.version.split()[0],
            "numpy": numpy.__version__,
            "scipy": scipy.__version__,
            "statsmodels": statsmodels.__version__,
            "mpmath": mpmath.__version__,
        },
        "mcnemar": [
            {"onlyA": b, "onlyB": c, "pValue": float(binomtest(min(b, c), b + c, 0.5).pvalue) if b + c > 0 else 1.0}
            for b, c in MCNEMAR_PAIRS
        ],
        "holm": [
            {"pValues": p, "adjusted": [float(x) for x in multipletests(p, method="holm")[1]]}
            for p in HOLM_VECTORS
        ],
        "normalQuantile": [{"p": p, "x": float(norm.ppf(p)), "exact": exact_quantile(p)} for p in QUANTILE_POINTS],
        "normalCDF": [{"x": x, "p": float(norm.cdf(x)), "exact": exact_cdf(x)} for x in CDF_POINTS],
    }
    json.dump(reference, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
