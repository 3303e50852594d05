print("alertdispatch-bench: not written yet")
