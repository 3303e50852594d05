print("alertsim: not written yet")
