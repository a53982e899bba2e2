import ImagerCore
