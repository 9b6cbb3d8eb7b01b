// MotionPresets: the everyday app animations as one-line calls (`Preset`), their composition
// (`Animation`), a registry for the command line (`PresetRegistry`) and the interactive
// `Animator` with UIViewPropertyAnimator semantics. Everything computes in Double.
@_exported import MotionKernel
