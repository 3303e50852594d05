print("alertdispatch-stress: not written yet")
