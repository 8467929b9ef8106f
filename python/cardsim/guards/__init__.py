"""Guards at the package's outer edges: optional packages named by their extra,
files read within a cap, memory checked before a large allocation, and outside
text shown safely.

Nothing here imports the rest of the package, so every other wing may import it.
"""
