"""The league over a season of plays: standings, ratings, head-to-head records, streaks and the chart.

``standings`` counts the figures (pure); ``ratings``, ``versus`` and ``streaks`` add what
``standings``' options ask for; ``chart`` draws the season. Only ``ratings`` and ``chart``
import a library beyond the standard one (openskill, matplotlib), each when its option runs.
"""
