import LaundryControl

/// What to do when laundry cannot make a sound, from what `SoundCheck.probe` found.
public enum SoundAdvice {
    public static func missing(_ finding: SoundCheck.Finding) -> String {
        switch finding {
        case .noServer: return "no sound server answers: start PulseAudio or PipeWire (pipewire-pulse) in your session"
        case .noTheme: return "the sound theme is missing: install sound-theme-freedesktop"
        case .serverAndTheme: return "install libgsound0 and sound-theme-freedesktop"
        }
    }
}
