// MotionPresets: the seeds animations as one-line calls (issue "Presets").
@_exported import MotionKernel

