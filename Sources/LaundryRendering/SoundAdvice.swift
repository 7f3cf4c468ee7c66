import LaundryControl

/// What to do when laundry cannot make a sound.
public enum SoundAdvice {
    public static func missing(_ environment: [String: String]) -> String {
        guard let socket = SoundCheck.serverSocket(environment: environment),
            SoundCheck.serverAnswers(at: socket)
        else {
            return "no sound server answers: start PulseAudio or PipeWire (pipewire-pulse) in your session"
        }
        guard SoundCheck.themeSound(environment: environment) != nil else {
            return "the sound theme is missing: install sound-theme-freedesktop"
        }
        return "install libgsound0 and sound-theme-freedesktop"
    }
}
