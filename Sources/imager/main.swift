print("imager")
