"""matplotlib's pyplot, for the plots of the corpus statistics, the eval reports and training runs.

Imported when a plot is drawn, never when a module that can draw one is imported: pyplot takes a second
or more to import, and the web app, the CLIs and the tests load those modules far more often than they
draw. The Agg backend needs no display.
"""

from __future__ import annotations


def pyplot():
    """``matplotlib.pyplot`` on the Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt
