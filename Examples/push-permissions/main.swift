import AlertDispatchKit
import AlertDispatchSimulator

print("placeholder")
