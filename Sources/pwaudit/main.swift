print("pwaudit: under construction")
